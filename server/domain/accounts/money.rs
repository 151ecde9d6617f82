//! Integer minor units with an ISO 4217 code (SPEC §9: GBP, EUR, USD, CHF, ALL).

use std::fmt;

#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
    utoipa::ToSchema,
)]
pub enum Currency {
    #[serde(rename = "GBP")]
    Gbp,
    #[serde(rename = "EUR")]
    Eur,
    #[serde(rename = "USD")]
    Usd,
    #[serde(rename = "CHF")]
    Chf,
    #[serde(rename = "ALL")]
    All,
}

impl Currency {
    pub const EVERY: [Currency; 5] = [
        Currency::Gbp,
        Currency::Eur,
        Currency::Usd,
        Currency::Chf,
        Currency::All,
    ];

    pub fn code(self) -> &'static str {
        match self {
            Currency::Gbp => "GBP",
            Currency::Eur => "EUR",
            Currency::Usd => "USD",
            Currency::Chf => "CHF",
            Currency::All => "ALL",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::EVERY.into_iter().find(|c| c.code() == code)
    }

    /// SPEC §9 symbols; ALL has none there, so its code is shown.
    pub fn symbol(self) -> &'static str {
        match self {
            Currency::Gbp => "£",
            Currency::Eur => "€",
            Currency::Usd => "$",
            Currency::Chf => "₣",
            Currency::All => "ALL ",
        }
    }
}

impl fmt::Display for Currency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// An amount of money: integer minor units of one currency. Bookings take it so that an amount
/// can only be moved in the currency it was counted in; answers turn it into their numbers here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Money {
    pub minor: i64,
    pub currency: Currency,
}

impl Money {
    pub const fn new(minor: i64, currency: Currency) -> Self {
        Self { minor, currency }
    }

    pub const fn zero(currency: Currency) -> Self {
        Self::new(0, currency)
    }

    /// The sum of two amounts in one currency; None across currencies or on overflow.
    pub fn checked_add(self, other: Money) -> Option<Money> {
        (self.currency == other.currency)
            .then(|| self.minor.checked_add(other.minor))
            .flatten()
            .map(|minor| Money::new(minor, self.currency))
    }

    pub fn is_positive(self) -> bool {
        self.minor > 0
    }

    /// "1234.50": the plain decimal CSV and ISO 20022 want.
    pub fn decimal(self) -> String {
        decimal(self.minor)
    }

    /// The JSON number of major units the API answers with (SPEC §3 amounts). The text is
    /// exact: every amount a bank holds is far below 2^53 minor units, and the shortest decimal
    /// that reads back as the same double is the amount itself ("12.34"). Nothing computes
    /// with it.
    pub fn major(self) -> f64 {
        self.minor as f64 / 100.0
    }
}

impl fmt::Display for Money {
    /// "-£1,234.50" (SPEC §9).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&display(self.minor, self.currency))
    }
}

/// Minor units as a plain decimal with two places ("-1234.50"), as CSV and ISO 20022 want it.
/// Every currency here has two minor digits.
pub fn decimal(minor: i64) -> String {
    let sign = if minor < 0 { "-" } else { "" };
    let abs = minor.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

/// Minor units for people (SPEC §9: two decimals, en-GB grouping): "-£1,234.50".
pub fn display(minor: i64, currency: Currency) -> String {
    let sign = if minor < 0 { "-" } else { "" };
    format!(
        "{sign}{}{}",
        currency.symbol(),
        grouped(&decimal(minor.abs()))
    )
}

/// Decimal text with en-GB thousands separators: "1234567.89" as "1,234,567.89".
pub fn grouped(text: &str) -> String {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let mut out = String::new();
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    if fraction.is_empty() {
        out
    } else {
        format!("{out}.{fraction}")
    }
}

impl crate::domain::Named for Currency {
    const TYPE: &'static str = "Currency";

    fn from_name(text: &str) -> Option<Self> {
        Self::parse(text)
    }
}

/// Parses "12.5" or "12.50" into minor units; at most two decimals, no sign, no exponent.
pub fn parse_decimal(text: &str) -> Option<i64> {
    let text = text.trim();
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() || fraction.len() > 2 || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let cents: i64 = format!("{fraction:0<2}").parse().ok()?;
    whole
        .parse::<i64>()
        .ok()?
        .checked_mul(100)?
        .checked_add(cents)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_adds_only_within_its_currency() {
        let ten = Money::new(1_000, Currency::Gbp);
        assert_eq!(ten.checked_add(ten), Some(Money::new(2_000, Currency::Gbp)));
        assert_eq!(ten.checked_add(Money::new(1, Currency::Eur)), None);
        assert_eq!(ten.checked_add(Money::new(i64::MAX, Currency::Gbp)), None);
        assert_eq!(ten.to_string(), "£10.00");
        assert_eq!((ten.decimal(), ten.major()), ("10.00".to_string(), 10.0));
    }

    #[test]
    fn decimals_have_two_places() {
        assert_eq!(decimal(0), "0.00");
        assert_eq!(decimal(5), "0.05");
        assert_eq!(decimal(-123456), "-1234.56");
    }

    #[test]
    fn display_groups_thousands_with_the_symbol() {
        assert_eq!(display(123456789, Currency::Gbp), "£1,234,567.89");
        assert_eq!(display(-5000, Currency::Eur), "-€50.00");
        assert_eq!(display(99, Currency::Usd), "$0.99");
    }

    #[test]
    fn parses_plain_decimals_only() {
        assert_eq!(parse_decimal("12.5"), Some(1250));
        assert_eq!(parse_decimal("0.07"), Some(7));
        assert_eq!(parse_decimal("100"), Some(10000));
        for bad in ["", "-1", "1.234", "1e3", ".5", "abc"] {
            assert_eq!(parse_decimal(bad), None, "{bad}");
        }
    }

    #[test]
    fn currency_codes_round_trip() {
        for currency in Currency::EVERY {
            assert_eq!(Currency::parse(currency.code()), Some(currency));
        }
        assert_eq!(Currency::parse("JPY"), None);
    }
}
