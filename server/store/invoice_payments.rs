//! Money in matched to sent invoices (issue 29 point 5). Every incoming transaction on an
//! account with sent invoices is looked at once: the row claiming it (unique per transaction)
//! and the invoice's paid sum change in one transaction, so a payment is never counted twice,
//! whichever server looks and however often.

use super::Db;
use crate::domain::accounts::transaction_kinds::TransactionStatus;
use crate::domain::invoices::invoice::InvoiceStatus;

/// Money that came in and has not been looked at.
#[derive(Debug, Clone)]
pub struct Credit {
    pub transaction_id: String,
    pub account_id: String,
    pub amount: i64,
    pub details: String,
}

/// A sent invoice payments to its account may be for.
#[derive(Debug, Clone)]
pub struct Payable {
    pub id: String,
    pub number: String,
    pub reference: String,
}

/// A payment matched to an invoice.
#[derive(Debug, Clone)]
pub struct Payment {
    pub transaction_id: String,
    pub amount: i64,
    pub created_at: i64,
}

/// Money in since `since` on accounts that had sent an invoice before it came, not yet looked at.
pub async fn unchecked(db: &Db, since: i64, limit: i64) -> Result<Vec<Credit>, sqlx::Error> {
    let rows: Vec<(String, String, i64, String)> = sqlx::query_as(
        "SELECT t.id, t.bank_account_id, t.amount, t.details FROM transactions t \
         WHERE t.created_at >= $1 AND t.amount > 0 AND t.status = $2 \
         AND EXISTS (SELECT 1 FROM invoices i WHERE i.bank_account_id = t.bank_account_id \
                     AND i.status = $3 AND i.sent_at <= t.created_at) \
         AND NOT EXISTS (SELECT 1 FROM invoice_payments p WHERE p.transaction_id = t.id) \
         ORDER BY t.created_at, t.id LIMIT $4",
    )
    .bind(since)
    .bind(TransactionStatus::Completed.as_str())
    .bind(InvoiceStatus::Sent.as_str())
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(transaction_id, account_id, amount, details)| Credit {
            transaction_id,
            account_id,
            amount,
            details,
        })
        .collect())
}

/// The sent invoices asking to be paid into an account.
pub async fn payable(db: &Db, account_id: &str) -> Result<Vec<Payable>, sqlx::Error> {
    let rows: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT id, number, reference FROM invoices WHERE bank_account_id = $1 AND status = $2",
    )
    .bind(account_id)
    .bind(InvoiceStatus::Sent.as_str())
    .fetch_all(&db.pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, number, reference)| Payable {
            id,
            number,
            reference,
        })
        .collect())
}

/// Records that a transaction was looked at, and what it paid. False when another server
/// recorded it first (nothing changes then).
pub async fn record(
    db: &Db,
    credit: &Credit,
    invoice_id: Option<&str>,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let inserted = sqlx::query(
        "INSERT INTO invoice_payments (id, invoice_id, transaction_id, amount, created_at) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (transaction_id) DO NOTHING",
    )
    .bind(uuid::Uuid::now_v7().to_string())
    .bind(invoice_id)
    .bind(&credit.transaction_id)
    .bind(credit.amount)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    if inserted.rows_affected() == 0 {
        return Ok(false);
    }
    if let Some(invoice_id) = invoice_id {
        sqlx::query("UPDATE invoices SET paid = paid + $1 WHERE id = $2")
            .bind(credit.amount)
            .bind(invoice_id)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(true)
}

/// The payments matched to an invoice, oldest first.
pub async fn of_invoice(db: &Db, invoice_id: &str) -> Result<Vec<Payment>, sqlx::Error> {
    let rows: Vec<(String, i64, i64)> = sqlx::query_as(
        "SELECT p.transaction_id, p.amount, t.created_at FROM invoice_payments p \
         JOIN transactions t ON t.id = p.transaction_id WHERE p.invoice_id = $1 \
         ORDER BY t.created_at, t.id",
    )
    .bind(invoice_id)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(transaction_id, amount, created_at)| Payment {
            transaction_id,
            amount,
            created_at,
        })
        .collect())
}

/// The invoice a transaction paid: its id and number.
pub async fn invoice_of(
    db: &Db,
    transaction_id: &str,
) -> Result<Option<(String, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT i.id, i.number FROM invoice_payments p JOIN invoices i ON i.id = p.invoice_id \
         WHERE p.transaction_id = $1",
    )
    .bind(transaction_id)
    .fetch_optional(&db.pool)
    .await
}
