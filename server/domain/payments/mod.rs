//! Payments (DESIGN.md areas): recipients and the identifiers that name a payee's account.

pub mod approval;
pub mod bic;
pub mod fees;
pub mod payee;
pub mod recipient;
