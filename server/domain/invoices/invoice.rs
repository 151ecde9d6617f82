//! An invoice as a business drafts it (SPEC §3 Invoice; §5 invoice checks; §9 defaults):
//! checked once at the edge into an `Invoice` whose figures come from `totals`, or refused
//! with a message per field.

use std::collections::BTreeMap;

use rust_decimal::Decimal;
use time::{Date, Duration};

use super::totals::{self, Discount, Line, Totals, TotalsError};

pub type FieldErrors = BTreeMap<String, String>;

crate::domain::named_enum! {
    /// SPEC §3: an invoice is a draft until it is sent; a sent invoice is never changed.
    pub enum InvoiceStatus {
        Draft = "draft",
        Sent = "sent",
    }
}

/// SPEC §3 discount types (SPEC §9: fixed-amount by default). Written out rather than through
/// `named_enum!`, whose snake_case names cannot spell SPEC's hyphen.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
pub enum DiscountType {
    #[serde(rename = "fixed-amount")]
    FixedAmount,
    #[serde(rename = "percent")]
    Percent,
}

impl DiscountType {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::FixedAmount => "fixed-amount",
            Self::Percent => "percent",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "fixed-amount" => Some(Self::FixedAmount),
            "percent" => Some(Self::Percent),
            _ => None,
        }
    }
}

/// SPEC §9: an invoice is due six days after it is issued, unless the business says otherwise.
pub const DUE_AFTER_DAYS: i64 = 6;

const REQUIRED: &str = "Field is required";
/// SPEC §5 invoice checks, in the bank's words where SPEC gives none.
pub const NUMBER_EXISTS: &str = "An invoice with this number already exists";
pub const NO_ITEMS: &str = "Add at least one item";
const DISCOUNT_OVER_100: &str = "The discount can be at most 100%";
const BAD_NUMBER: &str = "Use letters, digits, hyphens and slashes, up to 30";
const BAD_AMOUNT: &str = "Please, select right amount";
const BAD_DATE: &str = "Enter a date as dd.MM.yyyy";

/// One item as the form sends it: text throughout, so every mistake can be named.
#[derive(Debug, Clone, Default)]
pub struct ItemInput {
    pub description: String,
    pub period_from: String,
    pub period_to: String,
    pub quantity_hours: String,
    pub price: String,
}

/// An invoice as the form sends it.
#[derive(Debug, Clone, Default)]
pub struct InvoiceInput {
    pub number: String,
    pub issue_date: String,
    pub due_date: String,
    pub bank_account_id: String,
    pub partner_id: String,
    pub discount: String,
    pub discount_type: Option<DiscountType>,
    pub is_discount_applied: bool,
    pub vat_amount: String,
    pub is_vat_applied: bool,
    pub items: Vec<ItemInput>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    pub description: String,
    pub period_from: Option<Date>,
    pub period_to: Option<Date>,
    pub quantity_hours: Decimal,
    pub price: Decimal,
}

/// An invoice that met every rule, with its figures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invoice {
    pub number: String,
    pub issue_date: Date,
    pub due_date: Date,
    pub bank_account_id: String,
    pub partner_id: String,
    /// The discount as typed (an amount or a percentage), when one applies.
    pub discount: Option<(DiscountType, Decimal)>,
    /// The VAT rate in percent, when VAT applies.
    pub vat_percent: Option<Decimal>,
    pub items: Vec<Item>,
    pub totals: Totals,
}

/// An invoice number: letters, digits, hyphens and slashes, 1 to 30.
pub fn number_ok(number: &str) -> bool {
    let number = number.trim();
    (1..=30).contains(&number.len())
        && number
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '/'))
}

/// "INV-0007": the `n`th number of a profile's own series.
pub fn series_number(n: i64) -> String {
    format!("INV-{n:04}")
}

/// Where `number` sits in the series, if it is one of it.
pub fn series_position(number: &str) -> Option<i64> {
    number
        .trim()
        .strip_prefix("INV-")
        .filter(|digits| digits.len() >= 4 && digits.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|digits| digits.parse().ok())
        .filter(|n| *n > 0)
}

/// A decimal as people type it ("1,250.5"), at most `places` decimals, not negative.
pub(crate) fn amount(text: &str, places: u32) -> Option<Decimal> {
    let compact: String = text.trim().chars().filter(|c| *c != ',').collect();
    let value: Decimal = compact.parse().ok()?;
    (!value.is_sign_negative() && value.scale() <= places && compact.len() <= 15).then_some(value)
}

/// A date as SPEC §9 shows it (dd.MM.yyyy) or as the API sends it (yyyy-MM-dd).
pub fn date(text: &str) -> Option<Date> {
    let text = text.trim();
    let iso = time::macros::format_description!("[year]-[month]-[day]");
    let british = time::macros::format_description!("[day].[month].[year]");
    Date::parse(text, iso)
        .or_else(|_| Date::parse(text, british))
        .ok()
}

