//! Invoicing (issue 29): a business's contractors and clients, and the invoices it sends them.

pub mod drafts;
pub mod partners;
