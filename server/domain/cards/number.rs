//! Card numbers of the bank's own sandbox card programme (issue 14 point 1): 16 digits in a
//! test BIN range with a Luhn check digit. A full number exists only in memory, sealed at rest
//! (`sealed.rs`), and leaves the bank only after a card_details approval; everywhere else it is
//! shown masked.

use rand::Rng;

/// Visa's documented test range: no real card is ever issued with these first six digits.
pub const TEST_BIN: &str = "400002";

#[derive(Clone, PartialEq, Eq)]
pub struct CardNumber(String);

/// Never printed: a number in a log is a number leaked.
impl std::fmt::Debug for CardNumber {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "CardNumber({})", self.masked())
    }
}

#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum NumberError {
    #[error("a card number has 16 digits")]
    Length,
    #[error("the card number's check digit is wrong")]
    CheckDigit,
}

/// The Luhn check digit that completes `digits` (ISO/IEC 7812-1 annex B).
fn check_digit(digits: &[u8]) -> u8 {
    let sum: u32 = digits
        .iter()
        .rev()
        .enumerate()
        .map(|(i, &d)| {
            let d = u32::from(d);
            if i % 2 == 0 {
                let doubled = d * 2;
                if doubled > 9 {
                    doubled - 9
                } else {
                    doubled
                }
            } else {
                d
            }
        })
        .sum();
    ((10 - sum % 10) % 10) as u8
}

impl CardNumber {
    /// A new number in the test range: the BIN, nine random digits, the check digit.
    pub fn generate(rng: &mut impl Rng) -> Self {
        let mut digits: Vec<u8> = TEST_BIN.bytes().map(|b| b - b'0').collect();
        while digits.len() < 15 {
            digits.push(rng.gen_range(0..10));
        }
        digits.push(check_digit(&digits));
        Self(digits.iter().map(|d| char::from(b'0' + d)).collect())
    }

    /// Parses a number as typed or sent by the network (spaces allowed), checking the digit.
    pub fn parse(text: &str) -> Result<Self, NumberError> {
        let cleaned: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        if cleaned.len() != 16 || !cleaned.bytes().all(|b| b.is_ascii_digit()) {
            return Err(NumberError::Length);
        }
        let digits: Vec<u8> = cleaned.bytes().map(|b| b - b'0').collect();
        if check_digit(&digits[..15]) != digits[15] {
            return Err(NumberError::CheckDigit);
        }
        Ok(Self(cleaned))
    }

    pub fn digits(&self) -> &str {
        &self.0
    }

    pub fn last_four(&self) -> &str {
        &self.0[12..]
    }

    /// SPEC §3 `panMasked`: only the last four digits show.
    pub fn masked(&self) -> String {
        format!("**** **** **** {}", self.last_four())
    }

    /// Grouped in fours, as printed on the card (for the details screen only).
    pub fn grouped(&self) -> String {
        self.0
            .as_bytes()
            .chunks(4)
            .map(|c| std::str::from_utf8(c).expect("digits"))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn known_numbers_pass_and_a_changed_digit_fails() {
        assert!(CardNumber::parse("4242 4242 4242 4242").is_ok());
        assert!(CardNumber::parse("4000056655665556").is_ok());
        assert_eq!(
            CardNumber::parse("4242424242424241"),
            Err(NumberError::CheckDigit)
        );
        assert_eq!(CardNumber::parse("424242424242"), Err(NumberError::Length));
        assert_eq!(
            CardNumber::parse("42424242424242a2"),
            Err(NumberError::Length)
        );
    }

    #[test]
    fn masks_all_but_the_last_four() {
        let number = CardNumber::parse("4242424242424242").unwrap();
        assert_eq!(number.masked(), "**** **** **** 4242");
        assert_eq!(number.grouped(), "4242 4242 4242 4242");
        assert!(!format!("{number:?}").contains("424242424242"));
    }

    proptest! {
        #[test]
        fn generated_numbers_are_valid_and_in_the_test_range(seed in any::<u64>()) {
            use rand::SeedableRng;
            let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
            let number = CardNumber::generate(&mut rng);
            prop_assert!(number.digits().starts_with(TEST_BIN));
            prop_assert_eq!(CardNumber::parse(number.digits()), Ok(number));
        }
    }
}
