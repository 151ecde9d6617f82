//! UK address look-up behind the wizard's postcode search (SPEC §7 POST
//! /v2/countries/addresses/search, SPEC §5's 5-10 characters and 300 ms debounce in the app):
//! a sandbox over a bundled sample, or Ideal Postcodes' postcode API when a key is configured.

pub mod ideal_postcodes;
mod sandbox;

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

pub use ideal_postcodes::IdealPostcodes;
pub use sandbox::SandboxAddresses;

/// One address as the search shows it and the form fills it (SPEC §3 "Address search result").
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddressMatch {
    pub postal_code: String,
    /// The whole address on one line, as the list shows it.
    pub address: String,
    pub city: String,
    pub address_line1: String,
    pub building_number: String,
}

#[derive(Debug, thiserror::Error)]
pub enum AddressError {
    /// The service did not answer, refused the bank's key, or the bank's balance with it is
    /// spent: the person types the address.
    #[error("the address service did not answer: {0}")]
    Unavailable(String),
}

pub type Finding<'a> =
    Pin<Box<dyn Future<Output = Result<Vec<AddressMatch>, AddressError>> + Send + 'a>>;

pub trait AddressLookup: Send + Sync {
    /// The addresses at `postcode`; none for a postcode that does not exist.
    fn find<'a>(&'a self, postcode: &'a str) -> Finding<'a>;
}

/// The look-up the configuration names: Ideal Postcodes with a key, the sample in sandbox
/// mode, else none (the person types the address).
pub fn from_config(config: &crate::config::Config) -> Option<Arc<dyn AddressLookup>> {
    match &config.ideal_postcodes {
        Some(settings) => Some(Arc::new(IdealPostcodes::new(settings.clone()))),
        None if config.sandbox => Some(Arc::new(SandboxAddresses)),
        None => None,
    }
}
