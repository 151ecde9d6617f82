//! Accounts (DESIGN.md §1): money in integer minor units, the double-entry rules of the ledger
//! (an entry is accepted only when its postings balance per currency), the identifiers accounts
//! are paid by, their statuses, and the statement formats. Free of SQL; the store books.

pub mod entry;
pub mod identifiers;
pub mod money;
pub mod statements;
pub mod status;
pub mod transaction_kinds;
