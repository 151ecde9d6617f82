//! Expiry dates and security codes (issue 14 point 1). The three-digit code is computed from
//! the number and the expiry with a keyed MAC whenever it is needed, the way card schemes derive
//! CVVs from a card verification key, so it is never stored anywhere.

use hmac::{Hmac, Mac};
use sha2::Sha256;

use super::number::CardNumber;

/// How long a new card is valid.
pub const VALID_YEARS: i32 = 4;

/// A card's expiry: the last day of `month` in `year`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Expiry {
    pub year: i32,
    pub month: u8,
}

impl Expiry {
    /// A card issued on `today` expires at the end of the same month `VALID_YEARS` later.
    pub fn for_new_card(today: time::Date) -> Self {
        Self {
            year: today.year() + VALID_YEARS,
            month: u8::from(today.month()),
        }
    }

    /// `MM/YY`, as printed on the card.
    pub fn printed(self) -> String {
        format!("{:02}/{:02}", self.month, self.year.rem_euclid(100))
    }

    /// Whether the card still works on `today` (through the last day of its month).
    pub fn is_valid_on(self, today: time::Date) -> bool {
        (today.year(), u8::from(today.month())) <= (self.year, self.month)
    }

    /// Stored as `YYYY-MM`.
    pub fn stored(self) -> String {
        format!("{:04}-{:02}", self.year, self.month)
    }

    pub fn parse_stored(text: &str) -> Option<Self> {
        let (year, month) = text.split_once('-')?;
        let month: u8 = month.parse().ok()?;
        (1..=12).contains(&month).then_some(())?;
        Some(Self {
            year: year.parse().ok()?,
            month,
        })
    }
}

/// The card's security code: HMAC-SHA256 over number and expiry under the card verification
/// key, reduced to three digits.
pub fn security_code(key: &[u8], number: &CardNumber, expiry: Expiry) -> String {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(key).expect("any key length");
    mac.update(number.digits().as_bytes());
    mac.update(b"|");
    mac.update(expiry.stored().as_bytes());
    let bytes = mac.finalize().into_bytes();
    let value = u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
    format!("{:03}", value % 1000)
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn a_new_card_runs_four_years_to_the_end_of_its_month() {
        let expiry = Expiry::for_new_card(date!(2026 - 11 - 24));
        assert_eq!(expiry.printed(), "11/30");
        assert!(expiry.is_valid_on(date!(2030 - 11 - 30)));
        assert!(!expiry.is_valid_on(date!(2030 - 12 - 01)));
        assert_eq!(Expiry::parse_stored(&expiry.stored()), Some(expiry));
        assert_eq!(Expiry::parse_stored("2030-13"), None);
    }

    #[test]
    fn the_code_depends_on_key_number_and_expiry_and_is_three_digits() {
        let number = CardNumber::parse("4242424242424242").unwrap();
        let other = CardNumber::parse("4000056655665556").unwrap();
        let expiry = Expiry {
            year: 2030,
            month: 11,
        };
        let code = security_code(b"key one", &number, expiry);
        assert_eq!(code.len(), 3);
        assert!(code.bytes().all(|b| b.is_ascii_digit()));
        assert_eq!(code, security_code(b"key one", &number, expiry), "stable");
        let changes = [
            security_code(b"key two", &number, expiry),
            security_code(b"key one", &other, expiry),
            security_code(
                b"key one",
                &number,
                Expiry {
                    year: 2030,
                    month: 12,
                },
            ),
        ];
        // One in a thousand could collide by chance; these fixed inputs do not.
        assert!(changes.iter().all(|c| *c != code), "{code} {changes:?}");
    }
}
