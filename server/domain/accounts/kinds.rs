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

impl TransactionType {
    /// A stored type this code does not know is shown as SPEC's own `unknown`.
    pub fn stored(text: &str) -> Self {
        Self::parse(text).unwrap_or(Self::Unknown)
    }
}

impl TransactionStatus {
    /// A stored status this code does not know is shown as pending, never as settled.
    pub fn stored(text: &str) -> Self {
        Self::parse(text).unwrap_or(Self::Pending)
    }
}
