//! Credit notes: each corrects one sent invoice, in the profile's own CN- series (issue 29
//! point 4). A credit note is sent when it is made, so it is kept as sent, document and all.

use super::Db;
use crate::domain::ids::ProfileId;
use crate::domain::invoices::document::InvoiceDocument;

#[derive(Debug, Clone)]
pub struct StoredCreditNote {
    pub id: String,
    pub invoice_id: String,
    pub document: InvoiceDocument,
    pub created_at: i64,
}

/// Why a credit note could not be kept.
#[derive(Debug, thiserror::Error)]
pub enum CreditError {
    /// Another request took the number first: ask for the next and try again.
    #[error("the number is in use")]
    NumberTaken,
    /// The credit notes would take off more than the invoice's total.
    #[error("more than the invoice is credited")]
    TooMuch,
    #[error(transparent)]
    Storage(#[from] sqlx::Error),
}

/// The next place in the profile's CN- series: one past the highest, as credit notes are never
/// deleted.
pub async fn next_series(db: &Db, profile_id: &ProfileId) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM credit_notes WHERE profile_id = $1")
            .bind(profile_id)
            .fetch_one(&db.pool)
            .await?;
    Ok(count + 1)
}

/// Keeps a credit note for `invoice_id` if, with those before it, it takes off no more than
/// `invoice_total`. The check and the insert are one transaction, so two notes made at once
/// cannot together credit more than the invoice.
pub async fn add(
    db: &Db,
    profile_id: &ProfileId,
    invoice_id: &str,
    invoice_total: i64,
    document: &InvoiceDocument,
    now: i64,
) -> Result<String, CreditError> {
    let mut tx = db.begin_write().await?;
    // Serialises notes for one invoice on PostgreSQL (SQLite's write lock already does).
    if db.backend == super::Backend::Postgres {
        sqlx::query("SELECT id FROM invoices WHERE id = $1 FOR UPDATE")
            .bind(invoice_id)
            .fetch_optional(&mut *tx)
            .await?;
    }
    let (credited,): (Option<i64>,) =
        sqlx::query_as("SELECT CAST(SUM(total) AS BIGINT) FROM credit_notes WHERE invoice_id = $1")
            .bind(invoice_id)
            .fetch_one(&mut *tx)
            .await?;
    if credited.unwrap_or(0) + document.total > invoice_total {
        return Err(CreditError::TooMuch);
    }
    let id = uuid::Uuid::now_v7().to_string();
    let inserted = sqlx::query(
        "INSERT INTO credit_notes (id, profile_id, invoice_id, number, issue_date, total, document, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(&id)
    .bind(profile_id)
    .bind(invoice_id)
    .bind(&document.number)
    .bind(&document.issue_date)
    .bind(document.total)
    .bind(serde_json::to_string(document).expect("documents serialise"))
    .bind(now)
    .execute(&mut *tx)
    .await;
    match inserted {
        Err(error)
            if error
                .as_database_error()
                .is_some_and(|e| e.is_unique_violation()) =>
        {
            return Err(CreditError::NumberTaken)
        }
        other => other?,
    };
    tx.commit().await?;
    Ok(id)
}

type Row = (String, String, String, i64);

fn from_row((id, invoice_id, document, created_at): Row) -> Result<StoredCreditNote, sqlx::Error> {
    Ok(StoredCreditNote {
        id,
        invoice_id,
        document: super::json("document", &document)?,
        created_at,
    })
}

/// One of the profile's credit notes.
pub async fn find(
    db: &Db,
    profile_id: &ProfileId,
    id: &str,
) -> Result<Option<StoredCreditNote>, sqlx::Error> {
    let row: Option<Row> = sqlx::query_as(
        "SELECT id, invoice_id, document, created_at FROM credit_notes WHERE profile_id = $1 AND id = $2",
    )
    .bind(profile_id)
    .bind(id)
    .fetch_optional(&db.pool)
    .await?;
    row.map(from_row).transpose()
}

/// An invoice's credit notes, oldest first.
pub async fn of_invoice(
    db: &Db,
    profile_id: &ProfileId,
    invoice_id: &str,
) -> Result<Vec<StoredCreditNote>, sqlx::Error> {
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT id, invoice_id, document, created_at FROM credit_notes \
         WHERE profile_id = $1 AND invoice_id = $2 ORDER BY created_at, id",
    )
    .bind(profile_id)
    .bind(invoice_id)
    .fetch_all(&db.pool)
    .await?;
    rows.into_iter().map(from_row).collect()
}
