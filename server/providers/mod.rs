//! Everything outside the bank, behind traits with sandbox implementations (DESIGN.md §6).
pub mod acquirer;
pub mod addresses;
pub mod bank_directory;
pub mod card_network;
pub mod companies;
pub mod identity;
pub mod lending;
pub mod merchant_acquiring;
pub mod notify;
pub mod payee_check;
pub mod rails;
pub mod rates;
pub mod sandbox_payments;
pub mod sandbox_token;
pub mod twilio;
