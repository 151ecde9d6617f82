//! The company register behind the wizard's company search (SPEC §7 POST /v2/companies/search):
//! a sandbox register over a bundled sample of the real UK register, or the Companies House
//! public search API when an API key is configured.

pub mod companies_house;
mod sandbox;

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

pub use companies_house::CompaniesHouse;
pub use sandbox::SandboxRegister;

/// A company as the search shows it and the wizard prefills it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyMatch {
    pub name: String,
    pub number: String,
    /// yyyy-MM-dd, when the register gives it.
    pub incorporation_date: Option<String>,
    pub address: CompanyAddress,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyAddress {
    pub address1: String,
    pub building_number: Option<String>,
    pub city: String,
    pub postcode: String,
    pub region: Option<String>,
    pub country: String,
}

#[derive(Debug, thiserror::Error)]
pub enum RegisterError {
    #[error("the company register did not answer: {0}")]
    Unavailable(String),
}

pub type Searching<'a> =
    Pin<Box<dyn Future<Output = Result<Vec<CompanyMatch>, RegisterError>> + Send + 'a>>;

pub trait CompanyRegister: Send + Sync {
    /// Companies whose name or number matches `keyword` (2 characters or more), at most 20.
    fn search<'a>(&'a self, keyword: &'a str) -> Searching<'a>;
}

/// The register the configuration names: Companies House with a key, the sandbox sample in
/// sandbox mode, else none (the person types the company's details).
pub fn from_config(config: &crate::config::Config) -> Option<Arc<dyn CompanyRegister>> {
    match &config.companies_house {
        Some(settings) => Some(Arc::new(CompaniesHouse::new(settings.clone()))),
        None if config.sandbox => Some(Arc::new(SandboxRegister::bundled())),
        None => None,
    }
}

/// "83 DUCIE STREET" → ("DUCIE STREET", Some("83")): the UK register keeps the building
/// number in the first line, the wizard asks for it apart.
pub fn split_building(line: &str) -> (String, Option<String>) {
    let line = line.trim();
    match line.split_once(' ') {
        Some((first, rest)) if first.chars().next().is_some_and(|c| c.is_ascii_digit()) => (
            rest.trim().to_string(),
            Some(first.trim_end_matches(',').to_string()),
        ),
        _ => (line.to_string(), None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn building_numbers_come_off_the_first_line() {
        assert_eq!(
            split_building("83 DUCIE STREET"),
            ("DUCIE STREET".into(), Some("83".into()))
        );
        assert_eq!(split_building("2A, HIGH ROAD").1, Some("2A".into()));
        assert_eq!(
            split_building("GROUND FLOOR FLAT"),
            ("GROUND FLOOR FLAT".into(), None)
        );
    }
}
