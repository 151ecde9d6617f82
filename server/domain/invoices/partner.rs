//! A contractor or client a business bills (SPEC §3 partner; §5 registration number, email and
//! VAT rules; issue 29 point 1): checked once at the edge into a `Partner`, or refused with a
//! message per field.

use std::collections::BTreeMap;

use crate::domain::accounts::money::Currency;
use crate::domain::auth::email::Email;
use crate::domain::names;
use crate::domain::onboarding::business::{registration_number_ok, vat_ok};
use crate::domain::payments::bic::is_country;

pub type FieldErrors = BTreeMap<String, String>;

crate::domain::named_enum! {
    /// SPEC §3: a partner is a private person or a company.
    pub enum PartnerType {
        Private = "private",
        Company = "company",
    }
}

/// SPEC §8 partner_name_already_exists.
pub const NAME_TAKEN: &str = "Current contractor/client name already in use";

const REQUIRED: &str = "Field is required";

/// A partner as the form sends it.
#[derive(Debug, Clone, Default)]
pub struct PartnerInput {
    pub name: String,
    pub kind: Option<PartnerType>,
    pub registration_number: String,
    pub currency: Option<Currency>,
    pub email: String,
    pub vat_number: String,
    pub country: String,
    pub address1: String,
    pub city: String,
    pub postcode: String,
}

/// A partner that met every rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Partner {
    pub name: String,
    pub kind: PartnerType,
    pub registration_number: Option<String>,
    pub currency: Currency,
    pub email: String,
    /// Compact and upper-case ("GB123456789").
    pub vat_number: Option<String>,
    /// ISO 3166-1 alpha-2.
    pub country: String,
    pub address1: String,
    pub city: String,
    pub postcode: Option<String>,
}

impl Partner {
    /// What a name is unique by within a profile: the same name whatever its case or spacing.
    pub fn name_key(name: &str) -> String {
        name.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase()
    }
}

fn text(errors: &mut FieldErrors, field: &str, value: &str, max: usize) -> Option<String> {
    let value = value.trim();
    let problem = if value.is_empty() {
        Some(REQUIRED.to_string())
    } else if value.chars().count() > max {
        Some(format!("Must be up to {max} characters"))
    } else {
        names::check_text(value).err().map(str::to_string)
    };
    match problem {
        Some(message) => {
            errors.insert(field.into(), message);
            None
        }
        None => Some(value.to_string()),
    }
}

fn optional(value: &str) -> Option<String> {
    Some(value.trim().to_string()).filter(|v| !v.is_empty())
}

/// Checks a partner; every failing field is named with its message.
pub fn check(input: &PartnerInput) -> Result<Partner, FieldErrors> {
    let mut errors = FieldErrors::new();
    let name = text(&mut errors, "name", &input.name, 100);
    if input.kind.is_none() {
        errors.insert("type".into(), REQUIRED.into());
    }
    let registration_number = optional(&input.registration_number);
    if registration_number
        .as_deref()
        .is_some_and(|number| !registration_number_ok(number))
    {
        errors.insert(
            "registrationNumber".into(),
            "Invalid registration number".into(),
        );
    }
    if input.currency.is_none() {
        errors.insert("currency".into(), REQUIRED.into());
    }
    let email = match Email::parse(&input.email) {
        Ok(email) => Some(email.as_str().to_string()),
        Err(message) => {
            errors.insert("email".into(), message.into());
            None
        }
    };
    let country = input.country.trim().to_ascii_uppercase();
    if country.is_empty() {
        errors.insert("country".into(), REQUIRED.into());
    } else if !is_country(&country) {
        errors.insert("country".into(), "Choose a country from the list".into());
    }
    let vat_number = optional(&input.vat_number).map(|vat| {
        vat.chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_ascii_uppercase()
    });
    if vat_number
        .as_deref()
        .is_some_and(|vat| !vat_ok(vat, &country))
    {
        errors.insert("vatNumber".into(), "VAT number not valid".into());
    }
    let address1 = text(&mut errors, "address1", &input.address1, 100);
    let city = text(&mut errors, "city", &input.city, 50);
    let postcode = optional(&input.postcode);
    if postcode.as_deref().is_some_and(|p| p.chars().count() > 16) {
        errors.insert("postcode".into(), "Must be up to 16 characters".into());
    }
    match (name, input.kind, input.currency, email, address1, city) {
        (Some(name), Some(kind), Some(currency), Some(email), Some(address1), Some(city))
            if errors.is_empty() =>
        {
            Ok(Partner {
                name,
                kind,
                registration_number,
                currency,
                email,
                vat_number,
                country,
                address1,
                city,
                postcode,
            })
        }
        _ => Err(errors),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn acme() -> PartnerInput {
        PartnerInput {
            name: "Acme Supplies Ltd".into(),
            kind: Some(PartnerType::Company),
            registration_number: "09876543".into(),
            currency: Some(Currency::Gbp),
            email: "Accounts@Acme.example".into(),
            vat_number: "gb 123 4567 89".into(),
            country: "gb".into(),
            address1: "1 Market Street".into(),
            city: "Leeds".into(),
            postcode: "LS1 6DT".into(),
        }
    }

    #[test]
    fn a_complete_partner_is_kept_tidy() {
        let partner = check(&acme()).unwrap();
        assert_eq!(partner.email, "accounts@acme.example");
        assert_eq!(partner.vat_number.as_deref(), Some("GB123456789"));
        assert_eq!(partner.country, "GB");
        assert_eq!(
            Partner::name_key("  ACME   Supplies ltd "),
            "acme supplies ltd"
        );
    }

    #[test]
    fn spec_messages_name_each_field() {
        let errors = check(&PartnerInput {
            registration_number: "AB!".into(),
            email: "not-an-email".into(),
            vat_number: "DE123".into(),
            country: "GB".into(),
            ..PartnerInput::default()
        })
        .unwrap_err();
        assert_eq!(errors["name"], "Field is required");
        assert_eq!(errors["type"], "Field is required");
        assert_eq!(errors["currency"], "Field is required");
        assert_eq!(errors["registrationNumber"], "Invalid registration number");
        assert_eq!(errors["email"], "Email is invalid");
        assert_eq!(errors["vatNumber"], "VAT number not valid");
        assert_eq!(errors["address1"], "Field is required");
        assert_eq!(errors["city"], "Field is required");
    }

    #[test]
    fn a_vat_number_is_checked_against_the_partners_country() {
        let mut german = acme();
        german.country = "DE".into();
        german.vat_number = "DE123456789".into();
        assert!(check(&german).is_ok());
        german.vat_number = "GB123456789".into();
        assert_eq!(
            check(&german).unwrap_err()["vatNumber"],
            "VAT number not valid"
        );
        german.country = "ZZ".into();
        assert_eq!(
            check(&german).unwrap_err()["country"],
            "Choose a country from the list"
        );
    }

    #[test]
    fn a_private_client_needs_no_numbers() {
        let person = PartnerInput {
            name: "Jane Doe".into(),
            kind: Some(PartnerType::Private),
            registration_number: String::new(),
            vat_number: String::new(),
            ..acme()
        };
        let partner = check(&person).unwrap();
        assert_eq!(
            (partner.registration_number, partner.vat_number),
            (None, None)
        );
    }
}
