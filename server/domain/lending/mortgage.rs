//! A mortgage application's steps (SPEC §2 start, basic, finance, status; §3 Mortgage basic,
//! Business finances, Property finances; §4 the submit rule; §9 limits).

crate::domain::named_enum! {
    /// SPEC §4: why a mortgage cannot be submitted yet.
    pub enum NotReady {
        /// Only one of the two finances is saved.
        OnlyOne = "ONLY_ONE",
        /// Neither is saved.
        Empty = "EMPTY",
        /// One is being changed and the change is not saved.
        InEdit = "IN_EDIT",
    }
}

impl NotReady {
    /// What the finance step says (SPEC gives the codes, not the words).
    pub fn message(self) -> &'static str {
        match self {
            NotReady::OnlyOne => {
                "Save both your business finances and the property's finances before you submit."
            }
            NotReady::Empty => "Add your business finances and the property's finances first.",
            NotReady::InEdit => "Save or discard your changes before you submit.",
        }
    }
}

/// SPEC §9: at most 10 directors and 30 shareholders.
pub const MAX_DIRECTORS: usize = 10;
pub const MAX_SHAREHOLDERS: usize = 30;

/// Whether the finance step may submit: both finances saved and neither being edited.
pub fn ready(business_saved: bool, property_saved: bool, editing: bool) -> Result<(), NotReady> {
    if editing {
        return Err(NotReady::InEdit);
    }
    match (business_saved, property_saved) {
        (true, true) => Ok(()),
        (false, false) => Err(NotReady::Empty),
        _ => Err(NotReady::OnlyOne),
    }
}

use std::collections::BTreeMap;

use crate::domain::accounts::money::parse_decimal;
use crate::domain::onboarding::business::registration_number_ok;
use crate::domain::onboarding::business_options::BUSINESS_TYPES;

pub const REQUIRED: &str = "Field is required";

/// SPEC §9 mortgage durations (period as director, how long the business has operated).
pub const DURATIONS: [&str; 4] = [
    "Less than 3 months",
    "From 3 to 12 months",
    "From 12 months to 3 years",
    "More than 3 years",
];
/// SPEC §9 national statuses.
pub const NATIONAL_STATUSES: [&str; 2] = ["UK National", "Resident"];
/// SPEC §9 occupancy.
pub const OCCUPANCY: [&str; 2] = ["Occupy the property", "Buy as an investment"];

/// A director or shareholder and their shares.
#[derive(
    Debug, Clone, Default, PartialEq, Eq, serde::Deserialize, serde::Serialize, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase", default)]
pub struct Holder {
    pub name: String,
    pub number_of_shares: Option<i64>,
}

/// SPEC §3 Mortgage basic.
#[derive(
    Debug, Clone, Default, PartialEq, Eq, serde::Deserialize, serde::Serialize, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase", default)]
pub struct MortgageBasic {
    pub national_status: String,
    pub period_as_director: String,
    pub directors: Vec<Holder>,
    pub shareholders: Vec<Holder>,
    /// The applicant's full name.
    pub name: String,
    pub company_name: String,
    pub company_number: String,
}

/// Another account the business holds, with another bank.
#[derive(
    Debug, Clone, Default, PartialEq, Eq, serde::Deserialize, serde::Serialize, utoipa::ToSchema,
)]
#[serde(default)]
pub struct OtherAccount {
    pub account: String,
}

/// SPEC §3 Business finances. Amounts are GBP decimal text.
#[derive(
    Debug, Clone, Default, PartialEq, Eq, serde::Deserialize, serde::Serialize, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase", default)]
pub struct BusinessFinances {
    pub reason: String,
    pub borrow_amount: String,
    pub operation_period: String,
    pub past_three_years_net_profit: String,
    pub has_other_accounts: bool,
    pub other_accounts: Vec<OtherAccount>,
    pub industry: String,
}

/// SPEC §3 Property finances. Amounts are GBP decimal text.
#[derive(
    Debug, Clone, Default, PartialEq, Eq, serde::Deserialize, serde::Serialize, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase", default)]
pub struct PropertyFinances {
    pub occupancy_intent: String,
    pub cost: String,
    pub rental_income: String,
    pub borrow_amount: String,
    pub description: String,
    pub address: String,
    pub operation_period: String,
    pub past_three_years_net_profit: String,
    pub has_other_accounts: bool,
    pub other_accounts: Vec<OtherAccount>,
}

pub type Errors = BTreeMap<String, String>;

fn required(errors: &mut Errors, field: &str, value: &str) {
    if value.trim().is_empty() {
        errors.insert(field.into(), REQUIRED.into());
    }
}

