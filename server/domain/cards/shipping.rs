//! Where a card is sent (SPEC §2 "shipping address choice", §3 "Shipping address"): the
//! registered address (the company's, or a private customer's home), the company's trading
//! address, or another address typed in.

use std::collections::BTreeMap;

use crate::domain::onboarding::business::{required, BusinessData};
use crate::domain::onboarding::countries;

named_enum! {
    /// SPEC §3 Profile `cardShippingAddressType`.
    pub enum ShippingType {
        Registered = "registered",
        Trading = "trading",
        Other = "other",
    }
}

/// SPEC §3 "Shipping address".
#[derive(
    Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase", default)]
pub struct ShippingAddress {
    pub address_line1: String,
    pub address_line2: String,
    pub city: String,
    pub postal_code: String,
    /// ISO 3166-1 alpha-2.
    pub country_code: String,
}

impl ShippingAddress {
    /// Checks an address typed in, with SPEC §5's messages; answers it trimmed.
    pub fn checked(&self) -> Result<Self, BTreeMap<String, String>> {
        let mut errors = BTreeMap::new();
        required(&mut errors, "addressLine1", &self.address_line1, 100);
        if !self.address_line2.trim().is_empty() {
            required(&mut errors, "addressLine2", &self.address_line2, 100);
        }
        required(&mut errors, "city", &self.city, 60);
        required(&mut errors, "postalCode", &self.postal_code, 10);
        if countries::supported(self.country_code.trim()).is_none() {
            errors.insert("countryCode".into(), "Select country".into());
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Self {
            address_line1: self.address_line1.trim().into(),
            address_line2: self.address_line2.trim().into(),
            city: self.city.trim().into(),
            postal_code: self.postal_code.trim().to_uppercase(),
            country_code: self.country_code.trim().into(),
        })
    }

    /// One line for a label or a notice.
    pub fn one_line(&self) -> String {
        [
            &self.address_line1,
            &self.address_line2,
            &self.city,
            &self.postal_code,
        ]
        .iter()
        .filter(|part| !part.is_empty())
        .map(|part| part.as_str())
        .collect::<Vec<_>>()
        .join(", ")
    }
}

/// "12 High Street" from a building number and a street, as the onboarding forms keep them.
fn street(building: &str, line: &str) -> String {
    [building.trim(), line.trim()]
        .iter()
        .filter(|p| !p.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The company's registered and trading addresses, from its onboarding answers.
pub fn of_business(data: &BusinessData) -> Vec<(ShippingType, ShippingAddress)> {
    let registered = ShippingAddress {
        address_line1: street(&data.legal_building_number, &data.legal_address_1),
        address_line2: data.legal_region.trim().into(),
        city: data.legal_city.trim().into(),
        postal_code: data.legal_postcode.trim().into(),
        country_code: data.legal_country.trim().into(),
    };
    let trading = if data.actual_same_as_legal {
        registered.clone()
    } else {
        ShippingAddress {
            address_line1: street(&data.actual_building_number, &data.actual_address_1),
            address_line2: data.actual_region.trim().into(),
            city: data.actual_city.trim().into(),
            postal_code: data.actual_postcode.trim().into(),
            country_code: data.actual_country.trim().into(),
        }
    };
    [
        (ShippingType::Registered, registered),
        (ShippingType::Trading, trading),
    ]
    .into_iter()
    .filter(|(_, address)| address.checked().is_ok())
    .collect()
}

/// A private customer's home address, as the onboarding recorded it.
pub fn of_person(
    building: &str,
    line: &str,
    city: &str,
    postcode: &str,
    country: &str,
) -> Option<ShippingAddress> {
    let address = ShippingAddress {
        address_line1: street(building, line),
        address_line2: String::new(),
        city: city.trim().into(),
        postal_code: postcode.trim().into(),
        country_code: country.trim().into(),
    };
    address.checked().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finsbury() -> ShippingAddress {
        ShippingAddress {
            address_line1: " 20 Finsbury Circus ".into(),
            address_line2: String::new(),
            city: "London".into(),
            postal_code: "ec2m 7ea".into(),
            country_code: "GB".into(),
        }
    }

    #[test]
    fn an_address_typed_in_is_checked_and_trimmed() {
        let checked = finsbury().checked().unwrap();
        assert_eq!(checked.address_line1, "20 Finsbury Circus");
        assert_eq!(checked.postal_code, "EC2M 7EA");
        assert_eq!(checked.one_line(), "20 Finsbury Circus, London, EC2M 7EA");
        let errors = ShippingAddress::default().checked().unwrap_err();
        assert_eq!(errors["addressLine1"], "Field is required");
        assert_eq!(errors["city"], "Field is required");
        assert_eq!(errors["postalCode"], "Field is required");
        assert_eq!(errors["countryCode"], "Select country");
        let long = ShippingAddress {
            city: "x".repeat(61),
            ..finsbury()
        };
        assert_eq!(
            long.checked().unwrap_err()["city"],
            "Must be up to 60 characters"
        );
    }

    #[test]
    fn a_company_offers_its_registered_and_trading_addresses() {
        let data = BusinessData {
            legal_address_1: "High Street".into(),
            legal_building_number: "12".into(),
            legal_city: "Leeds".into(),
            legal_postcode: "LS1 4AP".into(),
            legal_country: "GB".into(),
            actual_same_as_legal: true,
            ..BusinessData::default()
        };
        let choices = of_business(&data);
        assert_eq!(choices.len(), 2);
        assert_eq!(choices[0].1.address_line1, "12 High Street");
        assert_eq!(
            choices[0].1, choices[1].1,
            "trading is the registered address"
        );
        assert!(
            of_business(&BusinessData::default()).is_empty(),
            "nothing to offer yet"
        );
        assert!(of_person("", "", "", "", "").is_none());
        assert_eq!(
            of_person("20", "Finsbury Circus", "London", "EC2M 7EA", "GB")
                .unwrap()
                .address_line1,
            "20 Finsbury Circus"
        );
    }
}
