//! A profile's invoices (issue 29; SPEC §7 Invoices).

use rust_decimal::Decimal;

use super::Db;
use crate::domain::accounts::money::Currency;
use crate::domain::ids::ProfileId;
use crate::domain::invoices::document::InvoiceDocument;
use crate::domain::invoices::invoice::{
    self, series_position, DiscountType, Invoice, InvoiceStatus, Item,
};
use crate::domain::invoices::totals::{self, Discount, Line, Totals};

/// An invoice as kept: its checked content, status and currency.
#[derive(Debug, Clone)]
pub struct StoredInvoice {
    pub id: String,
    pub status: InvoiceStatus,
    pub currency: Currency,
    pub invoice: Invoice,
}

/// Why an invoice could not be kept.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// Another invoice of the profile has the number.
    #[error("the number is in use")]
    NumberTaken,
    /// The id names no invoice of this profile.
    #[error("no such invoice")]
    NotFound,
    /// It was sent: it is not changed any more.
    #[error("the invoice was sent")]
    Sent,
    /// Its partner is gone.
    #[error("no such partner")]
    NoPartner,
    #[error(transparent)]
    Storage(#[from] sqlx::Error),
}

/// The list's filters (SPEC §7 POST /v2/invoices/fetch).
#[derive(Debug, Default, Clone)]
pub struct Filters {
    pub status: Option<InvoiceStatus>,
    pub partner_id: Option<String>,
    /// Issued on or after, yyyy-MM-dd.
    pub from: Option<String>,
    /// Issued on or before, yyyy-MM-dd.
    pub to: Option<String>,
}

#[derive(serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct StoredItem {
    description: String,
    period_from: Option<String>,
    period_to: Option<String>,
    quantity_hours: String,
    price: String,
}

const COLUMNS: &str = "id, number, status, partner_id, bank_account_id, currency, issue_date, \
                       due_date, discount_type, discount, vat_percent, items";

type Row = (
    String,
    String,
    String,
    String,
    String,
    String,
    String,
    String,
    Option<String>,
    Option<String>,
    Option<String>,
    String,
);

fn bad(what: &str) -> sqlx::Error {
    sqlx::Error::ColumnDecode {
        index: what.into(),
        source: format!("unreadable {what}").into(),
    }
}

fn decimal(what: &str, text: &str) -> Result<Decimal, sqlx::Error> {
    text.parse().map_err(|_| bad(what))
}

fn day(what: &str, text: &str) -> Result<time::Date, sqlx::Error> {
    invoice::date(text).ok_or_else(|| bad(what))
}