fn one_of(errors: &mut Errors, field: &str, value: &str, list: &[&str]) {
    if !list.contains(&value) {
        errors.insert(field.into(), REQUIRED.into());
    }
}

/// A positive amount of pounds, or its problem.
fn amount(errors: &mut Errors, field: &str, text: &str) -> i64 {
    match text.trim() {
        "" => {
            errors.insert(field.into(), REQUIRED.into());
            0
        }
        t => match parse_decimal(&t.replace(',', "")) {
            Some(minor) if minor > 0 => minor,
            _ => {
                errors.insert(field.into(), "Enter an amount in pounds".into());
                0
            }
        },
    }
}

/// A profit, which may be a loss ("-1200.50").
fn signed_amount(errors: &mut Errors, field: &str, text: &str) {
    let t = text.trim().replace(',', "");
    let digits = t.strip_prefix('-').unwrap_or(&t);
    if t.is_empty() {
        errors.insert(field.into(), REQUIRED.into());
    } else if parse_decimal(digits).is_none() {
        errors.insert(field.into(), "Enter an amount in pounds".into());
    }
}

fn holders(errors: &mut Errors, field: &str, list: &[Holder], min: usize, max: usize, noun: &str) {
    if list.len() < min {
        errors.insert(field.into(), format!("Add at least one {noun}"));
    }
    if list.len() > max {
        errors.insert(field.into(), format!("Up to {max} {noun}s"));
    }
    for (i, holder) in list.iter().enumerate() {
        required(errors, &format!("{field}.{i}.name"), &holder.name);
        if holder.number_of_shares.is_none_or(|n| n < 0) {
            errors.insert(format!("{field}.{i}.numberOfShares"), REQUIRED.into());
        }
    }
}

fn other_accounts(errors: &mut Errors, has: bool, accounts: &[OtherAccount]) {
    if !has {
        return;
    }
    if accounts.is_empty() {
        errors.insert("otherAccounts".into(), REQUIRED.into());
    }
    for (i, other) in accounts.iter().enumerate() {
        required(
            errors,
            &format!("otherAccounts.{i}.account"),
            &other.account,
        );
    }
}

