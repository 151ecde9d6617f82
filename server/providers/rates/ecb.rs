//! The European Central Bank's euro foreign exchange reference rates: one XML document a working
//! day, about 16:00 CET (https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml).
//! The document is a gesmes envelope whose `Cube time='yyyy-mm-dd'` holds one
//! `Cube currency='USD' rate='1.0163'` per currency. The ECB does not publish the Albanian lek:
//! with this provider, pairs with ALL have no rate and are not quoted.

use std::str::FromStr;
use std::time::Duration;

use quick_xml::events::Event;
use rust_decimal::Decimal;

use super::{Fetching, RateError, RateSource};
use crate::domain::accounts::money::Currency;
use crate::domain::exchange::rates::RateTable;

pub struct EcbRates {
    url: String,
    every: Duration,
    client: reqwest::Client,
}

impl EcbRates {
    pub fn new(url: String, every: Duration) -> Self {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(10))
            .build()
            .unwrap_or_default();
        Self { url, every, client }
    }

    async fn download(&self) -> Result<RateTable, RateError> {
        let unavailable = |e: reqwest::Error| RateError::Unavailable(e.to_string());
        let response = self
            .client
            .get(&self.url)
            .send()
            .await
            .map_err(unavailable)?;
        if !response.status().is_success() {
            return Err(RateError::Unavailable(format!(
                "HTTP {}",
                response.status()
            )));
        }
        let body = response.text().await.map_err(unavailable)?;
        parse(&body)
    }
}

impl RateSource for EcbRates {
    fn fetch(&self) -> Fetching<'_> {
        Box::pin(self.download())
    }

    fn refresh_every(&self) -> Duration {
        self.every
    }

    fn party(&self) -> Option<&'static str> {
        Some(crate::providers::party::ECB)
    }

    fn name(&self) -> &'static str {
        "ecb"
    }
}

/// Reads the daily document: the reference day and the rates of the bank's currencies.
pub fn parse(xml: &str) -> Result<RateTable, RateError> {
    let unreadable = |e: &dyn std::fmt::Display| RateError::Unreadable(e.to_string());
    let mut reader = quick_xml::Reader::from_str(xml);
    let mut day: Option<String> = None;
    let mut rates = Vec::new();
    loop {
        let event = reader.read_event().map_err(|e| unreadable(&e))?;
        let cube = match &event {
            Event::Start(e) | Event::Empty(e) if e.local_name().as_ref() == b"Cube" => e,
            Event::Eof => break,
            _ => continue,
        };
        let mut currency = None;
        let mut rate = None;
        for attribute in cube.attributes() {
            let attribute = attribute.map_err(|e| unreadable(&e))?;
            let value = attribute.unescape_value().map_err(|e| unreadable(&e))?;
            match attribute.key.as_ref() {
                b"time" => day = Some(value.into_owned()),
                b"currency" => currency = Some(value.into_owned()),
                b"rate" => rate = Some(value.into_owned()),
                _ => {}
            }
        }
        if let (Some(code), Some(rate)) = (currency, rate) {
            let Some(currency) = Currency::parse(&code) else {
                continue;
            };
            let rate = Decimal::from_str(&rate)
                .map_err(|e| unreadable(&format!("the rate of {code}: {e}")))?;
            rates.push((currency, rate));
        }
    }
    let day = day.ok_or_else(|| unreadable(&"no reference day (Cube time)"))?;
    if rates.is_empty() {
        return Err(unreadable(&"no rate of the bank's currencies"));
    }
    Ok(RateTable::new(day, rates))
}