/// An invoice as read back. Its figures are made again from its items by the one function that
/// makes them (`domain::invoices::totals`); the stored ones serve lists and sums.
fn from_row(
    (
        id,
        number,
        status,
        partner_id,
        bank_account_id,
        currency,
        issue_date,
        due_date,
        discount_type,
        discount,
        vat_percent,
        items,
    ): Row,
) -> Result<StoredInvoice, sqlx::Error> {
    let stored: Vec<StoredItem> = super::json("items", &items)?;
    let items = stored
        .into_iter()
        .map(|item| {
            Ok(Item {
                description: item.description,
                period_from: item
                    .period_from
                    .as_deref()
                    .map(|d| day("items", d))
                    .transpose()?,
                period_to: item
                    .period_to
                    .as_deref()
                    .map(|d| day("items", d))
                    .transpose()?,
                quantity_hours: decimal("items", &item.quantity_hours)?,
                price: decimal("items", &item.price)?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    let discount = match (discount_type, discount) {
        (Some(kind), Some(value)) => Some((
            DiscountType::parse(&kind).ok_or_else(|| bad("discount_type"))?,
            decimal("discount", &value)?,
        )),
        _ => None,
    };
    let vat_percent = vat_percent
        .map(|v| decimal("vat_percent", &v))
        .transpose()?;
    let totals = figures(&items, discount, vat_percent).ok_or_else(|| bad("items"))?;
    Ok(StoredInvoice {
        id,
        status: InvoiceStatus::parse(&status).ok_or_else(|| bad("status"))?,
        currency: Currency::parse(&currency).ok_or_else(|| bad("currency"))?,
        invoice: Invoice {
            number,
            issue_date: day("issue_date", &issue_date)?,
            due_date: day("due_date", &due_date)?,
            bank_account_id,
            partner_id,
            discount,
            vat_percent,
            items,
            totals,
        },
    })
}

fn figures(
    items: &[Item],
    discount: Option<(DiscountType, Decimal)>,
    vat_percent: Option<Decimal>,
) -> Option<Totals> {
    let lines: Vec<Line> = items
        .iter()
        .map(|item| Line {
            quantity: item.quantity_hours,
            price: item.price,
        })
        .collect();
    let discount = match discount {
        None => Discount::None,
        Some((DiscountType::FixedAmount, value)) => Discount::FixedAmount(value),
        Some((DiscountType::Percent, value)) => Discount::Percent(value),
    };
    totals::totals(&lines, discount, vat_percent).ok()
}

fn items_json(items: &[Item]) -> String {
    let stored: Vec<StoredItem> = items
        .iter()
        .map(|item| StoredItem {
            description: item.description.clone(),
            period_from: item.period_from.map(|day| day.to_string()),
            period_to: item.period_to.map(|day| day.to_string()),
            quantity_hours: item.quantity_hours.to_string(),
            price: item.price.to_string(),
        })
        .collect();
    serde_json::to_string(&stored).expect("items serialise")
}

fn number_taken(error: sqlx::Error) -> SaveError {
    match error.as_database_error() {
        Some(db_error) if db_error.is_unique_violation() => SaveError::NumberTaken,
        // The partner was deleted since the caller found it.
        Some(db_error) if db_error.is_foreign_key_violation() => SaveError::NoPartner,
        _ => error.into(),
    }
}

/// The lowest place in the profile's INV- series no invoice holds: 1, or one past a held place
/// whose next is free. A deleted draft frees its place; sent invoices are never deleted.
pub async fn next_series(db: &Db, profile_id: &ProfileId) -> Result<i64, sqlx::Error> {
    let (first,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM invoices WHERE profile_id = $1 AND series = 1")
            .bind(profile_id)
            .fetch_one(&db.pool)
            .await?;
    if first == 0 {
        return Ok(1);
    }
    let (next,): (i64,) = sqlx::query_as(
        "SELECT MIN(a.series) + 1 FROM invoices a WHERE a.profile_id = $1 AND a.series IS NOT NULL \
         AND NOT EXISTS (SELECT 1 FROM invoices b WHERE b.profile_id = $1 AND b.series = a.series + 1)",
    )
    .bind(profile_id)
    .fetch_one(&db.pool)
    .await?;
    Ok(next)
}

/// Whether another invoice of the profile (than `except`) has the number.
pub async fn number_in_use(
    db: &Db,
    profile_id: &ProfileId,
    number: &str,
    except: Option<&str>,
) -> Result<bool, sqlx::Error> {
    let (count,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM invoices WHERE profile_id = $1 AND number = $2 AND ($3 IS NULL OR id <> $3)",
    )
    .bind(profile_id)
    .bind(number.trim())
    .bind(except)
    .fetch_one(&db.pool)
    .await?;
    Ok(count > 0)
}

/// Adds a draft (no id), or replaces one of the profile's drafts; answers its id. The number's
/// uniqueness is the table's: of two saves that race with one number, one is refused.
pub async fn save_draft(
    db: &Db,
    profile_id: &ProfileId,
    id: Option<&str>,
    invoice: &Invoice,
    currency: Currency,
    now: i64,
) -> Result<String, SaveError> {
    let i = invoice;
    let (discount_type, discount) = match i.discount {
        Some((kind, value)) => (Some(kind.as_str()), Some(value.to_string())),
        None => (None, None),
    };
    let vat = i.vat_percent.map(|rate| rate.to_string());
    let t = &i.totals;
    let Some(id) = id else {
        let id = uuid::Uuid::now_v7().to_string();
        sqlx::query(
            "INSERT INTO invoices (id, profile_id, number, series, status, partner_id, bank_account_id, \
             currency, issue_date, due_date, discount_type, discount, vat_percent, items, subtotal, \
             discount_amount, vat, total, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, \
             $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $19)",
        )
        .bind(&id)
        .bind(profile_id)
        .bind(&i.number)
        .bind(series_position(&i.number))
        .bind(InvoiceStatus::Draft.as_str())
        .bind(&i.partner_id)
        .bind(&i.bank_account_id)
        .bind(currency.code())
        .bind(i.issue_date.to_string())
        .bind(i.due_date.to_string())
        .bind(discount_type)
        .bind(discount)
        .bind(vat)
        .bind(items_json(&i.items))
        .bind(t.subtotal)
        .bind(t.discount)
        .bind(t.vat)
        .bind(t.total)
        .bind(now)
        .execute(&db.pool)
        .await
        .map_err(number_taken)?;
        return Ok(id);
    };
    let done = sqlx::query(
        "UPDATE invoices SET number = $1, series = $2, partner_id = $3, bank_account_id = $4, \
         currency = $5, issue_date = $6, due_date = $7, discount_type = $8, discount = $9, \
         vat_percent = $10, items = $11, subtotal = $12, discount_amount = $13, vat = $14, \
         total = $15, updated_at = $16 WHERE id = $17 AND profile_id = $18 AND status = $19",
    )
    .bind(&i.number)
    .bind(series_position(&i.number))
    .bind(&i.partner_id)
    .bind(&i.bank_account_id)
    .bind(currency.code())
    .bind(i.issue_date.to_string())
    .bind(i.due_date.to_string())
    .bind(discount_type)
    .bind(discount)
    .bind(vat)
    .bind(items_json(&i.items))
    .bind(t.subtotal)
    .bind(t.discount)
    .bind(t.vat)
    .bind(t.total)
    .bind(now)
    .bind(id)
    .bind(profile_id)
    .bind(InvoiceStatus::Draft.as_str())
    .execute(&db.pool)
    .await
    .map_err(number_taken)?;
    if done.rows_affected() == 1 {
        return Ok(id.to_string());
    }
    Err(match find(db, profile_id, id).await? {
        Some(_) => SaveError::Sent,
        None => SaveError::NotFound,
    })
}

/// One of the profile's invoices; None for another profile's.
pub async fn find(
    db: &Db,
    profile_id: &ProfileId,
    id: &str,
) -> Result<Option<StoredInvoice>, sqlx::Error> {
    let row: Option<Row> = sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM invoices WHERE profile_id = $1 AND id = $2"
    ))
    .bind(profile_id)
    .bind(id)
    .fetch_optional(&db.pool)
    .await?;
    row.map(from_row).transpose()
}

/// A page of the profile's invoices matching `filters`, newest issued first, and the total.
pub async fn page(
    db: &Db,
    profile_id: &ProfileId,
    filters: &Filters,
    limit: i64,
    offset: i64,
) -> Result<(Vec<StoredInvoice>, i64), sqlx::Error> {
    let filter =
        "profile_id = $1 AND ($2 IS NULL OR status = $2) AND ($3 IS NULL OR partner_id = $3) \
                  AND ($4 IS NULL OR issue_date >= $4) AND ($5 IS NULL OR issue_date <= $5)";
    let status = filters.status.map(InvoiceStatus::as_str);
    let rows: Vec<Row> = sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM invoices WHERE {filter} ORDER BY issue_date DESC, number DESC, id \
         LIMIT $6 OFFSET $7"
    ))
    .bind(profile_id)
    .bind(status)
    .bind(filters.partner_id.as_deref())
    .bind(filters.from.as_deref())
    .bind(filters.to.as_deref())
    .bind(limit)
    .bind(offset)
    .fetch_all(&db.pool)
    .await?;
    let (total,): (i64,) = sqlx::query_as(&format!("SELECT COUNT(*) FROM invoices WHERE {filter}"))
        .bind(profile_id)
        .bind(status)
        .bind(filters.partner_id.as_deref())
        .bind(filters.from.as_deref())
        .bind(filters.to.as_deref())
        .fetch_one(&db.pool)
        .await?;
    Ok((
        rows.into_iter().map(from_row).collect::<Result<_, _>>()?,
        total,
    ))
}

/// Deletes one of the profile's drafts. Err(Sent) for a sent invoice, which is kept for good.
pub async fn delete_draft(db: &Db, profile_id: &ProfileId, id: &str) -> Result<(), SaveError> {
    let done =
        sqlx::query("DELETE FROM invoices WHERE id = $1 AND profile_id = $2 AND status = $3")
            .bind(id)
            .bind(profile_id)
            .bind(InvoiceStatus::Draft.as_str())
            .execute(&db.pool)
            .await?;
    if done.rows_affected() == 1 {
        return Ok(());
    }
    Err(match find(db, profile_id, id).await? {
        Some(_) => SaveError::Sent,
        None => SaveError::NotFound,
    })
}

/// What sending made of an invoice: when, the reference payers quote, the document as sent,
/// what has come in for it and what credit notes took off.
#[derive(Debug, Clone)]
pub struct Sent {
    pub sent_at: i64,
    pub reference: String,
    pub document: InvoiceDocument,
    pub paid: i64,
    pub credited: i64,
}

/// The sent facts of one of the profile's invoices; None for a draft or another's invoice.
pub async fn sent(db: &Db, profile_id: &ProfileId, id: &str) -> Result<Option<Sent>, sqlx::Error> {
    let row: Option<(i64, String, String, i64, Option<i64>)> = sqlx::query_as(
        "SELECT i.sent_at, i.reference, i.document, i.paid, \
         (SELECT CAST(SUM(c.total) AS BIGINT) FROM credit_notes c WHERE c.invoice_id = i.id) \
         FROM invoices i WHERE i.profile_id = $1 AND i.id = $2 AND i.status = $3",
    )
    .bind(profile_id)
    .bind(id)
    .bind(InvoiceStatus::Sent.as_str())
    .fetch_optional(&db.pool)
    .await?;
    row.map(|(sent_at, reference, document, paid, credited)| {
        Ok(Sent {
            sent_at,
            reference,
            document: super::json("document", &document)?,
            paid,
            credited: credited.unwrap_or(0),
        })
    })
    .transpose()
}

/// Makes a draft sent, keeping the document as sent. False when it was not a draft of the
/// profile's any more (sent meanwhile by another request, or deleted): only one send wins.
pub async fn mark_sent(
    db: &Db,
    profile_id: &ProfileId,
    id: &str,
    document: &InvoiceDocument,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE invoices SET status = $1, sent_at = $2, reference = $3, document = $4, \
         updated_at = $2 WHERE id = $5 AND profile_id = $6 AND status = $7",
    )
    .bind(InvoiceStatus::Sent.as_str())
    .bind(now)
    .bind(&document.pay_to.reference)
    .bind(serde_json::to_string(document).expect("documents serialise"))
    .bind(id)
    .bind(profile_id)
    .bind(InvoiceStatus::Draft.as_str())
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() == 1)
}
