//! What a transfer costs, per scheme and currency (from configuration, `GET /v1/utils/fees`),
//! and which scheme carries it: SPEC §6 scheme availability (SEPA only from EUR, UK local only
//! from GBP, SWIFT from any).

use std::collections::BTreeMap;

use super::payee::Scheme;
use crate::domain::accounts::money::Currency;

/// Countries in the SEPA scheme (the EEA, plus the non-EEA members), for routing a EUR payment.
const SEPA_COUNTRIES: &str =
    "AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE \
IS LI NO CH GB MC SM VA AD AL MD ME MK";

pub fn in_sepa(country: &str) -> bool {
    SEPA_COUNTRIES.split_whitespace().any(|c| c == country)
}

/// Fees in minor units per (scheme, currency).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeeTable(BTreeMap<(Scheme, Currency), i64>);

impl FeeTable {
    /// The bank's published prices: UK local 20p, SEPA 50 cents, SWIFT 15 in GBP and EUR,
    /// 20 in USD and CHF, 1,500 ALL.
    pub fn defaults() -> Self {
        let mut table = BTreeMap::new();
        table.insert((Scheme::Local, Currency::Gbp), 20);
        table.insert((Scheme::Sepa, Currency::Eur), 50);
        for (currency, fee) in [
            (Currency::Gbp, 1500),
            (Currency::Eur, 1500),
            (Currency::Usd, 2000),
            (Currency::Chf, 2000),
            (Currency::All, 150_000),
        ] {
            table.insert((Scheme::Swift, currency), fee);
        }
        Self(table)
    }

    pub fn set(&mut self, scheme: Scheme, currency: Currency, minor: i64) {
        self.0.insert((scheme, currency), minor);
    }

    /// None where the scheme does not carry the currency.
    pub fn fee(&self, scheme: Scheme, currency: Currency) -> Option<i64> {
        self.0.get(&(scheme, currency)).copied()
    }

    /// What a profile pays: its own price where operations set one (issue 32 point 2), else
    /// the bank's; None where the scheme does not carry the currency (an own price cannot make
    /// it carry one).
    pub fn fee_for(&self, own: Option<i64>, scheme: Scheme, currency: Currency) -> Option<i64> {
        self.fee(scheme, currency).map(|bank| own.unwrap_or(bank))
    }

    /// A price operations may set for one profile: nothing (a waiver) up to the bank's, never
    /// above it: the published price list is the most anyone pays.
    pub fn own_fee(
        &self,
        scheme: Scheme,
        currency: Currency,
        minor: i64,
    ) -> Result<i64, &'static str> {
        let bank = self
            .fee(scheme, currency)
            .ok_or("This scheme does not carry that currency.")?;
        if !(0..=bank).contains(&minor) {
            return Err("A profile's own fee may lower the bank's price, never raise it.");
        }
        Ok(minor)
    }

    pub fn entries(&self) -> impl Iterator<Item = (Scheme, Currency, i64)> + '_ {
        self.0.iter().map(|((s, c), f)| (*s, *c, *f))
    }
}

/// Where the payee's account is, as far as routing needs it.
pub enum Destination<'a> {
    /// A UK sort code and account number.
    UkAccount,
    /// An IBAN, by its country.
    Iban(&'a str),
    /// An account number outside IBAN countries (with a routing code).
    Other,
}

/// The scheme the bank routes a payment by: UK local for GBP to a UK account, SEPA for EUR to an
/// IBAN in the SEPA zone, SWIFT otherwise (None when SWIFT is off and nothing else fits).
pub fn route(
    currency: Currency,
    destination: &Destination<'_>,
    swift_allowed: bool,
) -> Option<Scheme> {
    let scheme = match (currency, destination) {
        (Currency::Gbp, Destination::UkAccount) => Scheme::Local,
        (Currency::Gbp, Destination::Iban("GB")) => Scheme::Local,
        (Currency::Eur, Destination::Iban(country)) if in_sepa(country) => Scheme::Sepa,
        _ => Scheme::Swift,
    };
    (scheme != Scheme::Swift || swift_allowed).then_some(scheme)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payments_take_the_cheapest_scheme_that_carries_them() {
        assert_eq!(
            route(Currency::Gbp, &Destination::UkAccount, true),
            Some(Scheme::Local)
        );
        assert_eq!(
            route(Currency::Eur, &Destination::Iban("DE"), true),
            Some(Scheme::Sepa)
        );
        assert_eq!(
            route(Currency::Eur, &Destination::Iban("US"), true),
            Some(Scheme::Swift)
        );
        assert_eq!(
            route(Currency::Usd, &Destination::Iban("DE"), true),
            Some(Scheme::Swift)
        );
        assert_eq!(route(Currency::Usd, &Destination::Other, false), None);
        let fees = FeeTable::defaults();
        assert_eq!(fees.fee(Scheme::Sepa, Currency::Eur), Some(50));
        assert_eq!(fees.fee(Scheme::Sepa, Currency::Gbp), None);
    }

    #[test]
    fn a_profiles_own_fee_lowers_the_banks_price_and_never_raises_it() {
        let fees = FeeTable::defaults();
        assert_eq!(fees.fee_for(Some(0), Scheme::Local, Currency::Gbp), Some(0));
        assert_eq!(fees.fee_for(None, Scheme::Local, Currency::Gbp), Some(20));
        assert_eq!(fees.fee_for(Some(0), Scheme::Sepa, Currency::Gbp), None);
        assert_eq!(fees.own_fee(Scheme::Local, Currency::Gbp, 0), Ok(0));
        assert_eq!(fees.own_fee(Scheme::Local, Currency::Gbp, 20), Ok(20));
        assert!(fees.own_fee(Scheme::Local, Currency::Gbp, 21).is_err());
        assert!(fees.own_fee(Scheme::Local, Currency::Gbp, -1).is_err());
        assert!(fees.own_fee(Scheme::Local, Currency::Eur, 0).is_err());
    }
}
