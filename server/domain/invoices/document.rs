//! An invoice or credit note as its client receives it (issue 29 points 3, 4 and 6): everything
//! the PDF prints and the e-invoice carries, made once from the checked invoice, the business,
//! the client and the account to pay into. A sent document is kept as it was sent, so what the
//! client received can be printed again word for word, whatever changes later.

use super::epc_qr::{self, EpcTransfer};
use super::invoice::{DiscountType, Invoice};
use super::reference;
use crate::domain::accounts::money::Currency;

crate::domain::named_enum! {
    /// An invoice, or a credit note correcting a sent one.
    pub enum DocumentKind {
        Invoice = "invoice",
        CreditNote = "credit_note",
    }
}

/// The business or its client, as printed.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceParty {
    pub name: String,
    /// Building and street.
    pub street: String,
    pub city: String,
    pub postcode: Option<String>,
    /// ISO 3166-1 alpha-2, and its name as printed.
    pub country: String,
    pub country_name: String,
    /// The company number, for a company.
    pub registration_number: Option<String>,
    pub vat_number: Option<String>,
    pub email: Option<String>,
}

impl InvoiceParty {
    /// The address as printed: street, town and postcode, country.
    pub fn address_lines(&self) -> Vec<String> {
        let town = [
            self.city.trim(),
            self.postcode.as_deref().unwrap_or("").trim(),
        ]
        .into_iter()
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
        [
            self.street.trim().to_string(),
            town,
            self.country_name.clone(),
        ]
        .into_iter()
        .filter(|line| !line.is_empty())
        .collect()
    }
}

/// Where to pay: the chosen account and the reference to quote.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayTo {
    pub holder: String,
    /// "04-00-04" and the account number, for a pound account.
    pub sort_code: Option<String>,
    pub account_number: Option<String>,
    pub iban: String,
    pub bic: String,
    /// The ISO 11649 creditor reference, compact ("RF18INV0007").
    pub reference: String,
}

/// One item as printed: dates yyyy-MM-dd, hours and price as decimal text, net in minor units.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DocumentLine {
    pub description: String,
    pub period_from: Option<String>,
    pub period_to: Option<String>,
    pub hours: String,
    pub price: String,
    pub net: i64,
}

/// The document: every figure in minor units of its currency.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceDocument {
    pub kind: DocumentKind,
    pub number: String,
    /// yyyy-MM-dd; also the tax point (time of supply) HMRC asks a VAT invoice to show.
    pub issue_date: String,
    pub due_date: String,
    pub currency: Currency,
    pub seller: InvoiceParty,
    pub buyer: InvoiceParty,
    pub lines: Vec<DocumentLine>,
    /// How the discount was given: "10%" or an amount, when there is one.
    pub discount_type: Option<DiscountType>,
    pub discount_value: Option<String>,
    /// The VAT rate in percent as decimal text, when VAT applies.
    pub vat_percent: Option<String>,
    pub subtotal: i64,
    pub discount: i64,
    pub net: i64,
    pub vat: i64,
    pub total: i64,
    pub pay_to: PayTo,
    /// For a credit note: the number and issue date of the invoice it corrects.
    pub corrects: Option<(String, String)>,
    /// HMRC asks an invoice in another currency to show its VAT in sterling too: the amount in
    /// pence, at a stated mid-market rate. None for pounds or without VAT.
    #[serde(default)]
    pub vat_in_sterling: Option<SterlingVat>,
}

/// The VAT in pounds, and the rate and day it was converted at.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SterlingVat {
    pub pence: i64,
    /// Pounds per unit of the invoice's currency, as decimal text ("0.8523").
    pub rate: String,
    /// What the rate is for: the reference day or instant its source gave.
    pub as_of: String,
}

/// `vat` (minor units) at `rate` pounds per unit, to the penny, halves away from zero.
fn in_pence(vat: i64, rate: rust_decimal::Decimal) -> Option<i64> {
    use rust_decimal::prelude::ToPrimitive;
    (rust_decimal::Decimal::from(vat) * rate)
        .round_dp_with_strategy(0, rust_decimal::RoundingStrategy::MidpointAwayFromZero)
        .to_i64()
}

