//! Mid-market rates as the providers give them: every currency against the euro (as the ECB
//! publishes them), from which any pair is one division. Decimals, never floating point.

use std::collections::BTreeMap;

use rust_decimal::{Decimal, RoundingStrategy};

use crate::domain::accounts::money::Currency;

/// Units of each currency one euro buys, as of a moment.
#[derive(Debug, Clone, PartialEq)]
pub struct RateTable {
    /// What the provider says the rates are for: the ECB's reference day, or the sandbox's
    /// instant.
    pub as_of: String,
    per_eur: BTreeMap<Currency, Decimal>,
}

/// Significant digits a cross rate keeps: more than any quote shows, so the pair's rate does not
/// lose the precision of the two euro rates it comes from.
const CROSS_DIGITS: u32 = 12;

impl RateTable {
    /// A table from euro rates; the euro itself is always 1. Rates that are not positive are
    /// left out (a provider's mistake must not price anything).
    pub fn new(as_of: String, rates: impl IntoIterator<Item = (Currency, Decimal)>) -> Self {
        let mut per_eur: BTreeMap<Currency, Decimal> = rates
            .into_iter()
            .filter(|(_, rate)| rate.is_sign_positive() && !rate.is_zero())
            .collect();
        per_eur.insert(Currency::Eur, Decimal::ONE);
        Self { as_of, per_eur }
    }

    pub fn per_eur(&self, currency: Currency) -> Option<Decimal> {
        self.per_eur.get(&currency).copied()
    }

    /// Units of `to` that one unit of `from` buys at mid-market, when both are known.
    pub fn mid(&self, from: Currency, to: Currency) -> Option<Decimal> {
        let from_rate = self.per_eur(from)?;
        let to_rate = self.per_eur(to)?;
        to_rate
            .checked_div(from_rate)?
            .round_sf_with_strategy(CROSS_DIGITS, RoundingStrategy::MidpointNearestEven)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn d(text: &str) -> Decimal {
        Decimal::from_str(text).unwrap()
    }

    #[test]
    fn a_pair_is_one_division_of_two_euro_rates() {
        let table = RateTable::new(
            "2022-07-08".into(),
            [(Currency::Gbp, d("0.84585")), (Currency::Usd, d("1.0163"))],
        );
        assert_eq!(table.mid(Currency::Eur, Currency::Gbp), Some(d("0.84585")));
        assert_eq!(
            table.mid(Currency::Gbp, Currency::Eur),
            Some(d("1.18224271443"))
        );
        assert_eq!(
            table.mid(Currency::Gbp, Currency::Usd),
            Some(d("1.20151327067"))
        );
        assert_eq!(table.mid(Currency::Gbp, Currency::All), None);
    }

    #[test]
    fn a_rate_that_is_not_positive_is_left_out() {
        let table = RateTable::new("x".into(), [(Currency::Chf, Decimal::ZERO)]);
        assert_eq!(table.per_eur(Currency::Chf), None);
        assert_eq!(table.per_eur(Currency::Eur), Some(Decimal::ONE));
    }
}
