//! The sandbox payment schemes' rules (DESIGN.md §6): what happens to a transfer once it has
//! left the customer's account. A real scheme answers with a settlement or a return; the sandbox
//! answers by these documented rules, so every outcome can be tried on a laptop:
//!
//! - a payee name containing `RETURN` (any case) is returned by the payee's bank, "AC04 Account
//!   closed": the money and the fee come back to the payer;
//! - every other transfer settles.
//!
//! UK local transfers settle after `BANK_SETTLEMENT_LOCAL_MS`, SEPA after
//! `BANK_SETTLEMENT_SEPA_MS` and SWIFT after `BANK_SETTLEMENT_SWIFT_MS` (see README).

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Settled,
    Returned(&'static str),
}

pub const ACCOUNT_CLOSED: &str = "AC04 Account closed";

pub fn sandbox_outcome(payee_name: &str) -> Outcome {
    if payee_name.to_ascii_uppercase().contains("RETURN") {
        Outcome::Returned(ACCOUNT_CLOSED)
    } else {
        Outcome::Settled
    }
}

crate::domain::named_enum! {
    /// A transfer's life after submit: pending in the scheme, then completed or returned.
    pub enum TransferStatus {
        Pending = "pending",
        Completed = "completed",
        Returned = "returned",
    }
}

impl TransferStatus {
    /// How the payer's transaction row shows it: a returned transfer's debit is declined (the
    /// money comes back on a refund row of its own).
    pub fn payer_row(self) -> crate::domain::accounts::transaction_kinds::TransactionStatus {
        use crate::domain::accounts::transaction_kinds::TransactionStatus;
        match self {
            Self::Pending => TransactionStatus::Pending,
            Self::Completed => TransactionStatus::Completed,
            Self::Returned => TransactionStatus::Declined,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sandbox_returns_payees_named_return() {
        assert_eq!(sandbox_outcome("Acme Ltd"), Outcome::Settled);
        assert_eq!(
            sandbox_outcome("Please Return Ltd"),
            Outcome::Returned(ACCOUNT_CLOSED)
        );
    }
}
