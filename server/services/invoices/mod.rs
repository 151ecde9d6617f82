//! Invoicing (issue 29): a business's contractors and clients, the invoices it sends them, the
//! credit notes that correct them, and the payments that settle them.

pub mod documents;
pub mod drafts;
pub mod matching;
pub mod partners;
pub mod sending;
