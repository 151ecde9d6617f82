//! The identifiers an account is paid by (SPEC §3 "Bank account"): a UK sort code and 8-digit
//! account number, and an IBAN built from them under the bank's own bank code. Parsing and the
//! checksum test come from `iban_validate` (crate `iban`); only the two check digits of a new IBAN are
//! computed here, because the library validates IBANs but does not issue them.

use iban::{Iban, IbanLike};

/// The bank's identity in the payment schemes (sandbox values: the bank code is its own).
pub const BANK_CODE: &str = "HRBR";
pub const BIC: &str = "HRBRGB2L";
pub const SORT_CODE: &str = "040075";
/// The bank's own account for activation fees paid by transfer. Customers' account numbers
/// start at 10,000,000 (`new_account_number`), so numbers below are the bank's.
pub const FEE_COLLECTION_NUMBER: &str = "00000100";

/// `04-00-75`, as a person reads a sort code.
pub fn sort_code_display(sort_code: &str) -> String {
    sort_code
        .as_bytes()
        .chunks(2)
        .map(|pair| String::from_utf8_lossy(pair).into_owned())
        .collect::<Vec<_>>()
        .join("-")
}

/// A GB IBAN for an account number at the bank's sort code, in its electronic form:
/// GBkkHRBR04007512345678.
pub fn gb_iban(account_number: &str) -> String {
    assert!(
        account_number.len() == 8 && account_number.bytes().all(|b| b.is_ascii_digit()),
        "UK account numbers have 8 digits"
    );
    let bban = format!("{BANK_CODE}{SORT_CODE}{account_number}");
    let check = 98 - mod97(&format!("{bban}GB00"));
    let text = format!("GB{check:02}{bban}");
    let iban: Iban = text
        .parse()
        .expect("an IBAN built with its check digits is valid");
    iban.electronic_str().to_string()
}

/// ISO 13616's remainder over the letters-as-numbers form.
fn mod97(text: &str) -> u32 {
    text.chars().fold(0u32, |acc, c| {
        let value = c.to_digit(36).expect("IBAN characters are alphanumeric");
        if value < 10 {
            (acc * 10 + value) % 97
        } else {
            (acc * 100 + value) % 97
        }
    })
}

/// A fresh random 8-digit account number (the database's unique index settles collisions).
pub fn new_account_number() -> String {
    use rand::Rng;
    format!(
        "{:08}",
        rand::thread_rng().gen_range(10_000_000..100_000_000)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issued_ibans_pass_the_checksum() {
        for _ in 0..200 {
            let number = new_account_number();
            let iban = gb_iban(&number);
            let text = iban.as_str();
            assert!(text.starts_with("GB"));
            assert!(text.ends_with(&number));
            assert_eq!(&text[4..8], BANK_CODE);
            // Parsed again from its printed form, the library agrees.
            assert_eq!(iban.parse::<Iban>().unwrap().electronic_str(), text);
        }
    }

    #[test]
    fn known_example_matches() {
        // The example IBAN of the UK's published format, rebuilt from its parts.
        let check = 98 - mod97("NWBK60161331926819GB00");
        assert_eq!(check, 29);
    }

    #[test]
    fn sort_codes_read_in_pairs() {
        assert_eq!(sort_code_display("040075"), "04-00-75");
    }
}