fn item(errors: &mut FieldErrors, index: usize, input: &ItemInput) -> Option<Item> {
    let field = |name: &str| format!("items[{index}].{name}");
    let description = input.description.trim();
    if description.is_empty() {
        errors.insert(field("description"), REQUIRED.into());
    } else if description.chars().count() > 200 {
        errors.insert(field("description"), "Must be up to 200 characters".into());
    }
    let mut period = |name: &str, text: &str| {
        if text.trim().is_empty() {
            return None;
        }
        let parsed = date(text);
        if parsed.is_none() {
            errors.insert(field(name), BAD_DATE.into());
        }
        parsed
    };
    let period_from = period("periodFrom", &input.period_from);
    let period_to = period("periodTo", &input.period_to);
    if let (Some(from), Some(to)) = (period_from, period_to) {
        if to < from {
            errors.insert(field("periodTo"), "The period ends before it starts".into());
        }
    }
    let quantity = amount(&input.quantity_hours, 2);
    if quantity.is_none() {
        errors.insert(field("quantityHours"), BAD_AMOUNT.into());
    }
    let price = amount(&input.price, 2);
    if price.is_none() {
        errors.insert(field("price"), BAD_AMOUNT.into());
    }
    Some(Item {
        description: description.to_string(),
        period_from,
        period_to,
        quantity_hours: quantity?,
        price: price?,
    })
}

