//! The bank directory behind the IBAN look-up (SPEC §5: at 15 to 33 cleaned characters it
//! answers bic and bankName): the primary BIC and name of each bank code in the United Kingdom
//! and eleven euro-area countries (AT, BE, DE, ES, FI, FR, IE, IT, LU, NL, PT), 9,116 rows.
//!
//! Source: the bank registry of schwifty 2026.10.1 (MIT licence, github.com/mdomke/schwifty),
//! which compiles it from the national banks' published registers (its `generated_*` files) and
//! curated additions (`manual_*`); only the primary entry per bank code is kept, as
//! `country,bank_code,bic,name`.

use std::collections::HashMap;
use std::sync::OnceLock;

use iban::IbanLike;

use crate::domain::accounts::identifiers;

const DATA: &str = include_str!("banks.csv");

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BankMatch {
    pub bic: String,
    pub bank_name: String,
}

fn directory() -> &'static HashMap<(String, String), BankMatch> {
    static DIRECTORY: OnceLock<HashMap<(String, String), BankMatch>> = OnceLock::new();
    DIRECTORY.get_or_init(|| {
        let mut reader = csv::Reader::from_reader(DATA.as_bytes());
        reader
            .records()
            .filter_map(Result::ok)
            .filter_map(|row| {
                let field = |i: usize| row.get(i).map(str::to_string);
                Some((
                    (field(0)?, field(1)?),
                    BankMatch {
                        bic: field(2)?,
                        bank_name: field(3)?,
                    },
                ))
            })
            .collect()
    })
}

/// The bank an IBAN belongs to, by its country and bank identifier; the bank's own IBANs name
/// the bank itself.
pub fn lookup(iban: &iban::Iban, own_name: &str) -> Option<BankMatch> {
    let country = iban.country_code();
    let bank = iban.bank_identifier()?;
    if country == "GB" && bank == identifiers::BANK_CODE {
        return Some(BankMatch {
            bic: identifiers::BIC.into(),
            bank_name: own_name.into(),
        });
    }
    directory()
        .get(&(country.to_string(), bank.to_string()))
        .cloned()
}

pub fn len() -> usize {
    directory().len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iban(text: &str) -> iban::Iban {
        text.parse().unwrap()
    }

    #[test]
    fn ibans_name_their_banks() {
        assert!(len() > 9000);
        let de = lookup(&iban("DE89370400440532013000"), "Harbour").unwrap();
        assert_eq!(de.bic, "COBADEFFXXX");
        let gb = lookup(&iban("GB33BUKB20201555555555"), "Harbour").unwrap();
        assert!(gb.bic.starts_with("BUKBGB"), "{gb:?}");
        let own = identifiers::gb_iban("12345678");
        assert_eq!(lookup(&iban(&own), "Harbour").unwrap().bank_name, "Harbour");
    }
}