/// SPEC §5 and §9 for the basic step.
pub fn check_basic(basic: &MortgageBasic) -> Result<(), Errors> {
    let mut errors = Errors::new();
    one_of(
        &mut errors,
        "nationalStatus",
        &basic.national_status,
        &NATIONAL_STATUSES,
    );
    one_of(
        &mut errors,
        "periodAsDirector",
        &basic.period_as_director,
        &DURATIONS,
    );
    required(&mut errors, "name", &basic.name);
    required(&mut errors, "companyName", &basic.company_name);
    if !registration_number_ok(basic.company_number.trim()) {
        errors.insert("companyNumber".into(), "Invalid registration number".into());
    }
    holders(
        &mut errors,
        "directors",
        &basic.directors,
        1,
        MAX_DIRECTORS,
        "director",
    );
    holders(
        &mut errors,
        "shareholders",
        &basic.shareholders,
        0,
        MAX_SHAREHOLDERS,
        "shareholder",
    );
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

pub fn check_business(finances: &BusinessFinances) -> Result<(), Errors> {
    let mut errors = Errors::new();
    required(&mut errors, "reason", &finances.reason);
    amount(&mut errors, "borrowAmount", &finances.borrow_amount);
    one_of(
        &mut errors,
        "operationPeriod",
        &finances.operation_period,
        &DURATIONS,
    );
    signed_amount(
        &mut errors,
        "pastThreeYearsNetProfit",
        &finances.past_three_years_net_profit,
    );
    other_accounts(
        &mut errors,
        finances.has_other_accounts,
        &finances.other_accounts,
    );
    if !BUSINESS_TYPES.iter().any(|t| t.value == finances.industry) {
        errors.insert("industry".into(), "Select industry type".into());
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// The property's finances; answers what is borrowed for it (minor units).
pub fn check_property(finances: &PropertyFinances) -> Result<i64, Errors> {
    let mut errors = Errors::new();
    one_of(
        &mut errors,
        "occupancyIntent",
        &finances.occupancy_intent,
        &OCCUPANCY,
    );
    let cost = amount(&mut errors, "cost", &finances.cost);
    let borrow = amount(&mut errors, "borrowAmount", &finances.borrow_amount);
    if cost > 0 && borrow > cost {
        errors.insert(
            "borrowAmount".into(),
            "You can borrow up to the property's cost".into(),
        );
    }
    if finances.occupancy_intent == OCCUPANCY[1] {
        amount(&mut errors, "rentalIncome", &finances.rental_income);
    }
    required(&mut errors, "description", &finances.description);
    required(&mut errors, "address", &finances.address);
    one_of(
        &mut errors,
        "operationPeriod",
        &finances.operation_period,
        &DURATIONS,
    );
    signed_amount(
        &mut errors,
        "pastThreeYearsNetProfit",
        &finances.past_three_years_net_profit,
    );
    other_accounts(
        &mut errors,
        finances.has_other_accounts,
        &finances.other_accounts,
    );
    if errors.is_empty() {
        Ok(borrow)
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn submitting_needs_both_finances_saved() {
        assert_eq!(ready(true, true, false), Ok(()));
        assert_eq!(ready(true, false, false), Err(NotReady::OnlyOne));
        assert_eq!(ready(false, true, false), Err(NotReady::OnlyOne));
        assert_eq!(ready(false, false, false), Err(NotReady::Empty));
        assert_eq!(ready(true, true, true), Err(NotReady::InEdit));
        assert_eq!(NotReady::OnlyOne.as_str(), "ONLY_ONE");
    }

    fn holder(name: &str, shares: Option<i64>) -> Holder {
        Holder {
            name: name.into(),
            number_of_shares: shares,
        }
    }

    fn basic() -> MortgageBasic {
        MortgageBasic {
            national_status: "UK National".into(),
            period_as_director: "More than 3 years".into(),
            directors: vec![holder("Olivia Bennett", Some(600))],
            shareholders: vec![holder("Sam Hale", Some(400))],
            name: "Olivia Bennett".into(),
            company_name: "Bennett & Hale Trading Ltd".into(),
            company_number: "09876543".into(),
        }
    }

    #[test]
    fn directors_and_shareholders_need_a_name_and_shares_within_spec_counts() {
        assert_eq!(check_basic(&basic()), Ok(()));
        let mut b = basic();
        b.directors.push(holder("", None));
        let errors = check_basic(&b).unwrap_err();
        assert_eq!(errors["directors.1.name"], REQUIRED);
        assert_eq!(errors["directors.1.numberOfShares"], REQUIRED);
        let mut b = basic();
        b.directors = (0..11).map(|i| holder(&format!("D{i}"), Some(1))).collect();
        assert_eq!(
            check_basic(&b).unwrap_err()["directors"],
            "Up to 10 directors"
        );
        b.directors.truncate(10);
        b.shareholders = (0..30).map(|i| holder(&format!("S{i}"), Some(1))).collect();
        assert_eq!(check_basic(&b), Ok(()));
        b.shareholders.push(holder("S30", Some(1)));
        assert_eq!(
            check_basic(&b).unwrap_err()["shareholders"],
            "Up to 30 shareholders"
        );
        let errors = check_basic(&MortgageBasic::default()).unwrap_err();
        assert_eq!(errors["directors"], "Add at least one director");
        assert_eq!(errors["companyNumber"], "Invalid registration number");
        assert_eq!(errors["nationalStatus"], REQUIRED);
    }

    #[test]
    fn finances_check_amounts_industry_and_other_accounts() {
        let business = BusinessFinances {
            reason: "A warehouse of our own".into(),
            borrow_amount: "250,000".into(),
            operation_period: "More than 3 years".into(),
            past_three_years_net_profit: "-12000.50".into(),
            has_other_accounts: true,
            other_accounts: vec![OtherAccount {
                account: "Barclays 12345678".into(),
            }],
            industry: "manufacturing".into(),
        };
        assert_eq!(check_business(&business), Ok(()));
        let errors = check_business(&BusinessFinances {
            has_other_accounts: true,
            ..BusinessFinances::default()
        })
        .unwrap_err();
        assert_eq!(errors["industry"], "Select industry type");
        assert_eq!(errors["otherAccounts"], REQUIRED);
        assert_eq!(errors["borrowAmount"], REQUIRED);
        let property = PropertyFinances {
            occupancy_intent: "Buy as an investment".into(),
            cost: "400000".into(),
            rental_income: "2500".into(),
            borrow_amount: "300000".into(),
            description: "Two-storey warehouse".into(),
            address: "Unit 4, Riverside, Leeds LS1 4AP".into(),
            operation_period: "More than 3 years".into(),
            past_three_years_net_profit: "90000".into(),
            has_other_accounts: false,
            other_accounts: vec![],
        };
        assert_eq!(check_property(&property), Ok(30_000_000));
        let errors = check_property(&PropertyFinances {
            borrow_amount: "500000".into(),
            rental_income: String::new(),
            ..property
        })
        .unwrap_err();
        assert_eq!(
            errors["borrowAmount"],
            "You can borrow up to the property's cost"
        );
        assert_eq!(errors["rentalIncome"], REQUIRED);
    }
}
