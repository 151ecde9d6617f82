//! Ideal Postcodes' postcode look-up (GET /v1/postcodes/{postcode}, the key in the
//! `Authorization: api_key="…"` header so that it stays out of URLs and their logs), as its
//! OpenAPI document describes it: https://ideal-postcodes.co.uk/documentation (the
//! ideal-postcodes/openapi repository, MIT). A postcode that does not exist is a 404 with code
//! 4040 and finds nothing; every other refusal (4010 a wrong key, 4020 a spent balance, 4021 a
//! daily limit, 503 the rate limit) or a time-out makes the search unavailable.

use std::time::Duration;

use secrecy::ExposeSecret;

use super::{AddressError, AddressLookup, AddressMatch, Finding};
use crate::config::IdealPostcodesSettings;

pub struct IdealPostcodes {
    settings: IdealPostcodesSettings,
    client: reqwest::Client,
}

impl IdealPostcodes {
    pub fn new(settings: IdealPostcodesSettings) -> Self {
        // The person is waiting at the form: a slow answer is no answer, and they type it.
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(3))
            .build()
            .unwrap_or_default();
        Self { settings, client }
    }
}

#[derive(serde::Deserialize)]
struct Reply {
    #[serde(default)]
    result: Vec<Premise>,
    #[serde(default)]
    code: i64,
    #[serde(default)]
    message: String,
}

/// The fields of a PAF address the form needs (the API sends many more).
#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct Premise {
    postcode: String,
    post_town: String,
    thoroughfare: String,
    dependant_thoroughfare: String,
    building_number: String,
    building_name: String,
    sub_building_name: String,
    line_1: String,
    line_2: String,
    line_3: String,
}

impl From<Premise> for AddressMatch {
    fn from(p: Premise) -> Self {
        let street = [&p.dependant_thoroughfare, &p.thoroughfare]
            .into_iter()
            .find(|s| !s.is_empty())
            .cloned()
            .unwrap_or_else(|| p.line_1.clone());
        // A house without a number has a name ("Rose Cottage"), a flat a sub-building.
        let building = [&p.building_number, &p.building_name, &p.sub_building_name]
            .into_iter()
            .find(|s| !s.is_empty())
            .cloned()
            .unwrap_or_default();
        let lines: Vec<&str> = [&p.line_1, &p.line_2, &p.line_3]
            .into_iter()
            .map(String::as_str)
            .filter(|l| !l.is_empty())
            .collect();
        let city = town(&p.post_town);
        AddressMatch {
            address: format!("{}, {city} {}", lines.join(", "), p.postcode),
            postal_code: p.postcode,
            city,
            address_line1: street,
            building_number: building,
        }
    }
}

/// Royal Mail writes post towns in capitals ("LONDON"); the form shows "London".
fn town(post_town: &str) -> String {
    post_town
        .split(' ')
        .map(|word| {
            if word.chars().any(|c| c.is_lowercase()) {
                return word.to_string();
            }
            let mut chars = word.chars();
            match chars.next() {
                Some(first) => first.to_string() + &chars.as_str().to_lowercase(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

impl AddressLookup for IdealPostcodes {
    fn find<'a>(&'a self, postcode: &'a str) -> Finding<'a> {
        Box::pin(async move {
            let wanted = super::sandbox::squash(postcode);
            let url = format!(
                "{}/v1/postcodes/{wanted}",
                self.settings.base_url.trim_end_matches('/')
            );
            let unavailable = |why: String| AddressError::Unavailable(why);
            let reply = self
                .client
                .get(url)
                .header(
                    reqwest::header::AUTHORIZATION,
                    format!("api_key=\"{}\"", self.settings.api_key.expose_secret()),
                )
                .send()
                .await
                .map_err(|e| unavailable(e.to_string()))?;
            let status = reply.status();
            let body: Reply = reply
                .json()
                .await
                .map_err(|e| unavailable(format!("status {status}: {e}")))?;
            match (status.as_u16(), body.code) {
                (200, 2000) => Ok(body.result.into_iter().map(AddressMatch::from).collect()),
                (404, 4040) => Ok(Vec::new()),
                (status, code) => Err(unavailable(format!(
                    "status {status}, code {code}: {}",
                    body.message
                ))),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn post_towns_read_as_names() {
        assert_eq!(town("LONDON"), "London");
        assert_eq!(town("NEWCASTLE UPON TYNE"), "Newcastle Upon Tyne");
        assert_eq!(town("London"), "London");
    }

    #[test]
    fn a_house_without_a_number_is_found_by_its_name() {
        let found = AddressMatch::from(Premise {
            postcode: "OX1 3BG".into(),
            post_town: "OXFORD".into(),
            thoroughfare: "Broad Street".into(),
            building_name: "Rose Cottage".into(),
            line_1: "Rose Cottage".into(),
            line_2: "Broad Street".into(),
            ..Premise::default()
        });
        assert_eq!(found.building_number, "Rose Cottage");
        assert_eq!(found.address_line1, "Broad Street");
        assert_eq!(found.address, "Rose Cottage, Broad Street, Oxford OX1 3BG");
    }
}
