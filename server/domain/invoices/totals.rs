//! What an invoice adds up to, computed in this one place for the form's preview, the PDF, the
//! e-invoice and the payment matching alike.
//!
//! Rounding, stated once: each line (hours × price) is rounded to the penny; the subtotal is the
//! sum of the rounded lines; a percent discount is taken off the subtotal and rounded to the
//! penny; VAT is charged on what is left after the discount (HMRC: VAT is due on the discounted
//! price) and rounded to the penny; the total is that net plus VAT. Every rounding is to the
//! nearest penny with halves away from zero, as HMRC allows for invoice totals. Amounts come
//! in as exact decimals and leave as integer minor units: no floating point anywhere.

use rust_decimal::{Decimal, RoundingStrategy};

/// SPEC §9: the VAT rate an invoice starts with, in percent.
pub const DEFAULT_VAT_PERCENT: u32 = 20;

/// One line of an invoice: hours (or units) at a price each.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Line {
    pub quantity: Decimal,
    pub price: Decimal,
}

/// SPEC §3 discount types: an amount off the subtotal, or a percentage of it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Discount {
    None,
    FixedAmount(Decimal),
    Percent(Decimal),
}

/// An invoice's figures in minor units of its currency.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Totals {
    /// Each line's net, in the lines' order.
    pub lines: Vec<i64>,
    pub subtotal: i64,
    pub discount: i64,
    /// After the discount: what VAT is charged on.
    pub net: i64,
    pub vat: i64,
    pub total: i64,
}

/// Why an invoice's figures cannot be made (SPEC §5 invoice checks that concern amounts).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TotalsError {
    /// No line, or lines adding up to nothing or less ('items total not positive').
    NotPositive,
    /// A negative hour count or price.
    NegativeLine,
    /// A fixed discount above the subtotal.
    DiscountAboveTotal,
    /// A percent discount over 100, or any discount below zero.
    DiscountOutOfRange,
    /// A VAT rate below zero or over 100.
    VatOutOfRange,
    /// Figures beyond what a bank account holds.
    TooLarge,
}

impl TotalsError {
    /// The message the form and the API show (SPEC §5 where it gives one).
    pub fn message(self) -> &'static str {
        match self {
            Self::NotPositive => "The items' total must be above zero",
            Self::NegativeLine => "Hours and prices cannot be negative",
            Self::DiscountAboveTotal => "Discount is bigger than items totals",
            Self::DiscountOutOfRange => "The discount must be between 0 and 100%",
            Self::VatOutOfRange => "The VAT rate must be between 0 and 100%",
            Self::TooLarge => "The amounts are too large",
        }
    }
}

const HUNDRED: Decimal = Decimal::ONE_HUNDRED;

/// Major units to minor units, rounded to the penny (halves away from zero).
fn pennies(major: Decimal) -> Result<i64, TotalsError> {
    let minor = major
        .checked_mul(HUNDRED)
        .ok_or(TotalsError::TooLarge)?
        .round_dp_with_strategy(0, RoundingStrategy::MidpointAwayFromZero);
    i64::try_from(minor).map_err(|_| TotalsError::TooLarge)
}

/// `part` percent of `minor` minor units, rounded to the penny.
fn percent_of(minor: i64, part: Decimal) -> Result<i64, TotalsError> {
    let value = Decimal::from(minor)
        .checked_mul(part)
        .ok_or(TotalsError::TooLarge)?
        / HUNDRED;
    i64::try_from(value.round_dp_with_strategy(0, RoundingStrategy::MidpointAwayFromZero))
        .map_err(|_| TotalsError::TooLarge)
}

