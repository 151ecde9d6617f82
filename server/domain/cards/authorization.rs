//! A card payment's life at the bank (issue 14 point 4): the network asks for an authorisation,
//! which is approved (the money held) or declined; the merchant then captures or reverses it,
//! and may later refund part or all of a captured payment.

use super::controls::LimitType;
use crate::domain::accounts::transaction_kinds::TransactionType;

crate::domain::named_enum! {
    /// An authorisation's state; a refund is a row of its own.
    pub enum AuthorizationStatus {
        Pending = "pending",
        Declined = "declined",
        Captured = "captured",
        Reversed = "reversed",
        Refund = "refund",
    }
}

/// How the account's transaction list shows a card payment of this kind.
pub fn row_kind(kind: LimitType) -> TransactionType {
    match kind {
        LimitType::AtmCashWithdrawal => TransactionType::CardWithdrawal,
        _ => TransactionType::CardPurchase,
    }
}

/// The row's text: what the holder recognises on their statement.
pub fn details(kind: LimitType, acceptor_name: &str) -> String {
    match kind {
        LimitType::AtmCashWithdrawal => format!("Cash withdrawal at {acceptor_name}"),
        _ => acceptor_name.to_string(),
    }
}

/// A refund is for a captured payment, of a positive amount up to what is left of it after
/// earlier refunds.
pub fn refund_allowed(
    original: AuthorizationStatus,
    original_amount: i64,
    refunded: i64,
    amount: i64,
) -> bool {
    original == AuthorizationStatus::Captured && amount > 0 && amount <= original_amount - refunded
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refunds_never_exceed_the_captured_payment() {
        use AuthorizationStatus::{Captured, Pending};
        assert!(refund_allowed(Captured, 60_00, 0, 60_00));
        assert!(refund_allowed(Captured, 60_00, 25_00, 35_00));
        assert!(!refund_allowed(Captured, 60_00, 25_00, 35_01));
        assert!(!refund_allowed(Captured, 60_00, 0, 0));
        assert!(!refund_allowed(Pending, 60_00, 0, 10_00));
    }

    #[test]
    fn cash_shows_where_it_was_taken() {
        assert_eq!(
            details(LimitType::AtmCashWithdrawal, "Barclays ATM"),
            "Cash withdrawal at Barclays ATM"
        );
        assert_eq!(
            row_kind(LimitType::OnlinePurchase),
            TransactionType::CardPurchase
        );
    }
}
