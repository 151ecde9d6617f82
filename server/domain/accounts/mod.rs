//! Customers' bank accounts: their identifiers, statuses and the order the app shows them in.

pub mod identifiers;
pub mod status;
