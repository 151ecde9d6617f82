//! SPEC §3 transaction types and statuses, as closed sets.

crate::domain::named_enum! {
    pub enum TransactionType {
        Unknown = "unknown",
        Transfer = "transfer",
        Fee = "fee",
        CurrencyExchange = "currency_exchange",
        CardPurchase = "card_purchase",
        CardRefund = "card_refund",
        CardWithdrawal = "card_withdrawal",
        CardWithdrawalReversal = "card_withdrawal_reversal",
        CardFee = "card_fee",
        CardTransfer = "card_transfer",
        None = "none",
        Deposit = "deposit",
        Refund = "refund",
        SystemDeposit = "system_deposit",
        Recall = "recall",
        CardQuasiCash = "card_quasi_cash",
        Cashback = "cashback",
        Interest = "interest",
        Withdrawal = "withdrawal",
        Interledger = "interledger",
        CardTopup = "card_topup",
    }
}

crate::domain::named_enum! {
    pub enum TransactionStatus {
        Approved = "approved",
        Pending = "pending",
        Completed = "completed",
        Declined = "declined",
        Refunded = "refunded",
    }
}

/// For a new row built with `..Default::default()`: every booking names its own type and
/// status, and the defaults are the safe readings (`unknown`, `pending`).
// `named_enum!` takes no per-variant attributes, so `#[default]` cannot be derived.
#[allow(clippy::derivable_impls)]
impl Default for TransactionType {
    fn default() -> Self {
        Self::Unknown
    }
}

#[allow(clippy::derivable_impls)]
impl Default for TransactionStatus {
    fn default() -> Self {
        Self::Pending
    }
}
