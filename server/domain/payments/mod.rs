//! Payments (DESIGN.md areas): recipients, the identifiers that name a payee's account, and
//! transfers: their checks, approval, limits, ISO 20022 messages and settlement.

pub mod approval;
pub mod arrival;
pub mod attachment;
pub mod bic;
pub mod fees;
pub mod iso20022;
pub mod limits;
pub mod payee;
pub mod payee_account;
pub mod payee_check;
pub mod receiver;
pub mod recipient;
pub mod request;
pub mod second_approval;
pub mod settlement;
pub mod transfer;
