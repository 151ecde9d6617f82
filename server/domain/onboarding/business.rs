//! SPEC §3 "Business creation": what the business onboarding wizard collects, step by step, and
//! the SPEC §5 rules each step's answers must meet before they are kept.

use std::collections::BTreeMap;

use time::Date;

use super::business_options::{self as options, Choice};
use super::countries;
use crate::domain::auth::email::Email;

pub type FieldErrors = BTreeMap<String, String>;

const REQUIRED: &str = "Field is required";
const MULTI_REQUIRED: &str = "Required field";
const OTHER_EMPTY: &str = "Option \"Other\" selected, but not filled";
const OTHER: &str = "OTHER:";

/// SPEC §2 "Business onboarding wizard", in order.
pub const STEPS: [&str; 5] = [
    "Company Type",
    "Company Details",
    "Business Details",
    "Business Address",
    "Activity Type",
];

/// The answers, with SPEC §3's field names. Multi-choice answers are the chosen values joined
/// by semicolons, with an optional `OTHER:` and the customer's own words.
#[derive(
    Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(default)]
pub struct BusinessData {
    pub country: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub name: String,
    pub number: String,
    /// yyyy-MM-dd.
    pub incorporation_date: String,
    pub email: String,
    pub telephone: String,
    pub website: String,
    pub vat_number: String,
    pub business_type: String,
    pub business_size: String,
    pub monthly_incoming_transaction_count: String,
    pub monthly_incoming_transaction_volume: String,
    pub monthly_outgoing_transaction_count: String,
    pub monthly_outgoing_transaction_volume: String,
    pub legal_address_1: String,
    pub legal_city: String,
    pub legal_postcode: String,
    pub legal_building_number: String,
    pub legal_region: String,
    pub legal_country: String,
    /// The trading address is the registered one.
    pub actual_same_as_legal: bool,
    pub actual_address_1: String,
    pub actual_city: String,
    pub actual_postcode: String,
    pub actual_building_number: String,
    pub actual_region: String,
    pub actual_country: String,
    #[serde(rename = "sourceOfFunds")]
    pub source_of_funds: String,
    #[serde(rename = "purposeDescription")]
    pub purpose_description: String,
    #[serde(rename = "sendingCounterparties")]
    pub sending_counterparties: String,
    #[serde(rename = "receivingCounterparties")]
    pub receiving_counterparties: String,
    #[serde(rename = "sendingCountries")]
    pub sending_countries: String,
    #[serde(rename = "receivingCountries")]
    pub receiving_countries: String,
}

/// Why the company's country cannot go on: not a country the bank serves for businesses.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    CountryNotSupported,
    Fields(FieldErrors),
}

pub(crate) fn required(errors: &mut FieldErrors, field: &str, value: &str, max: usize) {
    let value = value.trim();
    if value.is_empty() {
        errors.insert(field.into(), REQUIRED.into());
    } else if value.chars().count() > max {
        errors.insert(field.into(), format!("Must be up to {max} characters"));
    } else if crate::domain::names::has_hidden(value) {
        errors.insert(field.into(), crate::domain::names::INVALID_SYMBOLS.into());
    }
}

fn one_of(errors: &mut FieldErrors, field: &str, value: &str, list: &[Choice], message: &str) {
    if !list.iter().any(|choice| choice.value == value) {
        errors.insert(field.into(), message.into());
    }
}

