//! How much a profile may send (issue 11 point 6): a limit per transfer and a limit per day
//! (Europe/London), per currency of the paying account, from configuration.

use std::collections::BTreeMap;

use crate::domain::accounts::money::{self, Currency};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransferLimits {
    per_transfer: BTreeMap<Currency, i64>,
    daily: BTreeMap<Currency, i64>,
}

/// Which limit a transfer would break, with the limit in minor units.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Breach {
    PerTransfer(i64),
    Daily(i64),
}

impl TransferLimits {
    /// £50,000 a transfer and £100,000 a day, and about as much in the other currencies.
    pub fn defaults() -> Self {
        let mut limits = Self {
            per_transfer: BTreeMap::new(),
            daily: BTreeMap::new(),
        };
        for (currency, per_transfer, daily) in [
            (Currency::Gbp, 5_000_000, 10_000_000),
            (Currency::Eur, 6_000_000, 12_000_000),
            (Currency::Usd, 6_000_000, 12_000_000),
            (Currency::Chf, 6_000_000, 12_000_000),
            (Currency::All, 600_000_000, 1_200_000_000),
        ] {
            limits.per_transfer.insert(currency, per_transfer);
            limits.daily.insert(currency, daily);
        }
        limits
    }

    pub fn set_per_transfer(&mut self, currency: Currency, minor: i64) {
        self.per_transfer.insert(currency, minor);
    }

    pub fn set_daily(&mut self, currency: Currency, minor: i64) {
        self.daily.insert(currency, minor);
    }

    /// Whether `amount` may go, when `sent_today` has already left today in that currency.
    pub fn check(&self, currency: Currency, amount: i64, sent_today: i64) -> Result<(), Breach> {
        if let Some(limit) = self.per_transfer.get(&currency) {
            if amount > *limit {
                return Err(Breach::PerTransfer(*limit));
            }
        }
        if let Some(limit) = self.daily.get(&currency) {
            if sent_today.saturating_add(amount) > *limit {
                return Err(Breach::Daily(*limit));
            }
        }
        Ok(())
    }
}

impl Breach {
    /// SPEC §8 `limit_exceeded`: the notice dialog's message.
    pub fn message(self, currency: Currency) -> String {
        match self {
            Breach::PerTransfer(limit) => format!(
                "A single transfer can be at most {}. Please send a smaller amount.",
                money::display(limit, currency)
            ),
            Breach::Daily(limit) => format!(
                "Transfers from this profile can total at most {} a day. Please send a smaller \
                 amount or try again tomorrow.",
                money::display(limit, currency)
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_transfer_stays_within_both_limits() {
        let limits = TransferLimits::defaults();
        assert_eq!(limits.check(Currency::Gbp, 5_000_000, 0), Ok(()));
        assert_eq!(
            limits.check(Currency::Gbp, 5_000_001, 0),
            Err(Breach::PerTransfer(5_000_000))
        );
        assert_eq!(limits.check(Currency::Gbp, 5_000_000, 5_000_000), Ok(()));
        assert_eq!(
            limits.check(Currency::Gbp, 1, 10_000_000),
            Err(Breach::Daily(10_000_000))
        );
        assert_eq!(
            Breach::Daily(10_000_000).message(Currency::Gbp),
            "Transfers from this profile can total at most £100,000.00 a day. Please send a \
             smaller amount or try again tomorrow."
        );
    }
}