/// The reference an invoice asks to be quoted: its number's letters and digits made an ISO
/// 11649 creditor reference ("INV-0007" → "RF…INV0007"). Unique within the account it is paid
/// into, which is where the bank looks for it.
pub fn payment_reference(number: &str) -> String {
    let body: String = number.chars().filter(char::is_ascii_alphanumeric).collect();
    let body: String = body
        .chars()
        .rev()
        .take(21)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    // A number is 1 to 30 letters, digits, hyphens and slashes, so the body is never empty.
    reference::creditor_reference(&body).unwrap_or_default()
}

impl InvoiceDocument {
    /// The document for a checked invoice.
    pub fn of_invoice(
        invoice: &Invoice,
        currency: Currency,
        seller: InvoiceParty,
        buyer: InvoiceParty,
        pay_to_account: PayTo,
    ) -> Self {
        let t = &invoice.totals;
        Self {
            kind: DocumentKind::Invoice,
            number: invoice.number.clone(),
            issue_date: invoice.issue_date.to_string(),
            due_date: invoice.due_date.to_string(),
            currency,
            seller,
            buyer,
            lines: invoice
                .items
                .iter()
                .zip(&t.lines)
                .map(|(item, net)| DocumentLine {
                    description: item.description.clone(),
                    period_from: item.period_from.map(|d| d.to_string()),
                    period_to: item.period_to.map(|d| d.to_string()),
                    hours: item.quantity_hours.normalize().to_string(),
                    price: decimal_text(item.price),
                    net: *net,
                })
                .collect(),
            discount_type: invoice.discount.map(|(kind, _)| kind),
            discount_value: invoice
                .discount
                .map(|(_, value)| value.normalize().to_string()),
            vat_percent: invoice.vat_percent.map(|rate| rate.normalize().to_string()),
            subtotal: t.subtotal,
            discount: t.discount,
            net: t.net,
            vat: t.vat,
            total: t.total,
            pay_to: PayTo {
                reference: payment_reference(&invoice.number),
                ..pay_to_account
            },
            corrects: None,
            vat_in_sterling: None,
        }
    }

    /// Adds the VAT in sterling (HMRC) at `rate` pounds per unit, for an invoice in another
    /// currency that charges VAT.
    pub fn with_sterling_vat(mut self, rate: rust_decimal::Decimal, as_of: &str) -> Self {
        if self.currency != Currency::Gbp && self.vat > 0 {
            self.vat_in_sterling = in_pence(self.vat, rate).map(|pence| SterlingVat {
                pence,
                rate: rate.normalize().to_string(),
                as_of: as_of.to_string(),
            });
        }
        self
    }

    /// Whether the document still needs its VAT in sterling (a rate was not to be had).
    pub fn lacks_sterling_vat(&self) -> bool {
        self.currency != Currency::Gbp && self.vat > 0 && self.vat_in_sterling.is_none()
    }

    /// The title printed at the top: HMRC calls an invoice that charges VAT a "VAT invoice".
    pub fn title(&self) -> &'static str {
        match (self.kind, self.vat_percent.is_some()) {
            (DocumentKind::CreditNote, _) => "Credit note",
            (DocumentKind::Invoice, true) => "VAT invoice",
            (DocumentKind::Invoice, false) => "Invoice",
        }
    }

    /// How the discount reads beside its amount: "Discount (10%)" or "Discount".
    pub fn discount_label(&self) -> String {
        match (self.discount_type, &self.discount_value) {
            (Some(DiscountType::Percent), Some(value)) => format!("Discount ({value}%)"),
            _ => "Discount".into(),
        }
    }

    /// The EPC069-12 payload a euro invoice prints as a QR code; none in other currencies or
    /// when there is nothing to pay.
    pub fn epc_payload(&self) -> Option<String> {
        if self.currency != Currency::Eur || self.kind != DocumentKind::Invoice {
            return None;
        }
        epc_qr::payload(&EpcTransfer {
            bic: &self.pay_to.bic,
            name: &self.pay_to.holder,
            iban: &self.pay_to.iban,
            amount_cents: self.total,
            reference: &self.pay_to.reference,
        })
        .ok()
    }

    /// The period an item covers, as printed: "1 Nov 2026 – 30 Nov 2026".
    pub fn period(line: &DocumentLine) -> Option<String> {
        let from = line.period_from.as_deref().map(printed_date);
        let to = line.period_to.as_deref().map(printed_date);
        match (from, to) {
            (Some(from), Some(to)) => Some(format!("{from} – {to}")),
            (Some(from), None) => Some(format!("From {from}")),
            (None, Some(to)) => Some(format!("Until {to}")),
            (None, None) => None,
        }
    }

    pub fn amount(&self, minor: i64) -> String {
        crate::domain::accounts::money::display(minor, self.currency)
    }
}

