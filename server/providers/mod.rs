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

/// The outside parties as the back office's dashboard names them (issue 33 point 6).
pub mod party {
    pub const CLEARBANK_PAYMENTS: &str = "ClearBank payments";
    pub const CLEARBANK_NAME_CHECKS: &str = "ClearBank name checks";
    pub const CLEARBANK_ACCOUNT_NAMES: &str = "ClearBank account names";
    pub const TWILIO: &str = "Twilio texts";
    pub const IDEAL_POSTCODES: &str = "Ideal Postcodes";
    pub const COMPANIES_HOUSE: &str = "Companies House";
    pub const CHECKOUT_COM: &str = "Checkout.com card payments";
}