/// SPEC §5: letters, digits and hyphens, at least 4.
pub fn registration_number_ok(number: &str) -> bool {
    let number = number.trim();
    (4..=20).contains(&number.len())
        && number
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// A web address a customer can visit: http or https with a host that has a dot. A bare
/// "example.com" is read as https.
pub fn url_ok(text: &str) -> bool {
    let text = text.trim();
    let full = if text.contains("://") {
        text.to_string()
    } else {
        format!("https://{text}")
    };
    url::Url::parse(&full).is_ok_and(|url| {
        matches!(url.scheme(), "http" | "https")
            && url
                .host_str()
                .is_some_and(|host| host.contains('.') && !host.ends_with('.'))
    })
}

/// A VAT number in the form its country issues: GB with 9 or 12 digits (or the GD/HA
/// government ranges), EU numbers with the country's prefix (EL for Greece) and 2 to 12
/// letters or digits. Spaces are ignored.
pub fn vat_ok(text: &str, country: &str) -> bool {
    let vat: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_uppercase();
    let prefix = if country == "GR" { "EL" } else { country };
    let Some(rest) = vat.strip_prefix(prefix) else {
        return false;
    };
    if country == "GB" {
        let digits = rest.chars().all(|c| c.is_ascii_digit());
        return (digits && matches!(rest.len(), 9 | 12))
            || ((rest.starts_with("GD") || rest.starts_with("HA"))
                && rest.len() == 5
                && rest[2..].chars().all(|c| c.is_ascii_digit()));
    }
    (2..=12).contains(&rest.len()) && rest.chars().all(|c| c.is_ascii_alphanumeric())
}

/// SPEC §5 phone rule: at most 15 digits, after an optional plus.
pub fn phone_ok(text: &str) -> bool {
    let digits: String = text
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '(' | ')'))
        .collect();
    let digits = digits.strip_prefix('+').unwrap_or(&digits);
    (6..=15).contains(&digits.len()) && digits.chars().all(|c| c.is_ascii_digit())
}

/// A multi-choice answer: the chosen values, and the customer's own words if "Other" was chosen.
#[derive(Debug, PartialEq, Eq)]
pub struct MultiChoice {
    pub values: Vec<String>,
    pub other: Option<String>,
}

/// Reads a stored multi-choice answer (SPEC §3): `a;b;OTHER:text`.
pub fn parse_multi(text: &str) -> MultiChoice {
    let mut values = Vec::new();
    let mut other = None;
    for part in text.split(';').map(str::trim).filter(|p| !p.is_empty()) {
        match part.strip_prefix(OTHER) {
            Some(words) => other = Some(words.trim().to_string()),
            None => values.push(part.to_string()),
        }
    }
    MultiChoice { values, other }
}

fn multi(errors: &mut FieldErrors, field: &str, value: &str, allowed: &dyn Fn(&str) -> bool) {
    // The other text itself may not carry the separator, or it would read as a second answer.
    let answer = parse_multi(value);
    if answer.values.is_empty() && answer.other.is_none() {
        errors.insert(field.into(), MULTI_REQUIRED.into());
    } else if answer.other.as_deref() == Some("") {
        errors.insert(field.into(), OTHER_EMPTY.into());
    } else if answer
        .other
        .as_ref()
        .is_some_and(|o| o.chars().count() > 200)
    {
        errors.insert(field.into(), "Must be up to 200 characters".into());
    } else if !answer.values.iter().all(|v| allowed(v)) {
        errors.insert(field.into(), "Choose from the list".into());
    }
}

fn in_list(list: &'static [Choice]) -> impl Fn(&str) -> bool {
    move |value| list.iter().any(|choice| choice.value == value)
}

fn a_country(value: &str) -> bool {
    countries::all().iter().any(|c| c.code == value)
}

