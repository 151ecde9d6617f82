//! The ISO 11649 creditor reference ("RF18 5390 0754 7034") an invoice asks its payer to quote,
//! so the bank can match the incoming payment to it (issue 29 point 5), and which a euro
//! invoice's EPC QR code carries. Written here rather than taken from a crate: the standard is
//! a dozen lines (ISO 7064 MOD 97-10 over the reference with "RF00" moved to its end), and no
//! maintained Rust crate implements it.

/// At most 21 characters follow "RF" and the two check digits.
const MAX_BODY: usize = 21;

/// Why a text is not a creditor reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReferenceError {
    /// Empty, too long, or with characters other than letters and digits.
    Malformed,
    /// Its check digits do not match the rest: mistyped.
    CheckDigits,
}

/// `text` as the standard numbers it: letters A-Z as 10-35, digits as themselves, the whole
/// taken mod 97 (a digit at a time, so no big integers are needed).
fn mod97(text: &str) -> u32 {
    text.chars().fold(0u32, |rest, c| {
        let value = c.to_digit(36).unwrap_or(0);
        if value < 10 {
            (rest * 10 + value) % 97
        } else {
            (rest * 100 + value) % 97
        }
    })
}

fn body_ok(body: &str) -> bool {
    !body.is_empty() && body.len() <= MAX_BODY && body.chars().all(|c| c.is_ascii_alphanumeric())
}

/// The creditor reference for `body` (the invoice's own reference: letters and digits, at most
/// 21), in its compact form "RF18539007547034".
pub fn creditor_reference(body: &str) -> Result<String, ReferenceError> {
    let body = body.to_ascii_uppercase();
    if !body_ok(&body) {
        return Err(ReferenceError::Malformed);
    }
    let check = 98 - mod97(&format!("{body}RF00"));
    Ok(format!("RF{check:02}{body}"))
}

/// Reads a creditor reference as a payer may have typed it (spaces, lower case) into its
/// compact form, if its check digits hold.
pub fn parse(text: &str) -> Result<String, ReferenceError> {
    let compact: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_uppercase();
    let (head, body) = compact
        .split_at_checked(4)
        .ok_or(ReferenceError::Malformed)?;
    if !head.starts_with("RF") || !head[2..].chars().all(|c| c.is_ascii_digit()) || !body_ok(body) {
        return Err(ReferenceError::Malformed);
    }
    if mod97(&format!("{body}{head}")) != 1 {
        return Err(ReferenceError::CheckDigits);
    }
    Ok(compact)
}

/// The printed form, in groups of four ("RF18 5390 0754 7034"), as the standard recommends.
pub fn printed(compact: &str) -> String {
    compact
        .as_bytes()
        .chunks(4)
        .map(|chunk| String::from_utf8_lossy(chunk).into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_standards_own_example() {
        // ISO 11649's example reference.
        assert_eq!(
            creditor_reference("539007547034").unwrap(),
            "RF18539007547034"
        );
        assert_eq!(parse("RF18 5390 0754 7034").unwrap(), "RF18539007547034");
        assert_eq!(printed("RF18539007547034"), "RF18 5390 0754 7034");
    }

    #[test]
    fn letters_count_and_lower_case_reads() {
        let made = creditor_reference("inv2026000123").unwrap();
        assert!(made.starts_with("RF") && made.ends_with("INV2026000123"));
        assert_eq!(parse(&made.to_lowercase()).unwrap(), made);
    }

    #[test]
    fn mistakes_are_caught() {
        assert_eq!(
            parse("RF19 5390 0754 7034"),
            Err(ReferenceError::CheckDigits)
        );
        assert_eq!(
            parse("RF18 5390 0754 7043"),
            Err(ReferenceError::CheckDigits)
        );
        assert_eq!(parse("XX18539007547034"), Err(ReferenceError::Malformed));
        assert_eq!(parse("RF18"), Err(ReferenceError::Malformed));
        assert_eq!(parse("RF18-5390"), Err(ReferenceError::Malformed));
        assert_eq!(creditor_reference(""), Err(ReferenceError::Malformed));
        assert_eq!(
            creditor_reference(&"1".repeat(22)),
            Err(ReferenceError::Malformed)
        );
    }

    proptest! {
        /// Every reference made reads back, and a character of its body replaced by another of
        /// its kind (a digit by a digit, a letter by a letter: what MOD 97-10 guarantees to
        /// catch) is caught.
        #[test]
        fn made_references_read_back_and_catch_a_typo(body in "[A-Z0-9]{1,21}", at in 0usize..21, shift in 1u8..10) {
            let made = creditor_reference(&body).unwrap();
            prop_assert_eq!(parse(&made).unwrap(), made.clone());
            let mut typo = made.clone().into_bytes();
            let at = 4 + at % body.len();
            typo[at] = match typo[at] {
                digit @ b'0'..=b'9' => b'0' + (digit - b'0' + shift) % 10,
                letter => b'A' + (letter - b'A' + shift) % 26,
            };
            prop_assert!(parse(&String::from_utf8(typo).unwrap()).is_err());
        }
    }
}
