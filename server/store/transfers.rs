//! Transfers (issue 11): submitted exactly once under the client's id, with their approval
//! used up, their limits held and their money booked in one database transaction; then settled
//! or returned by the scheme job, which claims one due transfer at a time so that several bank
//! processes on one PostgreSQL never settle a transfer twice.

use sqlx::{AnyConnection, Row};

use super::bank_accounts::BankAccount;
use super::bookings::{self, BookingError, Party, PayeeSide, TransferBooking};
use super::{Backend, Db};
use crate::domain::payments::limits::{Breach, TransferLimits};
use crate::domain::payments::settlement::{self, Outcome, TransferStatus};

#[derive(Debug, Clone)]
pub struct TransferRow {
    pub id: String,
    pub request_digest: String,
    pub profile_id: String,
    pub bank_account_id: String,
    pub transaction_id: String,
    pub scheme: crate::domain::payments::payee::Scheme,
    pub currency: String,
    pub amount: i64,
    pub fee: i64,
    pub payee_name: String,
    pub status: TransferStatus,
    pub pain_001: Option<String>,
    pub pacs_008: Option<String>,
    pub created_at: i64,
    /// The payee as stored (JSON) and the reference: what Repeat Transfer prefills.
    pub payee: String,
    pub reference: String,
    pub return_reason: Option<String>,
}

const COLUMNS: &str = "id, request_digest, profile_id, bank_account_id, transaction_id, scheme, \
                       currency, amount, fee, payee_name, status, pain_001, pacs_008, created_at, \
                       payee, reference, return_reason";

fn from_row(row: &sqlx::any::AnyRow) -> Result<TransferRow, sqlx::Error> {
    let status: String = row.try_get(10)?;
    Ok(TransferRow {
        id: row.try_get(0)?,
        request_digest: row.try_get(1)?,
        profile_id: row.try_get(2)?,
        bank_account_id: row.try_get(3)?,
        transaction_id: row.try_get(4)?,
        scheme: super::named("scheme", &row.try_get::<String, _>(5)?)?,
        currency: row.try_get(6)?,
        amount: row.try_get(7)?,
        fee: row.try_get(8)?,
        payee_name: row.try_get(9)?,
        status: super::named("status", &status)?,
        pain_001: row.try_get(11)?,
        pacs_008: row.try_get(12)?,
        created_at: row.try_get(13)?,
        payee: row.try_get(14)?,
        reference: row.try_get(15)?,
        return_reason: row.try_get(16)?,
    })
}

pub async fn find(db: &Db, id: &str) -> Result<Option<TransferRow>, sqlx::Error> {
    sqlx::query(&format!("SELECT {COLUMNS} FROM transfers WHERE id = $1"))
        .bind(id)
        .fetch_optional(&db.pool)
        .await?
        .as_ref()
        .map(from_row)
        .transpose()
}

/// The transfer a transaction row shows, when it is one.
pub async fn by_transaction(
    db: &Db,
    transaction_id: &str,
) -> Result<Option<TransferRow>, sqlx::Error> {
    sqlx::query(&format!(
        "SELECT {COLUMNS} FROM transfers WHERE transaction_id = $1"
    ))
    .bind(transaction_id)
    .fetch_optional(&db.pool)
    .await?
    .as_ref()
    .map(from_row)
    .transpose()
}

/// Everything one submit writes.
pub struct NewTransfer<'a> {
    pub id: &'a str,
    pub request_digest: &'a str,
    pub profile_id: &'a str,
    pub user_id: &'a str,
    pub account: &'a BankAccount,
    /// A customer of this bank the money goes straight to.
    pub on_us: Option<&'a BankAccount>,
    pub scheme: &'a str,
    pub amount: i64,
    pub fee: i64,
    pub payee: Party<'a>,
    pub payee_json: &'a str,
    pub payer_name: &'a str,
    pub reference: &'a str,
    pub approval_id: &'a str,
    pub binding: &'a str,
    pub attachments: &'a [String],
    pub pain_001: Option<&'a str>,
    pub pacs_008: Option<&'a str>,
    pub limits: &'a TransferLimits,
    /// Start of today in Europe/London, for the daily limit.
    pub day_start: i64,
    pub settle_after: i64,
    pub now: i64,
    /// The waiting request this transfer is the second approval of: decided and its hold
    /// released in the same transaction.
    pub approves: Option<&'a str>,
}

