//! A recipient (SPEC §3), checked with SPEC §5's rules before it is kept: per payment type,
//! the account identifiers it needs, its currency among the customer's accounts' currencies,
//! and the SWIFT address a SWIFT payee needs.

use std::collections::BTreeMap;

use iban::IbanLike;

use super::bic::Bic;
use super::payee::{self, Scheme, SwiftAccount};
use super::payee_account::{PayeeAccount, SwiftAccountNumber};
use super::receiver::AddressBody;
use crate::domain::accounts::money::Currency;

pub type FieldErrors = BTreeMap<String, String>;

const REQUIRED: &str = "Field is required";

crate::domain::named_enum! {
    /// SPEC §3: a private person or a company.
    pub enum PayeeType {
        Private = "private",
        Company = "company",
    }
}

crate::domain::named_enum! {
    /// SPEC §3 recipient scopes: local (a UK local transfer) or global (SEPA and SWIFT).
    pub enum RecipientScope {
        Local = "local",
        Global = "global",
    }
}

impl From<Scheme> for RecipientScope {
    fn from(scheme: Scheme) -> Self {
        match scheme {
            Scheme::Local => Self::Local,
            Scheme::Sepa | Scheme::Swift => Self::Global,
        }
    }
}

#[derive(Debug, Clone, Default)]
pub struct RecipientInput {
    pub scheme: Option<Scheme>,
    pub name: String,
    pub kind: Option<PayeeType>,
    pub alias: String,
    pub iban: String,
    pub uk_sort_code: String,
    pub uk_account_number: String,
    pub bic: String,
    pub routing_code: String,
    pub reference: String,
    pub currency: Option<Currency>,
    pub swift_address: AddressBody,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SwiftAddress {
    pub country: String,
    pub address1: String,
    pub building_number: String,
    pub city: String,
    pub postcode: String,
    pub region: String,
}

/// A recipient whose every field meets SPEC §5.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recipient {
    pub name: String,
    pub kind: PayeeType,
    pub alias: Option<String>,
    pub reference: Option<String>,
    pub currency: Currency,
    /// Where the money goes; its shape names the payment type.
    pub account: PayeeAccount,
}

impl Recipient {
    pub fn scheme(&self) -> Scheme {
        self.account.scheme()
    }
}

/// What the customer's profile offers: its accounts' currencies, and whether SWIFT is on.
pub struct Offer<'a> {
    pub currencies: &'a [Currency],
    pub swift_allowed: bool,
}

fn text(
    errors: &mut FieldErrors,
    field: &str,
    value: &str,
    required: bool,
    max: usize,
) -> Option<String> {
    let value = value.trim();
    if value.is_empty() {
        if required {
            errors.insert(field.into(), REQUIRED.into());
        }
        return None;
    }
    if value.chars().count() > max {
        errors.insert(field.into(), format!("Must be up to {max} characters"));
    } else if crate::domain::names::has_hidden(value) {
        errors.insert(field.into(), "Input contains invalid symbols".into());
    }
    Some(value.to_string())
}

/// SPEC §6 scheme availability and §2: UK local needs a GBP account, SEPA an EUR one; SWIFT
/// goes from any while the swiftAllowed flag is on.
pub fn available(scheme: Scheme, offer: &Offer<'_>) -> Result<(), &'static str> {
    match scheme {
        Scheme::Local if !offer.currencies.contains(&Currency::Gbp) => {
            Err("UK Local Transfer needs a GBP account")
        }
        Scheme::Sepa if !offer.currencies.contains(&Currency::Eur) => {
            Err("SEPA transfers need a EUR account")
        }
        Scheme::Swift if !offer.swift_allowed => Err("SWIFT transfers are not available"),
        _ => Ok(()),
    }
}

pub fn check(input: &RecipientInput, offer: &Offer<'_>) -> Result<Recipient, FieldErrors> {
    let mut errors = FieldErrors::new();
    let Some(scheme) = input.scheme else {
        return Err(FieldErrors::from([("scheme".into(), REQUIRED.into())]));
    };
    if let Err(message) = available(scheme, offer) {
        return Err(FieldErrors::from([("scheme".into(), message.into())]));
    }
    let name = text(&mut errors, "name", &input.name, true, 140).unwrap_or_default();
    if !name.is_empty() && !errors.contains_key("name") {
        if let Err(message) = crate::domain::names::check_text(&name) {
            errors.insert("name".into(), message.into());
        }
    }
    if input.kind.is_none() {
        errors.insert("type".into(), REQUIRED.into());
    }
    let alias = text(&mut errors, "alias", &input.alias, false, 50);
    let reference = match payee::reference(&input.reference, scheme) {
        Ok(reference) if reference.is_empty() => None,
        Ok(reference) => Some(reference),
        Err(message) => {
            errors.insert("reference".into(), message);
            None
        }
    };
    let mut field = |name: &str, result: Result<String, &'static str>| match result {
        Ok(value) => Some(value),
        Err(message) => {
            errors.insert(name.into(), message.into());
            None
        }
    };
    let bic = |text: &str| Bic::parse(text).map(|b| b.as_str().to_string());
    let (account, currency) = match scheme {
        Scheme::Local => {
            let sort_code = field("ukSortCode", payee::sort_code(&input.uk_sort_code));
            let account_number = field(
                "ukAccountNumber",
                payee::uk_account_number(&input.uk_account_number),
            );
            let account = sort_code
                .zip(account_number)
                .map(|(sort_code, account_number)| PayeeAccount::Uk {
                    sort_code,
                    account_number,
                });
            (account, Some(Currency::Gbp))
        }
        Scheme::Sepa => {
            let iban = field(
                "iban",
                payee::iban(&input.iban).map(|i| i.electronic_str().to_string()),
            );
            let bic = field("bic", bic(&input.bic));
            let account = iban
                .zip(bic)
                .map(|(iban, bic)| PayeeAccount::Sepa { iban, bic });
            (account, Some(Currency::Eur))
        }
        Scheme::Swift => {
            let bic = field("bic", bic(&input.bic));
            let number = match payee::swift_account(&input.iban) {
                Ok(SwiftAccount::Iban(iban)) => {
                    Some(SwiftAccountNumber::Iban(iban.electronic_str().to_string()))
                }
                // SPEC §5: a routing code is required with an account number.
                Ok(SwiftAccount::Number(number)) => if input.routing_code.trim().is_empty() {
                    field("routingCode", Err("Routing Code is invalid"))
                } else {
                    field("routingCode", payee::routing_code(&input.routing_code))
                }
                .map(|routing_code| SwiftAccountNumber::Local {
                    number,
                    routing_code,
                }),
                Err(message) => {
                    errors.insert("iban".into(), message.into());
                    None
                }
            };
            let currency = match input.currency {
                Some(currency) if offer.currencies.contains(&currency) => Some(currency),
                _ => {
                    errors.insert("currency".into(), REQUIRED.into());
                    None
                }
            };
            let address = swift_address(&mut errors, &input.swift_address);
            let account = number.zip(bic).map(|(account, bic)| PayeeAccount::Swift {
                account,
                bic,
                address,
            });
            (account, currency)
        }
    };
    match (account, currency) {
        (Some(account), Some(currency)) if errors.is_empty() => Ok(Recipient {
            name,
            kind: input.kind.unwrap_or(PayeeType::Company),
            alias,
            reference,
            currency,
            account,
        }),
        _ => Err(errors),
    }
}