/// Checks the answers of step `step` (0 to 4, SPEC's order), with `today` for dates.
pub fn check_step(data: &BusinessData, step: usize, today: Date) -> Result<(), Refusal> {
    let mut errors = FieldErrors::new();
    match step {
        0 => {
            let Some(country) = countries::all()
                .into_iter()
                .find(|c| c.code == data.country)
            else {
                return Err(Refusal::Fields(FieldErrors::from([(
                    "country".into(),
                    "Select country".into(),
                )])));
            };
            if !country.is_supported {
                return Err(Refusal::CountryNotSupported);
            }
            if !country.company_types.iter().any(|t| t.value == data.kind) {
                errors.insert("type".into(), REQUIRED.into());
            }
        }
        1 => {
            required(&mut errors, "name", &data.name, 160);
            if !errors.contains_key("name") {
                if let Err(message) = crate::domain::names::check_text(&data.name) {
                    errors.insert("name".into(), message.into());
                }
            }
            if !registration_number_ok(&data.number) {
                errors.insert("number".into(), "Invalid registration number".into());
            }
            match Date::parse(
                data.incorporation_date.trim(),
                time::macros::format_description!("[year]-[month]-[day]"),
            ) {
                Ok(date) if date <= today && date.year() >= 1800 => {}
                _ => {
                    errors.insert("incorporation_date".into(), "Date is invalid".into());
                }
            }
            if let Err(message) = Email::parse(&data.email) {
                errors.insert("email".into(), message.into());
            }
            if !phone_ok(&data.telephone) {
                errors.insert("telephone".into(), "Phone number is out of range".into());
            }
        }
        2 => {
            one_of(
                &mut errors,
                "business_type",
                &data.business_type,
                options::BUSINESS_TYPES,
                "Select industry type",
            );
            one_of(
                &mut errors,
                "business_size",
                &data.business_size,
                options::BUSINESS_SIZES,
                REQUIRED,
            );
            let volumes = if data.country == "GB" {
                options::VOLUMES_GBP
            } else {
                options::VOLUMES_EUR
            };
            for (field, list) in [
                (
                    "monthly_incoming_transaction_count",
                    options::TRANSACTION_COUNTS,
                ),
                ("monthly_incoming_transaction_volume", volumes),
                (
                    "monthly_outgoing_transaction_count",
                    options::TRANSACTION_COUNTS,
                ),
                ("monthly_outgoing_transaction_volume", volumes),
            ] {
                let value = match field {
                    "monthly_incoming_transaction_count" => {
                        &data.monthly_incoming_transaction_count
                    }
                    "monthly_incoming_transaction_volume" => {
                        &data.monthly_incoming_transaction_volume
                    }
                    "monthly_outgoing_transaction_count" => {
                        &data.monthly_outgoing_transaction_count
                    }
                    _ => &data.monthly_outgoing_transaction_volume,
                };
                one_of(&mut errors, field, value, list, REQUIRED);
            }
            if !data.website.trim().is_empty() && !url_ok(&data.website) {
                errors.insert("website".into(), "Invalid URL".into());
            }
            if !data.vat_number.trim().is_empty() && !vat_ok(&data.vat_number, &data.country) {
                errors.insert("vat_number".into(), "VAT number not valid".into());
            }
        }
        3 => {
            address(
                &mut errors,
                "legal",
                [
                    &data.legal_address_1,
                    &data.legal_city,
                    &data.legal_postcode,
                    &data.legal_building_number,
                    &data.legal_region,
                    &data.legal_country,
                ],
            );
            if !errors.contains_key("legal_country") && data.legal_country != data.country {
                errors.insert(
                    "legal_country".into(),
                    "The registered address is in the country of registration".into(),
                );
            }
            // SPEC §5: trading fields are optional when the registered address is copied.
            if !data.actual_same_as_legal {
                address(
                    &mut errors,
                    "actual",
                    [
                        &data.actual_address_1,
                        &data.actual_city,
                        &data.actual_postcode,
                        &data.actual_building_number,
                        &data.actual_region,
                        &data.actual_country,
                    ],
                );
            }
        }
        4 => {
            let young = Date::parse(
                data.incorporation_date.trim(),
                time::macros::format_description!("[year]-[month]-[day]"),
            )
            .ok();
            let sources = options::sources_of_funds(young, today);
            multi(&mut errors, "sourceOfFunds", &data.source_of_funds, &|v| {
                sources.iter().any(|c| c.value == v)
            });
            multi(
                &mut errors,
                "purposeDescription",
                &data.purpose_description,
                &in_list(options::PURPOSES),
            );
            multi(
                &mut errors,
                "sendingCounterparties",
                &data.sending_counterparties,
                &in_list(options::SENDING_COUNTERPARTIES),
            );
            multi(
                &mut errors,
                "receivingCounterparties",
                &data.receiving_counterparties,
                &in_list(options::RECEIVING_COUNTERPARTIES),
            );
            multi(
                &mut errors,
                "sendingCountries",
                &data.sending_countries,
                &a_country,
            );
            multi(
                &mut errors,
                "receivingCountries",
                &data.receiving_countries,
                &a_country,
            );
        }
        _ => {
            errors.insert("step".into(), "Step is out of range".into());
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(Refusal::Fields(errors))
    }
}

/// SPEC §5: the building number is mandatory for GB only.
fn address(
    errors: &mut FieldErrors,
    prefix: &str,
    [line, city, postcode, building, region, country]: [&String; 6],
) {
    required(errors, &format!("{prefix}_address_1"), line, 100);
    required(errors, &format!("{prefix}_city"), city, 60);
    required(errors, &format!("{prefix}_postcode"), postcode, 10);
    if country == "GB" || !building.trim().is_empty() {
        required(errors, &format!("{prefix}_building_number"), building, 20);
    }
    if !region.trim().is_empty() {
        required(errors, &format!("{prefix}_region"), region, 60);
    }
    if countries::supported(country).is_none() {
        errors.insert(format!("{prefix}_country"), "Select country".into());
    }
}

/// Checks every step, for the final submission.
pub fn check_all(data: &BusinessData, today: Date) -> Result<(), Refusal> {
    (0..STEPS.len()).try_for_each(|step| check_step(data, step, today))
}

/// SPEC §4: changing the country resets the business onboarding data; what was typed for one
/// country's company does not carry over to another's.
pub fn with_country_reset(stored: &BusinessData, incoming: BusinessData) -> BusinessData {
    if !stored.country.is_empty() && stored.country != incoming.country {
        BusinessData {
            country: incoming.country,
            kind: incoming.kind,
            ..BusinessData::default()
        }
    } else {
        incoming
    }
}

impl BusinessData {
    /// The label of every coded answer in the application (company type, industry, size,
    /// volumes, sources, purposes, counterparties, countries), by code, for a reader who did not
    /// fill in the wizard: the back office's KYB case.
    pub fn labels(&self) -> std::collections::BTreeMap<String, String> {
        use super::business_options::*;
        let mut labels = std::collections::BTreeMap::new();
        let countries = super::countries::all();
        let new_company = [NEW_COMPANY_SOURCE];
        let tables = [
            BUSINESS_TYPES,
            BUSINESS_SIZES,
            TRANSACTION_COUNTS,
            VOLUMES_GBP,
            VOLUMES_EUR,
            SOURCES_OF_FUNDS,
            &new_company[..],
            PURPOSES,
            SENDING_COUNTERPARTIES,
            RECEIVING_COUNTERPARTIES,
        ];
        let coded = [
            &self.business_type,
            &self.business_size,
            &self.monthly_incoming_transaction_count,
            &self.monthly_incoming_transaction_volume,
            &self.monthly_outgoing_transaction_count,
            &self.monthly_outgoing_transaction_volume,
            &self.source_of_funds,
            &self.purpose_description,
            &self.sending_counterparties,
            &self.receiving_counterparties,
        ];
        for code in coded.iter().flat_map(|joined| joined.split(';')) {
            if let Some(choice) = tables
                .iter()
                .flat_map(|t| t.iter())
                .find(|c| c.value == code)
            {
                labels.insert(code.to_string(), choice.label.to_string());
            }
        }
        let places = [&self.country, &self.legal_country, &self.actual_country];
        let trade = [&self.sending_countries, &self.receiving_countries];
        for code in places
            .into_iter()
            .map(String::as_str)
            .chain(trade.iter().flat_map(|joined| joined.split(';')))
        {
            if let Some(country) = countries.iter().find(|c| c.code == code) {
                labels.insert(code.to_string(), country.name.to_string());
            }
        }
        if let Some(kind) = countries
            .iter()
            .find(|c| c.code == self.country)
            .and_then(|c| c.company_types.iter().find(|t| t.value == self.kind))
        {
            labels.insert(self.kind.clone(), kind.label.to_string());
        }
        labels
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    const TODAY: Date = date!(2026 - 11 - 23);

    pub fn complete() -> BusinessData {
        BusinessData {
            country: "GB".into(),
            kind: "ltd".into(),
            name: "Bennett & Hale Trading Ltd".into(),
            number: "09876543".into(),
            incorporation_date: "2019-05-01".into(),
            email: "office@bennett-hale.example".into(),
            telephone: "+44 7700 900123".into(),
            business_type: "wholesale_retail".into(),
            business_size: "micro".into(),
            monthly_incoming_transaction_count: "11-50".into(),
            monthly_incoming_transaction_volume: "10000-50000".into(),
            monthly_outgoing_transaction_count: "11-50".into(),
            monthly_outgoing_transaction_volume: "10000-50000".into(),
            legal_address_1: "High Street".into(),
            legal_city: "London".into(),
            legal_postcode: "EC1A 1BB".into(),
            legal_building_number: "10".into(),
            legal_country: "GB".into(),
            actual_same_as_legal: true,
            source_of_funds: "revenue".into(),
            purpose_description: "payments_suppliers;OTHER:Paying rent".into(),
            sending_counterparties: "clients".into(),
            receiving_counterparties: "suppliers;tax".into(),
            sending_countries: "GB;DE".into(),
            receiving_countries: "GB".into(),
            ..BusinessData::default()
        }
    }

    fn fields(result: Result<(), Refusal>) -> FieldErrors {
        match result {
            Err(Refusal::Fields(fields)) => fields,
            other => panic!("expected field errors, got {other:?}"),
        }
    }

    #[test]
    fn a_complete_business_passes_every_step() {
        assert_eq!(check_all(&complete(), TODAY), Ok(()));
    }

    #[test]
    fn spec_messages_for_numbers_urls_and_vat() {
        let mut data = complete();
        data.number = "AB!".into();
        assert_eq!(
            fields(check_step(&data, 1, TODAY))["number"],
            "Invalid registration number"
        );
        data.number = "SC-1234".into();
        data.telephone = "+44 1234 5678 9012 34".into();
        assert_eq!(
            fields(check_step(&data, 1, TODAY))["telephone"],
            "Phone number is out of range"
        );
        data.website = "not a url".into();
        data.vat_number = "GB12345".into();
        let errors = fields(check_step(&data, 2, TODAY));
        assert_eq!(errors["website"], "Invalid URL");
        assert_eq!(errors["vat_number"], "VAT number not valid");
        assert!(url_ok("bennett-hale.example") && url_ok("https://www.gov.uk/x"));
        assert!(!url_ok("ftp://files.example") && !url_ok("localhost"));
        assert!(
            vat_ok("GB 123 4567 89", "GB")
                && vat_ok("GBGD001", "GB")
                && vat_ok("DE123456789", "DE")
        );
        assert!(vat_ok("EL123456789", "GR") && !vat_ok("FR123", "DE"));
    }

    #[test]
    fn multi_choice_answers_and_their_messages() {
        assert_eq!(
            parse_multi("clients;OTHER:Family office"),
            MultiChoice {
                values: vec!["clients".into()],
                other: Some("Family office".into())
            }
        );
        let mut data = complete();
        data.sending_counterparties = "OTHER:".into();
        data.receiving_counterparties = String::new();
        data.purpose_description = "bribes".into();
        let errors = fields(check_step(&data, 4, TODAY));
        assert_eq!(
            errors["sendingCounterparties"],
            "Option \"Other\" selected, but not filled"
        );
        assert_eq!(errors["receivingCounterparties"], "Required field");
        assert_eq!(errors["purposeDescription"], "Choose from the list");
    }

    #[test]
    fn unsupported_countries_and_addresses() {
        let mut data = complete();
        data.country = "NO".into();
        assert_eq!(
            check_step(&data, 0, TODAY),
            Err(Refusal::CountryNotSupported)
        );
        let mut data = complete();
        data.legal_building_number = String::new();
        assert_eq!(
            fields(check_step(&data, 3, TODAY))["legal_building_number"],
            "Field is required"
        );
        data.legal_building_number = "10".into();
        data.actual_same_as_legal = false;
        assert_eq!(
            fields(check_step(&data, 3, TODAY))["actual_address_1"],
            "Field is required"
        );
    }

    #[test]
    fn a_new_country_starts_the_answers_again() {
        let stored = complete();
        let mut incoming = complete();
        incoming.country = "DE".into();
        incoming.kind = "gmbh".into();
        let reset = with_country_reset(&stored, incoming);
        assert_eq!(reset.country, "DE");
        assert_eq!(reset.name, "");
        assert_eq!(with_country_reset(&stored, complete()), complete());
    }
}
