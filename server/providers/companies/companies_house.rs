//! The Companies House public search API (GET /search/companies, HTTP Basic with the API key
//! as the user name): https://developer.company-information.service.gov.uk/.

use std::time::Duration;

use secrecy::ExposeSecret;

use super::{
    split_building, CompanyAddress, CompanyMatch, CompanyRegister, RegisterError, Searching,
};

use crate::config::CompaniesHouseSettings;

pub struct CompaniesHouse {
    settings: CompaniesHouseSettings,
    client: reqwest::Client,
}

impl CompaniesHouse {
    pub fn new(settings: CompaniesHouseSettings) -> Self {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(5))
            .build()
            .unwrap_or_default();
        Self { settings, client }
    }
}

#[derive(serde::Deserialize)]
struct Page {
    #[serde(default)]
    items: Vec<Item>,
}

#[derive(serde::Deserialize)]
struct Item {
    #[serde(default)]
    title: String,
    #[serde(default)]
    company_number: String,
    #[serde(default)]
    company_status: String,
    date_of_creation: Option<String>,
    #[serde(default)]
    address: Address,
}

#[derive(serde::Deserialize, Default)]
struct Address {
    premises: Option<String>,
    address_line_1: Option<String>,
    address_line_2: Option<String>,
    locality: Option<String>,
    region: Option<String>,
    postal_code: Option<String>,
}

impl From<Item> for CompanyMatch {
    fn from(item: Item) -> Self {
        let a = item.address;
        let line = a.address_line_1.unwrap_or_default();
        let (street, building) = match a.premises.filter(|p| !p.trim().is_empty()) {
            Some(premises) => (line, Some(premises.trim().to_string())),
            None => split_building(&line),
        };
        let street = if street.is_empty() {
            a.address_line_2.unwrap_or_default()
        } else {
            street
        };
        CompanyMatch {
            name: item.title,
            number: item.company_number,
            incorporation_date: item.date_of_creation,
            address: CompanyAddress {
                address1: street,
                building_number: building,
                city: a.locality.unwrap_or_default(),
                postcode: a.postal_code.unwrap_or_default(),
                region: a.region,
                country: "GB".into(),
            },
        }
    }
}

impl CompanyRegister for CompaniesHouse {
    fn search<'a>(&'a self, keyword: &'a str) -> Searching<'a> {
        Box::pin(async move {
            let url = format!(
                "{}/search/companies",
                self.settings.base_url.trim_end_matches('/')
            );
            let reply = self
                .client
                .get(url)
                .query(&[("q", keyword.trim()), ("items_per_page", "20")])
                .basic_auth(self.settings.api_key.expose_secret(), Some(""))
                .send()
                .await
                .map_err(|e| RegisterError::Unavailable(e.to_string()))?;
            if !reply.status().is_success() {
                return Err(RegisterError::Unavailable(format!(
                    "status {}",
                    reply.status()
                )));
            }
            let page: Page = reply
                .json()
                .await
                .map_err(|e| RegisterError::Unavailable(e.to_string()))?;
            // Dissolved companies cannot open an account; the wizard offers only live ones.
            Ok(page
                .items
                .into_iter()
                .filter(|item| item.company_status == "active")
                .map(CompanyMatch::from)
                .collect())
        })
    }
}
