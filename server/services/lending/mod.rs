//! Finance through the bank (issue 30): applications to a lender, what is shared with it with
//! the person's consent, and the lender's decisions, which move an application and pay an
//! approved one into the business's GBP account through the ledger.

pub mod decisions;
pub mod factoring;
pub mod loans;
pub mod merchant;
pub mod mortgage;
pub mod notices;
pub mod prefill;
