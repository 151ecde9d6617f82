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

/// Money in since `$1` (completed, `$2`) on accounts that had sent (`$3`) an invoice before it
/// came, not yet looked at, oldest first, at most `$4`.
///
/// It starts from the accounts with sent invoices (`invoices_sent_by_account`) and reads each
/// one's money in from its first sending on (`transactions_account_time`): the job runs every
/// second on every server, and a condition on the transactions alone would read all of the
/// bank's transactions of the look-back each time. Public for the test that reads its plan.
pub const UNCHECKED_SQL: &str = "SELECT t.id, t.bank_account_id, t.amount, t.details \
     FROM (SELECT bank_account_id, MIN(sent_at) AS first_sent FROM invoices \
           WHERE status = $3 GROUP BY bank_account_id) i \
     JOIN transactions t ON t.bank_account_id = i.bank_account_id \
          AND t.created_at >= i.first_sent AND t.created_at >= $1 \
     WHERE t.amount > 0 AND t.status = $2 \
     AND NOT EXISTS (SELECT 1 FROM invoice_payments p WHERE p.transaction_id = t.id) \
     ORDER BY t.created_at, t.id LIMIT $4";

/// Money in since `since` on accounts that had sent an invoice before it came, not yet looked at.
pub async fn unchecked(db: &Db, since: i64, limit: i64) -> Result<Vec<Credit>, sqlx::Error> {
    let rows: Vec<(String, String, i64, String)> = sqlx::query_as(UNCHECKED_SQL)
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

/// Money in that the matching job looked at and found naming no invoice, on an account that
/// still waits for an invoice to be paid (issue 32 point 3).
#[derive(Debug, Clone)]
pub struct Unmatched {
    pub transaction_id: String,
    pub account_id: String,
    pub profile_id: String,
    pub profile_name: String,
    pub currency: String,
    pub amount: i64,
    pub details: String,
    pub payer: String,
    pub created_at: i64,
}

type UnmatchedRow = (
    String,
    String,
    String,
    String,
    String,
    i64,
    String,
    Option<String>,
    i64,
);

/// Unmatched money in since `since`, the oldest first.
pub async fn unmatched(db: &Db, since: i64, limit: i64) -> Result<Vec<Unmatched>, sqlx::Error> {
    let rows: Vec<UnmatchedRow> = sqlx::query_as(
        "SELECT t.id, t.bank_account_id, b.profile_id, pr.name, t.currency, t.amount, \
             t.details, t.counterparty_name, t.created_at FROM invoice_payments p \
             JOIN transactions t ON t.id = p.transaction_id \
             JOIN bank_accounts b ON b.id = t.bank_account_id \
             JOIN profiles pr ON pr.id = b.profile_id \
             WHERE p.invoice_id IS NULL AND t.created_at >= $1 \
             AND EXISTS (SELECT 1 FROM invoices i WHERE i.bank_account_id = t.bank_account_id \
                         AND i.status = $2 AND i.paid < i.total) \
             ORDER BY t.created_at, t.id LIMIT $3",
    )
    .bind(since)
    .bind(InvoiceStatus::Sent.as_str())
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(
            |(
                transaction_id,
                account_id,
                profile_id,
                profile_name,
                currency,
                amount,
                details,
                payer,
                created_at,
            )| {
                Unmatched {
                    transaction_id,
                    account_id,
                    profile_id,
                    profile_name,
                    currency,
                    amount,
                    details,
                    payer: payer.unwrap_or_default(),
                    created_at,
                }
            },
        )
        .collect())
}

/// A sent invoice still waiting to be paid in full: (id, number, total, paid).
pub async fn outstanding(
    db: &Db,
    account_id: &str,
) -> Result<Vec<(String, String, i64, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, number, total, paid FROM invoices WHERE bank_account_id = $1 AND status = $2 \
         AND paid < total ORDER BY created_at, id",
    )
    .bind(account_id)
    .bind(InvoiceStatus::Sent.as_str())
    .fetch_all(&db.pool)
    .await
}

/// Counts an unmatched payment towards a sent invoice of the account it came into, once, in the
/// caller's transaction: false when it was matched meanwhile or the invoice is not one of that
/// account's sent invoices (the caller then drops the transaction).
pub async fn assign_in(
    tx: &mut sqlx::AnyConnection,
    transaction_id: &str,
    invoice_id: &str,
) -> Result<bool, sqlx::Error> {
    let claimed = sqlx::query(
        "UPDATE invoice_payments SET invoice_id = $1 WHERE transaction_id = $2 \
         AND invoice_id IS NULL",
    )
    .bind(invoice_id)
    .bind(transaction_id)
    .execute(&mut *tx)
    .await?;
    if claimed.rows_affected() != 1 {
        return Ok(false);
    }
    let counted = sqlx::query(
        "UPDATE invoices SET paid = paid + (SELECT amount FROM invoice_payments \
         WHERE transaction_id = $1) WHERE id = $2 AND status = $3 \
         AND bank_account_id = (SELECT bank_account_id FROM transactions WHERE id = $1)",
    )
    .bind(transaction_id)
    .bind(invoice_id)
    .bind(InvoiceStatus::Sent.as_str())
    .execute(&mut *tx)
    .await?;
    Ok(counted.rows_affected() == 1)
}
