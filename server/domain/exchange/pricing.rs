//! How a quote is priced, exactly and stated:
//!
//! - The customer's rate is the mid-market rate less the bank's spread for the pair, rounded
//!   *down* to 6 significant digits: the rate shown is the rate used, and rounding never favours
//!   the bank's customer at the bank's expense by more than the spread says, nor the other way.
//! - Amounts are minor units (every currency here has two minor digits, so a minor unit of one
//!   times the rate is minor units of the other).
//! - Direct (the amount leaves): the customer receives `floor(amount × rate)`.
//! - Inverse (the amount arrives): the customer pays `ceil(amount ÷ rate)`, the smallest amount
//!   that buys what they asked for at the rate.
//!
//! Either way `received ≤ paid × rate`: the customer is never credited more than the rate gives.

use std::collections::BTreeMap;

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::{Decimal, RoundingStrategy};

use super::ConversionType;
use crate::domain::accounts::money::Currency;

/// Significant digits of a customer's rate.
pub const RATE_DIGITS: u32 = 6;

/// The bank's margin per currency pair, as a fraction of the mid-market rate (0.005 = 0.5 %).
#[derive(Debug, Clone, PartialEq)]
pub struct Spreads {
    default: Decimal,
    pairs: BTreeMap<(Currency, Currency), Decimal>,
}

impl Spreads {
    /// 0.5 % between the major currencies; 1.5 % for a pair with the lek, a thinner market.
    pub fn defaults() -> Self {
        let mut spreads = Self {
            default: Decimal::new(5, 3),
            pairs: BTreeMap::new(),
        };
        for other in Currency::EVERY {
            if other != Currency::All {
                spreads.set(Currency::All, other, Decimal::new(15, 3));
                spreads.set(other, Currency::All, Decimal::new(15, 3));
            }
        }
        spreads
    }

    /// A spread must lie in [0, 0.2): more would be a configuration mistake, not a price.
    pub fn valid(spread: Decimal) -> bool {
        !spread.is_sign_negative() && spread < Decimal::new(2, 1)
    }

    pub fn set(&mut self, from: Currency, to: Currency, spread: Decimal) {
        self.pairs.insert((from, to), spread);
    }

    pub fn set_default(&mut self, spread: Decimal) {
        self.default = spread;
    }

    pub fn of(&self, from: Currency, to: Currency) -> Decimal {
        self.pairs.get(&(from, to)).copied().unwrap_or(self.default)
    }
}

/// The customer's rate: mid less spread, rounded down to `RATE_DIGITS` significant digits.
pub fn customer_rate(mid: Decimal, spread: Decimal) -> Option<Decimal> {
    let rate = mid.checked_mul(Decimal::ONE.checked_sub(spread)?)?;
    let rate = rate.round_sf_with_strategy(RATE_DIGITS, RoundingStrategy::ToZero)?;
    (rate > Decimal::ZERO).then_some(rate)
}

/// Both sides of a conversion, in minor units.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Priced {
    pub from_amount: i64,
    pub to_amount: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PriceError {
    /// The other side would be less than one minor unit.
    #[error("the amount is too small to convert")]
    TooSmall,
    #[error("the amount is too large to convert")]
    TooLarge,
}

/// Prices `amount` (minor units, positive) at `rate` in the given direction.
pub fn price(kind: ConversionType, amount: i64, rate: Decimal) -> Result<Priced, PriceError> {
    let amount_d = Decimal::from(amount);
    let (from_amount, to_amount) = match kind {
        ConversionType::Direct => {
            let to = amount_d
                .checked_mul(rate)
                .ok_or(PriceError::TooLarge)?
                .floor();
            (amount, to.to_i64().ok_or(PriceError::TooLarge)?)
        }
        ConversionType::Inverse => {
            let from = amount_d
                .checked_div(rate)
                .ok_or(PriceError::TooLarge)?
                .ceil();
            (from.to_i64().ok_or(PriceError::TooLarge)?, amount)
        }
    };
    if from_amount < 1 || to_amount < 1 {
        return Err(PriceError::TooSmall);
    }
    debug_assert!(Decimal::from(to_amount) <= Decimal::from(from_amount) * rate);
    Ok(Priced {
        from_amount,
        to_amount,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::str::FromStr;

    fn d(text: &str) -> Decimal {
        Decimal::from_str(text).unwrap()
    }

    #[test]
    fn the_rate_is_mid_less_spread_rounded_down() {
        assert_eq!(
            customer_rate(d("1.18224271443"), d("0.005")),
            Some(d("1.17633"))
        );
        assert_eq!(
            customer_rate(d("0.0088801"), d("0.015")),
            Some(d("0.00874689"))
        );
        assert_eq!(customer_rate(d("1"), d("1")), None);
    }

    #[test]
    fn direct_floors_what_arrives_and_inverse_ceils_what_leaves() {
        // £100.00 at 1.17633 is €117.633: the customer gets €117.63.
        assert_eq!(
            price(ConversionType::Direct, 10_000, d("1.17633")),
            Ok(Priced {
                from_amount: 10_000,
                to_amount: 11_763
            })
        );
        // €117.63 costs £99.9974…: the customer pays £100.00.
        assert_eq!(
            price(ConversionType::Inverse, 11_763, d("1.17633")),
            Ok(Priced {
                from_amount: 10_000,
                to_amount: 11_763
            })
        );
        assert_eq!(
            price(ConversionType::Direct, 1, d("0.5")),
            Err(PriceError::TooSmall)
        );
        assert_eq!(
            price(ConversionType::Direct, i64::MAX, d("112.5")),
            Err(PriceError::TooLarge)
        );
    }

    #[test]
    fn the_lek_has_a_wider_spread_than_the_majors() {
        let spreads = Spreads::defaults();
        assert_eq!(spreads.of(Currency::Gbp, Currency::Eur), d("0.005"));
        assert_eq!(spreads.of(Currency::Gbp, Currency::All), d("0.015"));
        assert_eq!(spreads.of(Currency::All, Currency::Usd), d("0.015"));
    }

    proptest! {
        /// Whatever the amount, rate and direction, the customer never receives more than the
        /// rate gives for what they pay, and never pays more than one minor unit over it.
        #[test]
        fn no_quote_creates_money(
            amount in 1i64..10_000_000_000,
            mantissa in 1i64..999_999,
            scale in 0u32..8,
            inverse in any::<bool>(),
        ) {
            let rate = Decimal::new(mantissa, scale);
            let kind = if inverse { ConversionType::Inverse } else { ConversionType::Direct };
            if let Ok(p) = price(kind, amount, rate) {
                let worth = Decimal::from(p.from_amount) * rate;
                prop_assert!(Decimal::from(p.to_amount) <= worth);
                prop_assert!(worth - Decimal::from(p.to_amount) < Decimal::ONE.max(rate));
                match kind {
                    ConversionType::Direct => prop_assert_eq!(p.from_amount, amount),
                    ConversionType::Inverse => prop_assert_eq!(p.to_amount, amount),
                }
            }
        }
    }
}
