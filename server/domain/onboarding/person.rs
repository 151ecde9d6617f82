//! The person behind a sign-up (SPEC §3 "Person payload"), checked with the rules and
//! messages of SPEC §5 before anything is stored.

use std::collections::BTreeMap;

use time::Date;

use super::countries;
use crate::domain::auth::birth_date;

pub const TITLES: [&str; 7] = ["Mr", "Mrs", "Miss", "Ms", "Dr", "Prof", "None"];
const REQUIRED: &str = "Field is required";
const MAX_LEN: usize = 50;

pub type FieldErrors = BTreeMap<String, String>;

#[derive(Debug, Default, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PersonalDetailsInput {
    #[serde(default)]
    pub title: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub middlename: String,
    #[serde(default)]
    pub surname: String,
    /// yyyy-MM-dd (SPEC §9), entered by the person as DD MM YYYY.
    #[serde(default)]
    pub dob: String,
    #[serde(default)]
    pub is_pep: bool,
}

#[derive(Debug, PartialEq, Eq)]
pub struct PersonalDetails {
    pub title: String,
    pub name: String,
    pub middle_name: Option<String>,
    pub surname: String,
    pub dob: Date,
    pub is_pep: bool,
}

fn name_part(errors: &mut FieldErrors, field: &str, value: &str, required: bool) -> String {
    let value = value.trim();
    if value.is_empty() && required {
        errors.insert(field.into(), REQUIRED.into());
    } else if value.chars().count() > MAX_LEN {
        errors.insert(field.into(), format!("Must be up to {MAX_LEN} characters"));
    } else if !value.is_empty() {
        if let Err(message) = crate::domain::names::check_person(value) {
            errors.insert(field.into(), message.into());
        }
    }
    value.to_string()
}

pub fn check_details(
    input: &PersonalDetailsInput,
    today: Date,
) -> Result<PersonalDetails, FieldErrors> {
    let mut errors = FieldErrors::new();
    if !TITLES.contains(&input.title.as_str()) {
        errors.insert("title".into(), "Title required".into());
    }
    let name = name_part(&mut errors, "name", &input.name, true);
    let middle = name_part(&mut errors, "middlename", &input.middlename, false);
    let surname = name_part(&mut errors, "surname", &input.surname, true);
    let mut parts = input.dob.trim().splitn(3, '-');
    let (year, month, day) = (
        parts.next().unwrap_or_default(),
        parts.next().unwrap_or_default(),
        parts.next().unwrap_or_default(),
    );
    let dob = if input.dob.trim().is_empty() {
        errors.insert("dob".into(), REQUIRED.into());
        None
    } else {
        birth_date::parse(day, month, year, today)
            .map_err(|message| errors.insert("dob".into(), message.into()))
            .ok()
    };
    match dob {
        Some(dob) if errors.is_empty() => Ok(PersonalDetails {
            title: input.title.clone(),
            name,
            middle_name: (!middle.is_empty()).then_some(middle),
            surname,
            dob,
            is_pep: input.is_pep,
        }),
        _ => Err(errors),
    }
}

#[derive(Debug, Default, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AddressInput {
    #[serde(default)]
    pub country: String,
    #[serde(default)]
    pub postcode: String,
    #[serde(default)]
    pub city: String,
    #[serde(default)]
    pub region: String,
    #[serde(default)]
    pub address1: String,
    #[serde(default)]
    pub building_number: String,
}

#[derive(Debug, PartialEq, Eq)]
pub struct Address {
    pub country: String,
    pub postcode: String,
    pub city: String,
    pub region: Option<String>,
    pub address1: String,
    pub building_number: Option<String>,
}

fn text(errors: &mut FieldErrors, field: &str, value: &str, required: bool, max: usize) -> String {
    let value = value.trim();
    if value.is_empty() && required {
        errors.insert(field.into(), REQUIRED.into());
    } else if value.chars().count() > max {
        errors.insert(field.into(), format!("Must be up to {max} characters"));
    } else if crate::domain::names::has_hidden(value) {
        errors.insert(field.into(), crate::domain::names::INVALID_SYMBOLS.into());
    }
    value.to_string()
}

/// SPEC §5: the building number is mandatory for the United Kingdom only.
pub fn check_address(input: &AddressInput) -> Result<Address, FieldErrors> {
    let mut errors = FieldErrors::new();
    let country = input.country.trim().to_ascii_uppercase();
    if !countries::all()
        .iter()
        .any(|c| c.code == country && c.is_supported)
    {
        errors.insert("country".into(), "Select country".into());
    }
    let postcode = text(&mut errors, "postcode", &input.postcode, true, 10).to_uppercase();
    let city = text(&mut errors, "city", &input.city, true, 60);
    let region = text(&mut errors, "region", &input.region, false, 60);
    let address1 = text(&mut errors, "address1", &input.address1, true, 100);
    let building = text(
        &mut errors,
        "buildingNumber",
        &input.building_number,
        country == "GB",
        20,
    );
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Address {
        country,
        postcode,
        city,
        region: (!region.is_empty()).then_some(region),
        address1,
        building_number: (!building.is_empty()).then_some(building),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    const TODAY: Date = date!(2026 - 11 - 22);

    fn details() -> PersonalDetailsInput {
        PersonalDetailsInput {
            title: "Ms".into(),
            name: "Grace".into(),
            middlename: String::new(),
            surname: "Hopper".into(),
            dob: "1990-02-09".into(),
            is_pep: false,
        }
    }

    #[test]
    fn complete_details_pass_and_are_trimmed() {
        let mut input = details();
        input.name = "  Grace ".into();
        let person = check_details(&input, TODAY).unwrap();
        assert_eq!(person.name, "Grace");
        assert_eq!(person.middle_name, None);
        assert_eq!(person.dob, date!(1990 - 02 - 09));
    }

    #[test]
    fn each_rule_has_its_spec_message() {
        let input = PersonalDetailsInput {
            title: "Sir".into(),
            dob: "2010-01-01".into(),
            ..Default::default()
        };
        let errors = check_details(&input, TODAY).unwrap_err();
        assert_eq!(errors["title"], "Title required");
        assert_eq!(errors["name"], "Field is required");
        assert_eq!(errors["surname"], "Field is required");
        assert_eq!(errors["dob"], "You must be at least 18 years old");
        let mut old = details();
        old.dob = "1920-01-01".into();
        assert_eq!(
            check_details(&old, TODAY).unwrap_err()["dob"],
            "Birth date is out of range"
        );
        old.dob = "1990-02-30".into();
        assert_eq!(
            check_details(&old, TODAY).unwrap_err()["dob"],
            "Date is invalid"
        );
    }

    #[test]
    fn the_building_number_is_required_in_the_uk_only() {
        let mut input = AddressInput {
            country: "GB".into(),
            postcode: "ec2m 7ea".into(),
            city: "London".into(),
            address1: "Finsbury Circus".into(),
            ..Default::default()
        };
        assert_eq!(
            check_address(&input).unwrap_err()["buildingNumber"],
            "Field is required"
        );
        input.country = "DE".into();
        let address = check_address(&input).unwrap();
        assert_eq!(address.postcode, "EC2M 7EA");
        assert_eq!(address.building_number, None);
        input.country = "US".into();
        assert_eq!(
            check_address(&input).unwrap_err()["country"],
            "Select country"
        );
    }
}