/// Checks an invoice drafted on `today` (London); every failing field is named with its message.
/// Whether its number is free, its account and partner the profile's, is the caller's to ask.
pub fn check(input: &InvoiceInput, today: Date) -> Result<Invoice, FieldErrors> {
    let mut errors = FieldErrors::new();
    let number = input.number.trim().to_string();
    if number.is_empty() {
        errors.insert("number".into(), REQUIRED.into());
    } else if !number_ok(&number) {
        errors.insert("number".into(), BAD_NUMBER.into());
    }
    if input.bank_account_id.trim().is_empty() {
        errors.insert("bankAccountId".into(), REQUIRED.into());
    }
    if input.partner_id.trim().is_empty() {
        errors.insert("partnerId".into(), REQUIRED.into());
    }
    let issue_date = if input.issue_date.trim().is_empty() {
        Some(today)
    } else {
        date(&input.issue_date)
    };
    if issue_date.is_none() {
        errors.insert("issueDate".into(), BAD_DATE.into());
    }
    let due_date = match (input.due_date.trim().is_empty(), issue_date) {
        (true, Some(issued)) => Some(issued + Duration::days(DUE_AFTER_DAYS)),
        (true, None) => None,
        (false, _) => date(&input.due_date),
    };
    match (issue_date, due_date) {
        (_, None) if !input.due_date.trim().is_empty() => {
            errors.insert("dueDate".into(), BAD_DATE.into());
        }
        (Some(issued), Some(due)) if due < issued => {
            errors.insert(
                "dueDate".into(),
                "The due date is before the issue date".into(),
            );
        }
        _ => {}
    }
    if input.items.is_empty() {
        errors.insert("items".into(), NO_ITEMS.into());
    }
    if input.items.len() > 100 {
        errors.insert("items".into(), "At most 100 items".into());
    }
    let items: Vec<Item> = input
        .items
        .iter()
        .enumerate()
        .filter_map(|(index, item_input)| item(&mut errors, index, item_input))
        .collect();
    let discount = if input.is_discount_applied {
        let kind = input.discount_type.unwrap_or(DiscountType::FixedAmount);
        match amount(&input.discount, 2) {
            _ if input.discount.trim().is_empty() => {
                errors.insert("discount".into(), REQUIRED.into());
                None
            }
            None => {
                errors.insert("discount".into(), BAD_AMOUNT.into());
                None
            }
            Some(value) if kind == DiscountType::Percent && value > Decimal::ONE_HUNDRED => {
                errors.insert("discount".into(), DISCOUNT_OVER_100.into());
                None
            }
            Some(value) => Some((kind, value)),
        }
    } else {
        None
    };
    let vat_percent = if input.is_vat_applied {
        match amount(&input.vat_amount, 2) {
            _ if input.vat_amount.trim().is_empty() => {
                errors.insert("vatAmount".into(), REQUIRED.into());
                None
            }
            Some(rate) if rate <= Decimal::ONE_HUNDRED => Some(rate),
            _ => {
                errors.insert(
                    "vatAmount".into(),
                    TotalsError::VatOutOfRange.message().into(),
                );
                None
            }
        }
    } else {
        None
    };
    if !errors.is_empty() {
        return Err(errors);
    }
    let lines: Vec<Line> = items
        .iter()
        .map(|item| Line {
            quantity: item.quantity_hours,
            price: item.price,
        })
        .collect();
    let as_discount = match discount {
        None => Discount::None,
        Some((DiscountType::FixedAmount, value)) => Discount::FixedAmount(value),
        Some((DiscountType::Percent, value)) => Discount::Percent(value),
    };
    let totals = totals::totals(&lines, as_discount, vat_percent).map_err(|error| {
        let field = match error {
            TotalsError::DiscountAboveTotal | TotalsError::DiscountOutOfRange => "discount",
            TotalsError::VatOutOfRange => "vatAmount",
            _ => "items",
        };
        FieldErrors::from([(field.to_string(), error.message().to_string())])
    })?;
    Ok(Invoice {
        number,
        issue_date: issue_date.unwrap_or(today),
        due_date: due_date.unwrap_or(today),
        bank_account_id: input.bank_account_id.trim().into(),
        partner_id: input.partner_id.trim().into(),
        discount,
        vat_percent,
        items,
        totals,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    const TODAY: Date = date!(2026 - 11 - 26);

    fn draft() -> InvoiceInput {
        InvoiceInput {
            number: "INV-0001".into(),
            bank_account_id: "acc".into(),
            partner_id: "acme".into(),
            items: vec![
                ItemInput {
                    description: "Design work".into(),
                    period_from: "01.11.2026".into(),
                    period_to: "2026-11-15".into(),
                    quantity_hours: "7.5".into(),
                    price: "85".into(),
                },
                ItemInput {
                    description: "Hosting".into(),
                    quantity_hours: "1".into(),
                    price: "1,200.00".into(),
                    ..ItemInput::default()
                },
            ],
            is_discount_applied: true,
            discount_type: Some(DiscountType::Percent),
            discount: "10".into(),
            is_vat_applied: true,
            vat_amount: "20".into(),
            ..InvoiceInput::default()
        }
    }

    #[test]
    fn spec_defaults_and_figures() {
        let invoice = check(&draft(), TODAY).unwrap();
        assert_eq!(invoice.issue_date, TODAY);
        assert_eq!(
            invoice.due_date,
            date!(2026 - 12 - 02),
            "SPEC §9: issue date + 6 days"
        );
        assert_eq!(invoice.items[0].period_from, Some(date!(2026 - 11 - 01)));
        assert_eq!(invoice.totals.subtotal, 183_750);
        assert_eq!(invoice.totals.discount, 18_375);
        assert_eq!(invoice.totals.vat, 33_075);
        assert_eq!(invoice.totals.total, 198_450);
    }

    #[test]
    fn spec_checks_each_with_its_message() {
        let empty = check(&InvoiceInput::default(), TODAY).unwrap_err();
        assert_eq!(empty["number"], "Field is required");
        assert_eq!(empty["bankAccountId"], "Field is required");
        assert_eq!(empty["items"], NO_ITEMS);

        let mut no_discount = draft();
        no_discount.discount = " ".into();
        assert_eq!(
            check(&no_discount, TODAY).unwrap_err()["discount"],
            "Field is required"
        );
        let mut over = draft();
        over.discount = "100.5".into();
        assert_eq!(
            check(&over, TODAY).unwrap_err()["discount"],
            DISCOUNT_OVER_100
        );
        let mut fixed = draft();
        fixed.discount_type = Some(DiscountType::FixedAmount);
        fixed.discount = "5000".into();
        assert_eq!(
            check(&fixed, TODAY).unwrap_err()["discount"],
            "Discount is bigger than items totals"
        );
        let mut no_vat = draft();
        no_vat.vat_amount = String::new();
        assert_eq!(
            check(&no_vat, TODAY).unwrap_err()["vatAmount"],
            "Field is required"
        );
        let mut nothing = draft();
        for item in &mut nothing.items {
            item.price = "0".into();
        }
        assert_eq!(
            check(&nothing, TODAY).unwrap_err()["items"],
            "The items' total must be above zero"
        );
        let mut bad = draft();
        bad.items[0].quantity_hours = "-1".into();
        bad.items[1].description = String::new();
        bad.items[0].period_to = "31.10.2026".into();
        let errors = check(&bad, TODAY).unwrap_err();
        assert_eq!(
            errors["items[0].quantityHours"],
            "Please, select right amount"
        );
        assert_eq!(errors["items[1].description"], "Field is required");
        assert_eq!(
            errors["items[0].periodTo"],
            "The period ends before it starts"
        );
        let mut late = draft();
        late.issue_date = "10.12.2026".into();
        late.due_date = "01.12.2026".into();
        assert_eq!(
            check(&late, TODAY).unwrap_err()["dueDate"],
            "The due date is before the issue date"
        );
    }

    #[test]
    fn numbers_of_the_series() {
        assert_eq!(series_number(7), "INV-0007");
        assert_eq!(series_position("INV-0007"), Some(7));
        assert_eq!(series_position("INV-12345"), Some(12_345));
        assert_eq!(series_position("INV-7"), None);
        assert_eq!(series_position("2026/7"), None);
        assert!(number_ok("2026/INV-7"));
        assert!(!number_ok("INV 7"));
    }
}
