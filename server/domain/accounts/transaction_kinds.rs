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

crate::domain::named_enum! {
    /// How a transaction's money moved: one of SPEC §2's payment types (UK local, SEPA,
    /// SWIFT), a card payment, or a movement between two accounts of the bank.
    pub enum TransactionScheme {
        Local = "local",
        Sepa = "sepa",
        Swift = "swift",
        Card = "card",
        Internal = "internal",
    }
}

impl From<crate::domain::payments::payee::Scheme> for TransactionScheme {
    fn from(scheme: crate::domain::payments::payee::Scheme) -> Self {
        use crate::domain::payments::payee::Scheme;
        match scheme {
            Scheme::Local => Self::Local,
            Scheme::Sepa => Self::Sepa,
            Scheme::Swift => Self::Swift,
        }
    }
}