/// A price as decimal text with at least two places ("85.00", "12.345").
fn decimal_text(value: rust_decimal::Decimal) -> String {
    let mut value = value.normalize();
    if value.scale() < 2 {
        value.rescale(2);
    }
    value.to_string()
}

/// "2026-11-03" as "3 Nov 2026" (SPEC §9 shows dates as people read them).
pub fn printed_date(iso: &str) -> String {
    let format = time::macros::format_description!("[year]-[month]-[day]");
    match time::Date::parse(iso, &format) {
        Ok(date) => format!(
            "{} {} {}",
            date.day(),
            &date.month().to_string()[..3],
            date.year()
        ),
        Err(_) => iso.to_string(),
    }
}

/// A credit note correcting `invoice` (as sent): for all of it, or for `part`, a net amount
/// before VAT with what it is for, VAT charged at the invoice's rate. Figures come from
/// `totals` like every invoice's; None when the part adds up to nothing.
pub fn credit_note(
    invoice: &InvoiceDocument,
    number: String,
    issue_date: String,
    part: Option<(rust_decimal::Decimal, String)>,
) -> Option<InvoiceDocument> {
    use super::totals::{self, Discount, Line};
    let mut note = invoice.clone();
    note.kind = DocumentKind::CreditNote;
    note.number = number;
    note.due_date = issue_date.clone();
    note.issue_date = issue_date;
    note.corrects = Some((invoice.number.clone(), invoice.issue_date.clone()));
    let Some((net, description)) = part else {
        return Some(note);
    };
    let rate = invoice
        .vat_percent
        .as_deref()
        .and_then(|rate| rate.parse().ok());
    let line = Line {
        quantity: rust_decimal::Decimal::ONE,
        price: net,
    };
    let t = totals::totals(&[line], Discount::None, rate).ok()?;
    note.lines = vec![DocumentLine {
        description,
        period_from: None,
        period_to: None,
        hours: "1".into(),
        price: decimal_text(net),
        net: t.subtotal,
    }];
    note.discount_type = None;
    note.discount_value = None;
    note.subtotal = t.subtotal;
    note.discount = 0;
    note.net = t.net;
    note.vat = t.vat;
    note.total = t.total;
    // HMRC: a credit note converts at the rate its invoice used.
    note.vat_in_sterling = invoice.vat_in_sterling.as_ref().and_then(|sterling| {
        let rate = sterling.rate.parse().ok()?;
        Some(SterlingVat {
            pence: in_pence(t.vat, rate)?,
            ..sterling.clone()
        })
    });
    Some(note)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_is_the_number_made_a_creditor_reference() {
        let reference = payment_reference("INV-0007");
        assert!(reference.starts_with("RF") && reference.ends_with("INV0007"));
        assert_eq!(super::reference::parse(&reference), Ok(reference.clone()));
        // A long number keeps its last 21 letters and digits, the part that differs.
        let long = payment_reference("ACME/2026/CONSULTING/000123");
        assert!(long.ends_with("26CONSULTING000123"), "{long}");
        assert!(super::reference::parse(&long).is_ok());
    }

    #[test]
    fn vat_in_sterling_is_converted_to_the_penny() {
        assert_eq!(in_pence(33_075, "0.85".parse().unwrap()), Some(28_114));
        assert_eq!(
            in_pence(1, "0.5".parse().unwrap()),
            Some(1),
            "halves away from zero"
        );
    }

    #[test]
    fn dates_print_as_people_read_them() {
        assert_eq!(printed_date("2026-11-03"), "3 Nov 2026");
        assert_eq!(printed_date("nonsense"), "nonsense");
    }
}
