//! Currency exchange between a customer's own accounts (SPEC §2 Currency exchange, §3 Exchange
//! quote, §4, §9): mid-market rates, the bank's spread, exact pricing of a quote in minor units,
//! and the business hours in which the bank converts.

pub mod hours;
pub mod pricing;
pub mod rates;

crate::domain::named_enum! {
    /// SPEC §4: direct, the amount is what leaves the paying account; inverse, the amount is
    /// what arrives in the other.
    pub enum ConversionType {
        Direct = "direct",
        Inverse = "inverse",
    }
}

/// SPEC §5 Exchange messages, verbatim.
pub mod messages {
    pub const ACCOUNT_EMPTY: &str = "Current account is empty";
    pub const AMOUNT_MISSING: &str = "Please, select amount to convert";
    pub const AMOUNT_BELOW_MINIMUM: &str = "Please enter an amount not less than 1";
    pub const WRONG_AMOUNT: &str = "Please, select right amount";
    /// Shown by the app when the customer continues before a quote has arrived.
    pub const WAIT_FOR_RATE: &str = "Please, wait for rate result";
    /// SPEC §8: the notice's title when exchange is closed.
    pub const LIMITATION_TITLE: &str = "Currency Exchange Limitation";
    pub const LIMITATION_MESSAGE: &str =
        "Settlement uses live rates on business days 8:30-17:29 UK time.";
}
