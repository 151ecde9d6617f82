//! The sandbox register: 764 active companies from the UK register, so the search behaves like
//! the real one on a laptop.
//!
//! Source: Companies House, "Free Company Data Product" (Basic Company Data), Crown copyright,
//! Open Government Licence v3.0; the rows are the active companies of the 1,000-company extract
//! shipped as `data/companies.RData` in github.com/joaocunha1991/companieshr, converted to CSV
//! with its original column names (fields not used by the bank left out).

use super::{split_building, CompanyAddress, CompanyMatch, CompanyRegister, Searching};

const SAMPLE: &str = include_str!("uk_register_sample.csv");
const LIMIT: usize = 20;

pub struct SandboxRegister {
    companies: Vec<CompanyMatch>,
}

impl SandboxRegister {
    pub fn bundled() -> Self {
        let mut reader = csv::Reader::from_reader(SAMPLE.as_bytes());
        let companies = reader
            .records()
            .filter_map(Result::ok)
            .map(|row| {
                let field = |i: usize| row.get(i).unwrap_or_default().trim().to_string();
                let (street, building) = split_building(&field(2));
                let street = if street.is_empty() { field(3) } else { street };
                let county = field(5);
                CompanyMatch {
                    name: field(0),
                    number: field(1),
                    incorporation_date: None,
                    address: CompanyAddress {
                        address1: street,
                        building_number: building,
                        city: field(4),
                        postcode: field(6),
                        region: (!county.is_empty()).then_some(county),
                        country: "GB".into(),
                    },
                }
            })
            .collect();
        Self { companies }
    }

    pub fn len(&self) -> usize {
        self.companies.len()
    }

    pub fn is_empty(&self) -> bool {
        self.companies.is_empty()
    }
}

impl CompanyRegister for SandboxRegister {
    fn search<'a>(&'a self, keyword: &'a str) -> Searching<'a> {
        let wanted = keyword.trim().to_uppercase();
        let found = self
            .companies
            .iter()
            .filter(|c| c.name.to_uppercase().contains(&wanted) || c.number == wanted)
            .take(LIMIT)
            .cloned()
            .collect();
        Box::pin(async move { Ok(found) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_sample_is_searched_by_name_and_number() {
        let register = SandboxRegister::bundled();
        assert!(register.len() > 700, "{}", register.len());
        let found = register.search("infinity").await.unwrap();
        assert!(found.iter().any(|c| c.number == "09089539"), "{found:?}");
        let by_number = register.search("09089539").await.unwrap();
        assert_eq!(by_number.len(), 1);
        assert_eq!(by_number[0].address.city, "MANCHESTER");
        assert_eq!(by_number[0].address.building_number.as_deref(), Some("83"));
        assert!(register.search("limited").await.unwrap().len() <= LIMIT);
    }
}
