//! Invoices (SPEC §3 Invoice, §5 invoice checks, §9 defaults; issue 29): what an invoice adds
//! up to, and the creditor reference a payer quotes so the bank can match the payment to it.

pub mod document;
pub mod epc_qr;
pub mod invoice;
pub mod matching;
pub mod partner;
pub mod pdf;
pub mod reference;
pub mod totals;
pub mod ubl;
