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
        let (per_transfer, daily) = self.of(currency);
        within(per_transfer, daily, amount, sent_today)
    }

    /// As [`check`](Self::check), with the profile's own limits in the currency, if it has
    /// them, in place of the bank's.
    pub fn check_for(
        &self,
        own: Option<OwnLimit>,
        currency: Currency,
        amount: i64,
        sent_today: i64,
    ) -> Result<(), Breach> {
        match own {
            Some(own) => within(Some(own.per_transfer), Some(own.daily), amount, sent_today),
            None => self.check(currency, amount, sent_today),
        }
    }

    /// The bank's limits in a currency: (per transfer, a day).
    pub fn of(&self, currency: Currency) -> (Option<i64>, Option<i64>) {
        (
            self.per_transfer.get(&currency).copied(),
            self.daily.get(&currency).copied(),
        )
    }
}

fn within(
    per_transfer: Option<i64>,
    daily: Option<i64>,
    amount: i64,
    sent_today: i64,
) -> Result<(), Breach> {
    if let Some(limit) = per_transfer {
        if amount > limit {
            return Err(Breach::PerTransfer(limit));
        }
    }
    if let Some(limit) = daily {
        if sent_today.saturating_add(amount) > limit {
            return Err(Breach::Daily(limit));
        }
    }
    Ok(())
}

/// A profile's own limits in one currency (issue 32 point 2), set by operations with four eyes
/// when a customer needs more (or less) than the bank's: they replace the bank's in that
/// currency.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OwnLimit {
    pub per_transfer: i64,
    pub daily: i64,
}

/// The most any profile may be allowed to send in a day, in minor units: a typo cannot open a
/// profile to more than the bank could cover.
pub const MOST_A_DAY: i64 = 100_000_000_000;

impl OwnLimit {
    /// Limits an operator may set: above nothing, a transfer within the day's limit, a day's
    /// limit within the bank's ceiling.
    pub fn new(per_transfer: i64, daily: i64) -> Result<Self, &'static str> {
        if per_transfer <= 0 || daily <= 0 {
            return Err("Limits must be more than nothing.");
        }
        if per_transfer > daily {
            return Err("A single transfer cannot be allowed more than a whole day.");
        }
        if daily > MOST_A_DAY {
            return Err("That is more than any profile may send in a day.");
        }
        Ok(Self {
            per_transfer,
            daily,
        })
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

    #[test]
    fn a_profiles_own_limits_replace_the_banks_in_their_currency() {
        let limits = TransferLimits::defaults();
        let own = OwnLimit::new(20_000_000, 30_000_000).unwrap();
        assert_eq!(
            limits.check_for(Some(own), Currency::Gbp, 20_000_000, 0),
            Ok(())
        );
        assert_eq!(
            limits.check_for(Some(own), Currency::Gbp, 1, 30_000_000),
            Err(Breach::Daily(30_000_000))
        );
        assert_eq!(
            limits.check_for(None, Currency::Gbp, 20_000_000, 0),
            Err(Breach::PerTransfer(5_000_000))
        );
        assert!(OwnLimit::new(0, 10).is_err());
        assert!(OwnLimit::new(11, 10).is_err());
        assert!(OwnLimit::new(1, MOST_A_DAY + 1).is_err());
    }
}
