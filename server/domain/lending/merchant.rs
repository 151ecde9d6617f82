//! The merchant acquiring form (SPEC §3 Merchant application form: companyWebsite,
//! potentialTurnover, potentialGeographyPercentRatio, businessDescription) and its SPEC §5
//! checks: the website a valid URL, each region's share of card sales from 1 to 100, the shares
//! adding up to 100.

use std::collections::BTreeMap;

use crate::domain::onboarding::business::url_ok;
use crate::domain::onboarding::business_options::VOLUMES_GBP;

pub const REQUIRED: &str = "Field is required";
pub const PERCENT: &str = "The value must be between 1 and 100";
pub const NOT_100: &str = "The shares must add up to 100";
pub const DESCRIPTION_MAX: usize = 1000;
/// The only acquirer SPEC §3 names.
pub const PROVIDER: &str = "decta";

/// Where the business expects its card sales from, in percent; regions it sells nothing to are
/// left out.
#[derive(
    Debug, Clone, Default, PartialEq, Eq, serde::Deserialize, serde::Serialize, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase", default)]
pub struct GeographyRatio {
    pub uk: Option<i64>,
    pub eea: Option<i64>,
    pub us: Option<i64>,
    pub rest_of_world: Option<i64>,
}

impl GeographyRatio {
    fn shares(&self) -> [(&'static str, Option<i64>); 4] {
        [
            ("uk", self.uk),
            ("eea", self.eea),
            ("us", self.us),
            ("restOfWorld", self.rest_of_world),
        ]
    }
}

#[derive(
    Debug, Clone, Default, PartialEq, Eq, serde::Deserialize, serde::Serialize, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase", default)]
pub struct MerchantForm {
    pub company_website: String,
    /// One of the monthly volumes of `/v1/utils/turnover` (GBP), as card sales a month.
    pub potential_turnover: String,
    pub potential_geography_percent_ratio: GeographyRatio,
    pub business_description: String,
}

/// The form trimmed, or each field's first problem by its name (nested ones dotted).
pub fn check(form: &MerchantForm) -> Result<MerchantForm, BTreeMap<String, String>> {
    let mut errors = BTreeMap::new();
    let website = form.company_website.trim();
    if website.is_empty() {
        errors.insert("companyWebsite".into(), REQUIRED.into());
    } else if !url_ok(website) {
        errors.insert("companyWebsite".into(), "Invalid URL".into());
    }
    if !VOLUMES_GBP
        .iter()
        .any(|choice| choice.value == form.potential_turnover)
    {
        errors.insert("potentialTurnover".into(), REQUIRED.into());
    }
    let ratio = &form.potential_geography_percent_ratio;
    let mut total = 0;
    let mut given = 0;
    for (region, share) in ratio.shares() {
        if let Some(share) = share {
            given += 1;
            if (1..=100).contains(&share) {
                total += share;
            } else {
                errors.insert(
                    format!("potentialGeographyPercentRatio.{region}"),
                    PERCENT.into(),
                );
            }
        }
    }
    if given == 0 {
        errors.insert("potentialGeographyPercentRatio".into(), REQUIRED.into());
    } else if total != 100
        && !errors
            .keys()
            .any(|k| k.starts_with("potentialGeographyPercentRatio."))
    {
        errors.insert("potentialGeographyPercentRatio".into(), NOT_100.into());
    }
    let description = form.business_description.trim();
    if description.is_empty() {
        errors.insert("businessDescription".into(), REQUIRED.into());
    } else if description.chars().count() > DESCRIPTION_MAX {
        errors.insert(
            "businessDescription".into(),
            format!("Up to {DESCRIPTION_MAX} characters, please"),
        );
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(MerchantForm {
        company_website: website.to_string(),
        potential_turnover: form.potential_turnover.clone(),
        potential_geography_percent_ratio: ratio.clone(),
        business_description: description.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(uk: Option<i64>, eea: Option<i64>) -> MerchantForm {
        MerchantForm {
            company_website: "bennett-hale.example".into(),
            potential_turnover: "10000-50000".into(),
            potential_geography_percent_ratio: GeographyRatio {
                uk,
                eea,
                ..GeographyRatio::default()
            },
            business_description: "Office furniture sold online".into(),
        }
    }

    #[test]
    fn shares_are_each_1_to_100_and_add_up_to_100() {
        assert!(check(&form(Some(70), Some(30))).is_ok());
        assert!(check(&form(Some(100), None)).is_ok());
        let errors = check(&form(Some(0), Some(100))).unwrap_err();
        assert_eq!(errors["potentialGeographyPercentRatio.uk"], PERCENT);
        let errors = check(&form(Some(101), None)).unwrap_err();
        assert_eq!(errors["potentialGeographyPercentRatio.uk"], PERCENT);
        let errors = check(&form(Some(60), Some(30))).unwrap_err();
        assert_eq!(errors["potentialGeographyPercentRatio"], NOT_100);
        let errors = check(&form(None, None)).unwrap_err();
        assert_eq!(errors["potentialGeographyPercentRatio"], REQUIRED);
    }

    #[test]
    fn the_website_turnover_and_description_are_needed() {
        let errors = check(&MerchantForm {
            company_website: "not a site".into(),
            ..form(Some(100), None)
        })
        .unwrap_err();
        assert_eq!(errors["companyWebsite"], "Invalid URL");
        let errors = check(&MerchantForm::default()).unwrap_err();
        assert_eq!(errors["companyWebsite"], REQUIRED);
        assert_eq!(errors["potentialTurnover"], REQUIRED);
        assert_eq!(errors["businessDescription"], REQUIRED);
    }
}
