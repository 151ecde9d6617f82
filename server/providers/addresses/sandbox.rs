//! The sandbox address look-up (DESIGN.md §6): a bundled sample of UK addresses, searched by
//! postcode the way a real postcode service answers (SPEC §3 "Address search result").

use super::{AddressLookup, AddressMatch, Finding};

/// The bundled sample, for laptops and tests.
pub struct SandboxAddresses;

impl AddressLookup for SandboxAddresses {
    fn find<'a>(&'a self, postcode: &'a str) -> Finding<'a> {
        Box::pin(async move { Ok(search(postcode)) })
    }
}

/// (postcode, city, street, building numbers)
const SAMPLE: &[(&str, &str, &str, &[&str])] = &[
    (
        "EC2M 7EA",
        "London",
        "Finsbury Circus",
        &["18", "19", "20", "21", "24"],
    ),
    ("SW1A 2AA", "London", "Downing Street", &["10", "11", "12"]),
    ("E14 5AB", "London", "Canada Square", &["1", "25", "33"]),
    ("N1 9GU", "London", "York Way", &["1", "3", "5", "7"]),
    ("M1 1AE", "Manchester", "Piccadilly", &["2", "4", "6", "8"]),
    ("M4 5JD", "Manchester", "Tib Street", &["11", "13", "15"]),
    (
        "B1 1BB",
        "Birmingham",
        "Broad Street",
        &["100", "102", "104"],
    ),
    ("LS1 4DY", "Leeds", "Park Row", &["1", "2", "3"]),
    (
        "EH1 1YZ",
        "Edinburgh",
        "Princes Street",
        &["21", "23", "25", "27"],
    ),
    (
        "G2 1DY",
        "Glasgow",
        "Buchanan Street",
        &["120", "122", "124"],
    ),
    ("CF10 1EP", "Cardiff", "St Mary Street", &["5", "7", "9"]),
    ("BT1 5GS", "Belfast", "Donegall Place", &["1", "3", "5"]),
    ("BS1 4DJ", "Bristol", "Corn Street", &["30", "32", "34"]),
    ("CB2 1TN", "Cambridge", "King's Parade", &["12", "14", "16"]),
    ("OX1 3BG", "Oxford", "Broad Street", &["5", "7", "9"]),
];

pub(super) fn squash(postcode: &str) -> String {
    postcode
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// Addresses whose postcode starts with the characters given (spaces and case ignored).
pub fn search(postcode: &str) -> Vec<AddressMatch> {
    let wanted = squash(postcode);
    if wanted.is_empty() {
        return Vec::new();
    }
    SAMPLE
        .iter()
        .filter(|(code, ..)| squash(code).starts_with(&wanted))
        .flat_map(|(code, city, street, numbers)| {
            numbers.iter().map(move |number| AddressMatch {
                postal_code: (*code).into(),
                address: format!("{number} {street}, {city} {code}"),
                city: (*city).into(),
                address_line1: (*street).into(),
                building_number: (*number).into(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_postcode_finds_its_buildings_whatever_the_spacing() {
        let found = search("ec2m7ea");
        assert_eq!(found.len(), 5);
        assert_eq!(found[2].address, "20 Finsbury Circus, London EC2M 7EA");
        assert_eq!(found[2].building_number, "20");
        assert_eq!(search("EC2M 7"), found);
    }

    #[test]
    fn an_unknown_postcode_finds_nothing() {
        assert!(search("ZZ9 9ZZ").is_empty());
        assert!(search("  ").is_empty());
    }
}
