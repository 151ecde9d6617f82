//! A payee as the API names it and as a transfer keeps it: SPEC §3 Transfer request `receiver`.
//! The stored form carries a version and is read back loudly: a payee that cannot be read is an
//! error, never an empty payee.

use super::recipient::PayeeType;

/// SPEC §3 Transfer request `receiver`: an IBAN, or an account number with its routing code
/// (SWIFT), or a UK sort code and account number.
#[derive(serde::Serialize, serde::Deserialize, utoipa::ToSchema, Default, Clone)]
#[serde(rename_all = "camelCase", default)]
pub struct Receiver {
    pub name: String,
    #[serde(rename = "type")]
    pub kind: Option<PayeeType>,
    pub iban: String,
    pub account_number: String,
    pub routing_code: String,
    pub uk_sort_code: String,
    pub uk_account_number: String,
    pub bic: String,
    /// Keep the payee as a recipient after the transfer.
    pub save_as_template: bool,
    /// The recipient's template name ('Recipient Template Name').
    pub alias: String,
    pub swift_address: AddressBody,
}

// SPEC §3 `swiftAddress`: the payee's postal address, which SWIFT transfers carry.
#[derive(serde::Serialize, serde::Deserialize, utoipa::ToSchema, Default, Clone, Debug)]
#[serde(rename_all = "camelCase", default)]
pub struct AddressBody {
    pub country: String,
    pub address1: String,
    pub building_number: String,
    pub city: String,
    pub postcode: String,
    pub region: String,
}

/// The version of the stored form written now; a payee stored before versions is version 1.
const STORED_VERSION: u8 = 1;

#[derive(serde::Serialize, serde::Deserialize)]
struct Stored {
    #[serde(default = "first_version")]
    version: u8,
    #[serde(flatten)]
    receiver: Receiver,
}

fn first_version() -> u8 {
    1
}

#[derive(Debug, thiserror::Error)]
pub enum StoredPayeeError {
    #[error("a stored payee of version {0}, which this bank does not read")]
    UnknownVersion(u8),
    #[error("a stored payee that is not readable: {0}")]
    Unreadable(#[from] serde_json::Error),
}

impl Receiver {
    /// The form kept with a transfer.
    pub fn to_stored(&self) -> String {
        serde_json::to_string(&Stored {
            version: STORED_VERSION,
            receiver: self.clone(),
        })
        .expect("a payee of strings always serialises")
    }

    pub fn from_stored(text: &str) -> Result<Self, StoredPayeeError> {
        let stored: Stored = serde_json::from_str(text)?;
        if stored.version != STORED_VERSION {
            return Err(StoredPayeeError::UnknownVersion(stored.version));
        }
        Ok(stored.receiver)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_payee_reads_back_and_names_its_version() {
        let payee = Receiver {
            name: "Acme Ltd".into(),
            iban: "DE89370400440532013000".into(),
            ..Receiver::default()
        };
        let text = payee.to_stored();
        assert!(text.contains("\"version\":1"), "{text}");
        assert_eq!(Receiver::from_stored(&text).unwrap().name, "Acme Ltd");
    }

    #[test]
    fn a_payee_stored_before_versions_is_version_one() {
        let old = r#"{"name":"Jo","type":"private","iban":"GB33BUKB20201555555555"}"#;
        assert_eq!(Receiver::from_stored(old).unwrap().name, "Jo");
    }

    #[test]
    fn what_cannot_be_read_is_an_error_not_an_empty_payee() {
        assert!(matches!(
            Receiver::from_stored(r#"{"version":2,"name":"Jo"}"#),
            Err(StoredPayeeError::UnknownVersion(2))
        ));
        assert!(Receiver::from_stored("not json").is_err());
        assert!(Receiver::from_stored(r#"{"name":7}"#).is_err());
    }
}