/// The figures of an invoice with these lines, discount and VAT rate (None: VAT not applied).
pub fn totals(
    lines: &[Line],
    discount: Discount,
    vat_percent: Option<Decimal>,
) -> Result<Totals, TotalsError> {
    let nets = lines
        .iter()
        .map(|line| {
            if line.quantity.is_sign_negative() || line.price.is_sign_negative() {
                return Err(TotalsError::NegativeLine);
            }
            pennies(
                line.quantity
                    .checked_mul(line.price)
                    .ok_or(TotalsError::TooLarge)?,
            )
        })
        .collect::<Result<Vec<i64>, _>>()?;
    let subtotal = nets
        .iter()
        .try_fold(0i64, |sum, net| sum.checked_add(*net))
        .ok_or(TotalsError::TooLarge)?;
    if subtotal <= 0 {
        return Err(TotalsError::NotPositive);
    }
    let discount = match discount {
        Discount::None => 0,
        Discount::FixedAmount(amount) if amount.is_sign_negative() => {
            return Err(TotalsError::DiscountOutOfRange)
        }
        Discount::FixedAmount(amount) => {
            let off = pennies(amount)?;
            if off > subtotal {
                return Err(TotalsError::DiscountAboveTotal);
            }
            off
        }
        Discount::Percent(part) if part.is_sign_negative() || part > HUNDRED => {
            return Err(TotalsError::DiscountOutOfRange)
        }
        Discount::Percent(part) => percent_of(subtotal, part)?,
    };
    let net = subtotal - discount;
    let vat = match vat_percent {
        None => 0,
        Some(rate) if rate.is_sign_negative() || rate > HUNDRED => {
            return Err(TotalsError::VatOutOfRange)
        }
        Some(rate) => percent_of(net, rate)?,
    };
    Ok(Totals {
        lines: nets,
        subtotal,
        discount,
        net,
        vat,
        total: net.checked_add(vat).ok_or(TotalsError::TooLarge)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn d(text: &str) -> Decimal {
        text.parse().unwrap()
    }

    fn line(quantity: &str, price: &str) -> Line {
        Line {
            quantity: d(quantity),
            price: d(price),
        }
    }

    #[test]
    fn hours_at_a_price_less_a_discount_plus_vat() {
        let figures = totals(
            &[line("7.5", "85.00"), line("2", "120.50")],
            Discount::Percent(d("10")),
            Some(Decimal::from(DEFAULT_VAT_PERCENT)),
        )
        .unwrap();
        assert_eq!(figures.lines, [63_750, 24_100]);
        assert_eq!(figures.subtotal, 87_850);
        assert_eq!(figures.discount, 8_785);
        assert_eq!(figures.net, 79_065);
        assert_eq!(figures.vat, 15_813);
        assert_eq!(figures.total, 94_878);
    }

    #[test]
    fn each_rounding_is_to_the_nearest_penny_halves_away_from_zero() {
        // 1.5 hours at £0.33 is 49.5p: 50p.
        let one = totals(&[line("1.5", "0.33")], Discount::None, None).unwrap();
        assert_eq!(one.lines, [50]);
        // 20% VAT on £0.125 worth of net cannot happen (nets are whole pennies), but on 53p
        // it is 10.6p: 11p.
        let vat = totals(&[line("1", "0.53")], Discount::None, Some(d("20"))).unwrap();
        assert_eq!((vat.vat, vat.total), (11, 64));
        // 12.5% off £1.00 is 12.5p: 13p.
        let off = totals(&[line("1", "1")], Discount::Percent(d("12.5")), None).unwrap();
        assert_eq!((off.discount, off.net), (13, 87));
    }

    #[test]
    fn spec_checks_on_the_amounts() {
        let one = [line("1", "100")];
        assert_eq!(
            totals(&one, Discount::FixedAmount(d("100.01")), None),
            Err(TotalsError::DiscountAboveTotal)
        );
        assert_eq!(
            TotalsError::DiscountAboveTotal.message(),
            "Discount is bigger than items totals"
        );
        assert_eq!(
            totals(&one, Discount::Percent(d("100.5")), None),
            Err(TotalsError::DiscountOutOfRange)
        );
        assert_eq!(
            totals(&[], Discount::None, None),
            Err(TotalsError::NotPositive)
        );
        assert_eq!(
            totals(&[line("0", "100")], Discount::None, None),
            Err(TotalsError::NotPositive)
        );
        assert_eq!(
            totals(&[line("-1", "100")], Discount::None, None),
            Err(TotalsError::NegativeLine)
        );
        // A discount of the whole subtotal leaves nothing to pay, which is allowed.
        let free = totals(&one, Discount::FixedAmount(d("100")), Some(d("20"))).unwrap();
        assert_eq!((free.net, free.vat, free.total), (0, 0, 0));
        assert_eq!(
            totals(&[line("1e20", "1e20")], Discount::None, None),
            Err(TotalsError::TooLarge)
        );
    }

    fn money() -> impl Strategy<Value = Decimal> {
        (0i64..10_000_000).prop_map(|pence| Decimal::new(pence, 2))
    }

    fn hours() -> impl Strategy<Value = Decimal> {
        (0i64..100_000).prop_map(|hundredths| Decimal::new(hundredths, 2))
    }

    proptest! {
        /// Whatever the lines and discount: the discount is never above the subtotal, VAT is
        /// the rate on the discounted net to the penny, and the figures add up exactly.
        #[test]
        fn the_figures_always_add_up(
            lines in proptest::collection::vec((hours(), money()), 1..8),
            percent in 0i64..=10_000,
            fixed in money(),
            use_percent in any::<bool>(),
            vat in proptest::option::of(0i64..=100),
        ) {
            let lines: Vec<Line> = lines.into_iter().map(|(quantity, price)| Line { quantity, price }).collect();
            let discount = if use_percent { Discount::Percent(Decimal::new(percent, 2)) } else { Discount::FixedAmount(fixed) };
            let vat = vat.map(Decimal::from);
            match totals(&lines, discount, vat) {
                Ok(t) => {
                    prop_assert_eq!(t.lines.iter().sum::<i64>(), t.subtotal);
                    prop_assert!(t.discount >= 0 && t.discount <= t.subtotal);
                    prop_assert_eq!(t.net, t.subtotal - t.discount);
                    let exact = Decimal::from(t.net) * vat.unwrap_or_default() / Decimal::ONE_HUNDRED;
                    prop_assert!((Decimal::from(t.vat) - exact).abs() <= Decimal::new(5, 1));
                    prop_assert_eq!(t.total, t.net + t.vat);
                }
                Err(TotalsError::DiscountAboveTotal) => {
                    let subtotal: Decimal = lines.iter().map(|l| (l.quantity * l.price).round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero)).sum();
                    prop_assert!(!use_percent && fixed > subtotal);
                }
                Err(TotalsError::NotPositive) => {
                    prop_assert!(lines.iter().all(|l| (l.quantity * l.price).round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero).is_zero()));
                }
                Err(other) => prop_assert!(false, "unexpected {:?}", other),
            }
        }
    }
}
