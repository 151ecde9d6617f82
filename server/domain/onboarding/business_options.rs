//! The answers the business onboarding wizard offers (SPEC §7 Utilities: account-usage,
//! turnover, business-types; SPEC §9 counterparties). Each option has a stable value that is
//! stored and a label that is shown.

use std::borrow::Cow;

/// One answer the wizard offers: the value stored and the label shown.
// Borrowed from the tables below when the bank answers; owned when a client reads an answer.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct Choice {
    #[schema(value_type = String)]
    pub value: Cow<'static, str>,
    #[schema(value_type = String)]
    pub label: Cow<'static, str>,
}

const fn c(value: &'static str, label: &'static str) -> Choice {
    Choice {
        value: Cow::Borrowed(value),
        label: Cow::Borrowed(label),
    }
}

/// Industries (SPEC §5 'Select industry type'), after the UK SIC 2007 sections.
pub const BUSINESS_TYPES: &[Choice] = &[
    c("agriculture", "Agriculture, forestry and fishing"),
    c("manufacturing", "Manufacturing"),
    c("construction", "Construction"),
    c("wholesale_retail", "Wholesale and retail trade"),
    c("transport", "Transportation and storage"),
    c("hospitality", "Accommodation and food services"),
    c("it", "Information and communication"),
    c("real_estate", "Real estate activities"),
    c(
        "professional",
        "Professional, scientific and technical activities",
    ),
    c("administrative", "Administrative and support services"),
    c("education", "Education"),
    c("health", "Human health and social work"),
    c("arts", "Arts, entertainment and recreation"),
    c("other_services", "Other service activities"),
];

pub const BUSINESS_SIZES: &[Choice] = &[
    c("micro", "1 to 9 employees"),
    c("small", "10 to 49 employees"),
    c("medium", "50 to 249 employees"),
    c("large", "250 employees or more"),
];

/// Monthly transaction counts, for money in and money out.
pub const TRANSACTION_COUNTS: &[Choice] = &[
    c("0-10", "Up to 10"),
    c("11-50", "11 to 50"),
    c("51-200", "51 to 200"),
    c("201-1000", "201 to 1,000"),
    c("1000+", "More than 1,000"),
];

/// Monthly volumes, in pounds for a UK company (`turnover` answers these too).
pub const VOLUMES_GBP: &[Choice] = &[
    c("0-10000", "Up to £10,000"),
    c("10000-50000", "£10,000 to £50,000"),
    c("50000-250000", "£50,000 to £250,000"),
    c("250000-1000000", "£250,000 to £1,000,000"),
    c("1000000+", "More than £1,000,000"),
];

pub const VOLUMES_EUR: &[Choice] = &[
    c("0-10000", "Up to €10,000"),
    c("10000-50000", "€10,000 to €50,000"),
    c("50000-250000", "€50,000 to €250,000"),
    c("250000-1000000", "€250,000 to €1,000,000"),
    c("1000000+", "More than €1,000,000"),
];

pub const SOURCES_OF_FUNDS: &[Choice] = &[
    c("revenue", "Revenue from trading"),
    c("investment", "Investment from shareholders"),
    c("loans", "Loans or credit"),
    c("grants", "Grants or subsidies"),
    c("savings", "Owners' savings"),
];

/// A company younger than a year has no trading revenue yet; it is offered start-up capital.
pub const NEW_COMPANY_SOURCE: Choice = c("startup_capital", "Start-up capital from founders");

pub const PURPOSES: &[Choice] = &[
    c("payments_suppliers", "Paying suppliers and contractors"),
    c("receiving_customers", "Receiving payments from customers"),
    c("payroll", "Paying salaries"),
    c("international", "International payments"),
    c("fx", "Currency exchange"),
    c("savings", "Keeping business funds"),
];

/// SPEC §9 "Counterparties, sending".
pub const SENDING_COUNTERPARTIES: &[Choice] = &[
    c("clients", "Clients or Customers"),
    c("partners", "Business Partners"),
    c("group", "Parent Company or Subsidiary"),
    c("investors", "Investors or Funding Sources"),
];

/// SPEC §9 "Counterparties, receiving".
pub const RECEIVING_COUNTERPARTIES: &[Choice] = &[
    c("suppliers", "Suppliers or Vendors"),
    c("employees", "Employees or Contractors"),
    c("partners", "Business Partners"),
    c("tax", "Tax Authorities and Government Agencies"),
    c("loans", "Loan or Credit Repayments"),
];

/// The sources of funds offered to a company incorporated on `incorporated` (yyyy-MM-dd),
/// seen on `today`.
pub fn sources_of_funds(incorporated: Option<time::Date>, today: time::Date) -> Vec<Choice> {
    let young = incorporated.is_some_and(|date| {
        today
            .replace_year(today.year() - 1)
            .map_or(true, |year_ago| date > year_ago)
    });
    let mut list = Vec::with_capacity(SOURCES_OF_FUNDS.len() + 1);
    if young {
        list.push(NEW_COMPANY_SOURCE);
    }
    list.extend_from_slice(SOURCES_OF_FUNDS);
    list
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn a_young_company_is_offered_start_up_capital_first() {
        let today = date!(2026 - 11 - 23);
        assert_eq!(
            sources_of_funds(Some(date!(2026 - 03 - 01)), today)[0],
            NEW_COMPANY_SOURCE
        );
        assert_eq!(
            sources_of_funds(Some(date!(2020 - 03 - 01)), today),
            SOURCES_OF_FUNDS
        );
        assert_eq!(sources_of_funds(None, today), SOURCES_OF_FUNDS);
    }
}