#[derive(Debug, thiserror::Error)]
pub enum SubmitError {
    /// The id was used before for another request (or by another profile).
    #[error("the transfer id was used for another request")]
    Conflict,
    #[error("the approval does not fit this transfer")]
    Approval,
    #[error("an attachment is not a finished upload of this profile")]
    Attachment,
    #[error("limit exceeded")]
    Limit(Breach),
    #[error(transparent)]
    Booking(#[from] BookingError),
    #[error(transparent)]
    Sql(#[from] sqlx::Error),
}

/// What a submit answers: the transfer, and whether this call made it (false for a retry).
pub struct Submitted {
    pub transfer: TransferRow,
    pub created: bool,
}

/// A retry of an earlier submit answers the first result; another body under the same id, or
/// the id of another profile's transfer, is a conflict.
async fn earlier(db: &Db, new: &NewTransfer<'_>) -> Result<Option<Submitted>, SubmitError> {
    match find(db, new.id).await? {
        Some(first)
            if first.profile_id == new.profile_id && first.request_digest == new.request_digest =>
        {
            Ok(Some(Submitted {
                transfer: first,
                created: false,
            }))
        }
        Some(_) => Err(SubmitError::Conflict),
        None => Ok(None),
    }
}

pub async fn submit(db: &Db, new: &NewTransfer<'_>) -> Result<Submitted, SubmitError> {
    if let Some(first) = earlier(db, new).await? {
        return Ok(first);
    }
    let mut tx = db.begin_write().await?;
    let outcome = submit_in(&mut tx, db.backend, new).await;
    match outcome {
        Ok(()) => {
            tx.commit().await?;
            let transfer = find(db, new.id)
                .await?
                .ok_or(SubmitError::Sql(sqlx::Error::RowNotFound))?;
            Ok(Submitted {
                transfer,
                created: true,
            })
        }
        Err(error) => {
            tx.rollback().await?;
            // A concurrent duplicate that won the race: its result is this request's answer.
            match earlier(db, new).await? {
                Some(first) => Ok(first),
                None => Err(match error {
                    SubmitError::Booking(BookingError::Duplicate) => SubmitError::Conflict,
                    other => other,
                }),
            }
        }
    }
}

async fn submit_in(
    conn: &mut AnyConnection,
    backend: Backend,
    new: &NewTransfer<'_>,
) -> Result<(), SubmitError> {
    // One submit per profile at a time on PostgreSQL, so the daily limit holds under
    // concurrency (SQLite's write lock already serialises them).
    if backend == Backend::Postgres {
        sqlx::query("SELECT id FROM profiles WHERE id = $1 FOR UPDATE")
            .bind(new.profile_id)
            .fetch_optional(&mut *conn)
            .await?;
    }
    if let Some(request) = new.approves {
        if !super::approvals::decide_in(conn, request, "approved", new.user_id, new.now).await? {
            return Err(SubmitError::Conflict);
        }
    }
    if !super::mfa::consume_approval(
        conn,
        new.approval_id,
        new.user_id,
        crate::domain::auth::mfa::Purpose::Transfer,
        new.binding,
        new.now,
    )
    .await?
    {
        return Err(SubmitError::Approval);
    }
    // SUM of BIGINT is NUMERIC on PostgreSQL: cast back for one decoding on both.
    let (sent_today,) = sqlx::query_as::<_, (i64,)>(
        "SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM transfers WHERE profile_id = $1 AND currency = $2 \
         AND created_at >= $3 AND status <> 'returned'",
    )
    .bind(new.profile_id)
    .bind(new.account.currency.code())
    .bind(new.day_start)
    .fetch_one(&mut *conn)
    .await?;
    new.limits
        .check(new.account.currency, new.amount, sent_today)
        .map_err(SubmitError::Limit)?;
    let to = match new.on_us {
        Some(payee) => PayeeSide::OnUs(payee),
        None => PayeeSide::Scheme(new.scheme),
    };
    let status = if new.on_us.is_some() {
        TransferStatus::Completed
    } else {
        TransferStatus::Pending
    };
    let key = format!("transfer:{}", new.id);
    let (transaction_id, payee_transaction_id) = bookings::transfer_in(
        conn,
        backend,
        &TransferBooking {
            from: new.account,
            to,
            amount: new.amount,
            fee: new.fee,
            payee: new.payee,
            scheme_shown: Some(new.scheme),
            payer_name: new.payer_name,
            reference: new.reference,
            status: status.payer_row(),
            at: new.now,
            key: Some(&key),
        },
    )
    .await?;
    sqlx::query(
        "INSERT INTO transfers (id, request_digest, profile_id, user_id, bank_account_id, \
         transaction_id, payee_transaction_id, scheme, currency, amount, fee, payee_name, payee, \
         reference, status, settle_after, pain_001, pacs_008, created_at, settled_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)",
    )
    .bind(new.id)
    .bind(new.request_digest)
    .bind(new.profile_id)
    .bind(new.user_id)
    .bind(&new.account.id)
    .bind(&transaction_id)
    .bind(&payee_transaction_id)
    .bind(new.scheme)
    .bind(new.account.currency.code())
    .bind(new.amount)
    .bind(new.fee)
    .bind(new.payee.name)
    .bind(new.payee_json)
    .bind(new.reference)
    .bind(status.as_str())
    .bind(new.settle_after)
    .bind(new.pain_001)
    .bind(new.pacs_008)
    .bind(new.now)
    .bind(new.on_us.map(|_| new.now))
    .execute(&mut *conn)
    .await?;
    for document in new.attachments {
        let linked = sqlx::query(
            "UPDATE documents SET transfer_id = $1 WHERE id = $2 AND profile_id = $3 \
             AND type = 'txn_attch' AND content_type IS NOT NULL AND transfer_id IS NULL",
        )
        .bind(new.id)
        .bind(document)
        .bind(new.profile_id)
        .execute(&mut *conn)
        .await?;
        if linked.rows_affected() != 1 {
            return Err(SubmitError::Attachment);
        }
    }
    Ok(())
}

/// Settles or returns the transfers whose time has come, one per database transaction, and
/// answers how many it finished. A transfer is claimed with `FOR UPDATE SKIP LOCKED` on
/// PostgreSQL (SQLite's write lock holds the whole database), and its status moves only from
/// pending, in the same transaction as its booking: a crash rolls both back, and the next run
/// takes it up again.
pub async fn settle_due(db: &Db, now: i64, at_most: usize) -> Result<usize, BookingError> {
    // A plain read first: with nothing due, no write lock is taken (SQLite has only one).
    let due = sqlx::query_as::<_, (String,)>(
        "SELECT id FROM transfers WHERE status = 'pending' AND settle_after <= $1 LIMIT 1",
    )
    .bind(now)
    .fetch_optional(&db.pool)
    .await?;
    if due.is_none() {
        return Ok(0);
    }
    let mut done = 0;
    while done < at_most {
        if !settle_one(db, now).await? {
            break;
        }
        done += 1;
    }
    Ok(done)
}

async fn settle_one(db: &Db, now: i64) -> Result<bool, BookingError> {
    let lock = match db.backend {
        Backend::Postgres => " FOR UPDATE SKIP LOCKED",
        Backend::Sqlite => "",
    };
    let mut tx = db.begin_write().await?;
    let due = sqlx::query_as::<_, (String, String, String, String, i64, i64, String)>(&format!(
        "SELECT id, bank_account_id, transaction_id, scheme, amount, fee, payee_name FROM transfers \
         WHERE status = 'pending' AND settle_after <= $1 ORDER BY settle_after LIMIT 1{lock}"
    ))
    .bind(now)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((id, account_id, transaction_id, scheme, amount, fee, payee_name)) = due else {
        tx.rollback().await?;
        return Ok(false);
    };
    match settlement::sandbox_outcome(&payee_name) {
        Outcome::Settled => {
            set_status(
                &mut tx,
                &id,
                &transaction_id,
                TransferStatus::Completed,
                None,
                now,
            )
            .await?;
        }
        Outcome::Returned(reason) => {
            let account = super::bank_accounts::by_id_in(&mut tx, &account_id)
                .await?
                .ok_or_else(|| BookingError::Ledger(format!("transfer {id} has no account")))?;
            let details = format!("Returned: {payee_name} ({reason})");
            bookings::transfer_returned(&mut tx, &account, &scheme, amount, fee, &details, now)
                .await?;
            set_status(
                &mut tx,
                &id,
                &transaction_id,
                TransferStatus::Returned,
                Some(reason),
                now,
            )
            .await?;
        }
    }
    tx.commit().await?;
    Ok(true)
}

async fn set_status(
    conn: &mut AnyConnection,
    id: &str,
    transaction_id: &str,
    status: TransferStatus,
    reason: Option<&str>,
    now: i64,
) -> Result<(), sqlx::Error> {
    let moved = sqlx::query(
        "UPDATE transfers SET status = $1, return_reason = $2, settled_at = $3 \
         WHERE id = $4 AND status = 'pending'",
    )
    .bind(status.as_str())
    .bind(reason)
    .bind(now)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    assert_eq!(
        moved.rows_affected(),
        1,
        "a claimed transfer moves from pending exactly once"
    );
    sqlx::query("UPDATE transactions SET status = $1 WHERE id = $2")
        .bind(status.payer_row().as_str())
        .bind(transaction_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// The ids of a transfer's attachments.
pub async fn attachments(db: &Db, transfer_id: &str) -> Result<Vec<(String, String)>, sqlx::Error> {
    sqlx::query_as::<_, (String, String)>(
        "SELECT id, file_name FROM documents WHERE transfer_id = $1 ORDER BY created_at, id",
    )
    .bind(transfer_id)
    .fetch_all(&db.pool)
    .await
}