/// SPEC §5: a SWIFT payee's address, each part checked and the country a known one.
fn swift_address(errors: &mut FieldErrors, a: &AddressBody) -> SwiftAddress {
    let country = a.country.trim().to_ascii_uppercase();
    if !super::bic::is_country(&country) {
        errors.insert("swiftAddress.country".into(), "Select country".into());
    }
    let mut address_text = |name: &str, value: &str, required: bool| {
        text(
            errors,
            &format!("swiftAddress.{name}"),
            value,
            required,
            100,
        )
        .unwrap_or_default()
    };
    SwiftAddress {
        address1: address_text("address1", &a.address1, true),
        building_number: address_text("buildingNumber", &a.building_number, true),
        city: address_text("city", &a.city, true),
        postcode: address_text("postcode", &a.postcode, false),
        region: address_text("region", &a.region, false),
        country,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [Currency; 3] = [Currency::Gbp, Currency::Eur, Currency::Usd];

    fn offer() -> Offer<'static> {
        Offer {
            currencies: &ALL,
            swift_allowed: true,
        }
    }

    fn local() -> RecipientInput {
        RecipientInput {
            scheme: Some(Scheme::Local),
            name: "Acme Ltd".into(),
            kind: Some(PayeeType::Company),
            uk_sort_code: "20-00-00".into(),
            uk_account_number: "55779911".into(),
            ..RecipientInput::default()
        }
    }

    #[test]
    fn a_uk_recipient_needs_its_sort_code_and_account_number() {
        let ok = check(&local(), &offer()).unwrap();
        assert_eq!(
            (ok.account.fields().uk_sort_code, ok.currency),
            (Some("200000"), Currency::Gbp)
        );
        let mut bad = local();
        bad.uk_sort_code = "2000".into();
        bad.uk_account_number = String::new();
        let errors = check(&bad, &offer()).unwrap_err();
        assert_eq!(errors["ukSortCode"], "The sort code must contain 6 digits");
        assert_eq!(
            errors["ukAccountNumber"],
            "The account number must contain 8 digits"
        );
        let eur_only = Offer {
            currencies: &[Currency::Eur],
            swift_allowed: true,
        };
        assert_eq!(
            check(&local(), &eur_only).unwrap_err()["scheme"],
            "UK Local Transfer needs a GBP account"
        );
    }

    #[test]
    fn sepa_and_swift_recipients() {
        let sepa = RecipientInput {
            scheme: Some(Scheme::Sepa),
            iban: "DE89 3704 0044 0532 0130 00".into(),
            bic: "cobadeff xxx".into(),
            ..local()
        };
        let ok = check(&sepa, &offer()).unwrap();
        assert_eq!(
            ok.account,
            PayeeAccount::Sepa {
                iban: "DE89370400440532013000".into(),
                bic: "COBADEFFXXX".into()
            }
        );
        let swift = RecipientInput {
            scheme: Some(Scheme::Swift),
            iban: "123456789".into(),
            bic: "CHASUS33".into(),
            currency: Some(Currency::Usd),
            swift_address: AddressBody {
                country: "US".into(),
                address1: "Park Avenue".into(),
                building_number: "383".into(),
                city: "New York".into(),
                ..AddressBody::default()
            },
            ..local()
        };
        let errors = check(&swift, &offer()).unwrap_err();
        assert_eq!(errors["routingCode"], "Routing Code is invalid");
        let with_routing = RecipientInput {
            routing_code: "021000021".into(),
            ..swift.clone()
        };
        assert_eq!(
            check(&with_routing, &offer()).unwrap().account.routed(),
            "123456789/021000021"
        );
        let off = Offer {
            currencies: &ALL,
            swift_allowed: false,
        };
        assert_eq!(
            check(&with_routing, &off).unwrap_err()["scheme"],
            "SWIFT transfers are not available"
        );
    }
}
