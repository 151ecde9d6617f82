//! The text of the European Payments Council's SEPA credit transfer QR code (EPC069-12,
//! version 002), which a euro invoice prints so the payer's banking app fills in the transfer:
//! the payee's name, IBAN and BIC, the amount in euro and the invoice's creditor reference.
//! The format is a dozen lines of text, written here; drawing the QR symbol is a QR library's.

use crate::domain::accounts::money::decimal;

/// Why a transfer cannot be put in the code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EpcError {
    /// The amount is not between €0.01 and €999,999,999.99.
    Amount,
    /// A name longer than 70 characters, or none.
    Name,
    /// The IBAN or BIC is missing, or a line holds a line break.
    Account,
    /// The reference is longer than 35 characters.
    Reference,
}

/// What the code asks the payer to send.
pub struct EpcTransfer<'a> {
    pub bic: &'a str,
    pub name: &'a str,
    pub iban: &'a str,
    /// Euro cents.
    pub amount_cents: i64,
    /// An ISO 11649 creditor reference ("RF18…"), the structured remittance.
    pub reference: &'a str,
}

const MAX_CENTS: i64 = 99_999_999_999;

/// The code's payload: service tag BCD, version 002, UTF-8 (1), SCT, then the fields.
pub fn payload(transfer: &EpcTransfer<'_>) -> Result<String, EpcError> {
    let clean = |text: &str| !text.contains(['\n', '\r']);
    let name = transfer.name.trim();
    if name.is_empty() || name.chars().count() > 70 || !clean(name) {
        return Err(EpcError::Name);
    }
    let iban: String = transfer
        .iban
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let bic = transfer.bic.trim();
    if iban.is_empty() || bic.is_empty() || !clean(&iban) || !clean(bic) {
        return Err(EpcError::Account);
    }
    if !(1..=MAX_CENTS).contains(&transfer.amount_cents) {
        return Err(EpcError::Amount);
    }
    let reference: String = transfer
        .reference
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    if reference.chars().count() > 35 {
        return Err(EpcError::Reference);
    }
    let lines = [
        "BCD".to_string(),
        "002".to_string(),
        "1".to_string(),
        "SCT".to_string(),
        bic.to_string(),
        name.to_string(),
        iban,
        format!("EUR{}", decimal(transfer.amount_cents)),
        // No purpose code; the structured reference; no unstructured text.
        String::new(),
        reference,
    ];
    Ok(lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn transfer() -> EpcTransfer<'static> {
        EpcTransfer {
            bic: "BHBKGB2LXXX",
            name: "Bennett & Hale Trading Ltd",
            iban: "GB33 BHBK 0400 0012 3456 78",
            amount_cents: 198_450,
            reference: "RF18 5390 0754 7034",
        }
    }

    #[test]
    fn the_epc069_12_lines_in_order() {
        assert_eq!(
            payload(&transfer()).unwrap(),
            "BCD\n002\n1\nSCT\nBHBKGB2LXXX\nBennett & Hale Trading Ltd\nGB33BHBK04000012345678\nEUR1984.50\n\nRF18539007547034"
        );
    }

    #[test]
    fn what_the_standard_refuses_is_refused() {
        let mut t = transfer();
        t.amount_cents = 0;
        assert_eq!(payload(&t), Err(EpcError::Amount));
        t.amount_cents = MAX_CENTS + 1;
        assert_eq!(payload(&t), Err(EpcError::Amount));
        let long = "N".repeat(71);
        let mut t = transfer();
        t.name = &long;
        assert_eq!(payload(&t), Err(EpcError::Name));
        let mut t = transfer();
        t.name = "Two\nlines";
        assert_eq!(payload(&t), Err(EpcError::Name));
        let mut t = transfer();
        t.iban = "";
        assert_eq!(payload(&t), Err(EpcError::Account));
        let mut t = transfer();
        t.reference = "RF18539007547034539007547034539007547034";
        assert_eq!(payload(&t), Err(EpcError::Reference));
    }

    #[test]
    fn the_payload_fits_the_codes_331_bytes() {
        let name = "N".repeat(70);
        let t = EpcTransfer {
            name: &name,
            amount_cents: MAX_CENTS,
            reference: "RF18539007547034539007547034539",
            ..transfer()
        };
        assert!(payload(&t).unwrap().len() <= 331);
    }
}
