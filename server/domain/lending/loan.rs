//! The business loan form (issue 30 point 2): how much, for what, over how long, and the
//! business's turnover, checked as the lender will take them. The limits are the bank's own
//! (SPEC names none): a revenue-based lender advances from £1,000 to £500,000 over 3 to 36
//! months.

use std::collections::BTreeMap;

use crate::domain::accounts::money::{display, parse_decimal, Currency};

/// £1,000 in pence.
pub const MIN_AMOUNT: i64 = 100_000;
/// £500,000 in pence.
pub const MAX_AMOUNT: i64 = 50_000_000;
/// The terms offered, in months.
pub const TERMS: [u32; 6] = [3, 6, 12, 18, 24, 36];
pub const PURPOSES: [&str; 6] = [
    "Working capital",
    "Stock or inventory",
    "Equipment",
    "Marketing",
    "Refinancing",
    "Expansion",
];
pub const REQUIRED: &str = "Field is required";
pub const PURPOSE_MAX: usize = 500;

/// The form as typed: amounts as decimal text.
#[derive(Debug, Clone, Default, serde::Deserialize, serde::Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct LoanInput {
    pub amount: String,
    pub term_months: Option<u32>,
    pub purpose: String,
    pub description: String,
    pub monthly_turnover: String,
}

/// A form that met every check.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoanForm {
    /// GBP minor units.
    pub amount: i64,
    pub term_months: u32,
    pub purpose: String,
    pub description: String,
    pub monthly_turnover: i64,
}

/// Every field's first problem, by the form's field names.
pub fn check(input: &LoanInput) -> Result<LoanForm, BTreeMap<&'static str, String>> {
    let mut errors = BTreeMap::new();
    let amount = match input.amount.trim() {
        "" => {
            errors.insert("amount", REQUIRED.to_string());
            0
        }
        text => match parse_decimal(&text.replace(',', "")) {
            Some(minor) if (MIN_AMOUNT..=MAX_AMOUNT).contains(&minor) => minor,
            _ => {
                errors.insert(
                    "amount",
                    format!(
                        "Enter an amount from {} to {}",
                        display(MIN_AMOUNT, Currency::Gbp),
                        display(MAX_AMOUNT, Currency::Gbp)
                    ),
                );
                0
            }
        },
    };
    let term_months = match input.term_months {
        Some(months) if TERMS.contains(&months) => months,
        _ => {
            errors.insert("termMonths", REQUIRED.to_string());
            0
        }
    };
    let purpose = input.purpose.trim();
    if !PURPOSES.contains(&purpose) {
        errors.insert("purpose", REQUIRED.to_string());
    }
    let description = input.description.trim();
    if description.chars().count() > PURPOSE_MAX {
        errors.insert(
            "description",
            format!("Up to {PURPOSE_MAX} characters, please"),
        );
    }
    let monthly_turnover = match input.monthly_turnover.trim() {
        "" => {
            errors.insert("monthlyTurnover", REQUIRED.to_string());
            0
        }
        text => match parse_decimal(&text.replace(',', "")) {
            Some(minor) if minor > 0 => minor,
            _ => {
                errors.insert(
                    "monthlyTurnover",
                    "Enter your average monthly turnover".to_string(),
                );
                0
            }
        },
    };
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(LoanForm {
        amount,
        term_months,
        purpose: purpose.to_string(),
        description: description.to_string(),
        monthly_turnover,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(amount: &str, term: Option<u32>, purpose: &str, turnover: &str) -> LoanInput {
        LoanInput {
            amount: amount.into(),
            term_months: term,
            purpose: purpose.into(),
            description: String::new(),
            monthly_turnover: turnover.into(),
        }
    }

    #[test]
    fn a_complete_form_reads_in_minor_units() {
        let form = check(&input("25,000.50", Some(12), "Equipment", "40000")).unwrap();
        assert_eq!(form.amount, 2_500_050);
        assert_eq!(form.monthly_turnover, 4_000_000);
        assert_eq!(form.term_months, 12);
    }

    #[test]
    fn each_field_says_what_is_wrong() {
        let errors = check(&input("", None, "Holiday", "")).unwrap_err();
        assert_eq!(errors["amount"], REQUIRED);
        assert_eq!(errors["termMonths"], REQUIRED);
        assert_eq!(errors["purpose"], REQUIRED);
        assert_eq!(errors["monthlyTurnover"], REQUIRED);
        let errors = check(&input("999.99", Some(5), "Equipment", "-3")).unwrap_err();
        assert_eq!(
            errors["amount"],
            "Enter an amount from £1,000.00 to £500,000.00"
        );
        assert!(errors.contains_key("termMonths"));
        assert!(errors.contains_key("monthlyTurnover"));
        assert!(check(&input("500000.01", Some(3), "Equipment", "1")).is_err());
        assert!(check(&input("500000", Some(36), "Equipment", "1")).is_ok());
        assert!(check(&input("1000", Some(3), "Equipment", "1")).is_ok());
    }
}
