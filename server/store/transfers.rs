//! Transfers' rows (issue 11). The use cases that write them, in one database transaction each,
//! are `services::payments::{transfers, settlement}`.

use sqlx::{AnyConnection, Row};

use super::bank_accounts::BankAccount;
use super::{Backend, Db};
use crate::domain::accounts::money::Currency;
use crate::domain::ids::{AccountId, ProfileId, TransactionId, UserId};
use crate::domain::payments::payee::Scheme;
use crate::domain::payments::settlement::TransferStatus;

#[derive(Debug, Clone)]
pub struct TransferRow {
    pub id: String,
    pub request_digest: String,
    pub profile_id: ProfileId,
    pub bank_account_id: AccountId,
    pub transaction_id: TransactionId,
    pub scheme: Scheme,
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
    /// The Confirmation of Payee check it was sent with (UK local), and whether the payer
    /// agreed to pay despite its answer.
    pub payee_check_id: Option<String>,
    pub payee_risk_accepted: bool,
}

const COLUMNS: &str = "id, request_digest, profile_id, bank_account_id, transaction_id, scheme, \
                       currency, amount, fee, payee_name, status, pain_001, pacs_008, created_at, \
                       payee, reference, return_reason, payee_check_id, payee_risk_accepted";

/// How many columns `COLUMNS` names: a query that reads more finds them after these.
const COLUMN_COUNT: usize = 19;

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
        payee_check_id: row.try_get(17)?,
        payee_risk_accepted: row.try_get::<i64, _>(COLUMN_COUNT - 1)? != 0,
    })
}

/// What a submit reads first: whether its id names a transfer, whether it names a transfer
/// request (one that waited for a second approval), and the paying account as the plan uses it
/// (`bank_accounts::paying`; None when the profile has no account of that id).
pub struct Opening {
    pub made_before: bool,
    pub asked_before: bool,
    pub paying: Option<super::bank_accounts::Paying>,
}

/// A submit's first read, in one statement: a first submit learns that its id is free and reads
/// what it pays from in one round trip.
pub async fn opening(
    db: &Db,
    id: &str,
    account_id: &AccountId,
    profile_id: &ProfileId,
    scheme: Option<&str>,
) -> Result<Opening, sqlx::Error> {
    use super::bank_accounts::{paying_from, COLUMNS as ACCOUNT, PAYING_EXTRAS};
    // One row whatever the account: the account's columns are NULL when it is not the profile's.
    let row = sqlx::query(&format!(
        "SELECT CAST((SELECT COUNT(*) FROM transfers WHERE id = $4) AS BIGINT), \
         CAST((SELECT COUNT(*) FROM transfer_requests WHERE id = $4) AS BIGINT), \
         {ACCOUNT}, {PAYING_EXTRAS} \
         FROM (SELECT 1 AS one) o \
         LEFT JOIN bank_accounts b ON b.id = $1 AND b.profile_id = $2 \
         LEFT JOIN ledger_accounts l ON l.id = b.ledger_account_id"
    ))
    .bind(account_id)
    .bind(profile_id)
    .bind(scheme)
    .bind(id)
    .fetch_one(&db.pool)
    .await?;
    let found = row.try_get::<Option<String>, _>(2)?.is_some();
    Ok(Opening {
        made_before: row.try_get::<i64, _>(0)? > 0,
        asked_before: row.try_get::<i64, _>(1)? > 0,
        paying: found.then(|| paying_from(&row, 2)).transpose()?,
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
    transaction_id: &TransactionId,
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

/// A transfer as a submit writes it, beside its booking.
pub struct NewTransfer<'a> {
    pub id: &'a str,
    pub request_digest: &'a str,
    pub profile_id: &'a ProfileId,
    pub user_id: &'a UserId,
    pub account: &'a BankAccount,
    pub transaction_id: &'a TransactionId,
    pub payee_transaction_id: Option<&'a str>,
    pub scheme: Scheme,
    pub amount: i64,
    pub fee: i64,
    pub payee_name: &'a str,
    pub payee_json: &'a str,
    pub reference: &'a str,
    pub status: TransferStatus,
    pub settle_after: i64,
    pub pain_001: Option<&'a str>,
    pub pacs_008: Option<&'a str>,
    pub payee_check_id: Option<&'a str>,
    pub payee_risk_accepted: bool,
    pub now: i64,
}

/// The transfer's `INSERT`, its 22 values `$1` to `$22` as [`bind_new`] binds them.
const INSERT: &str = "INSERT INTO transfers (id, request_digest, profile_id, user_id, bank_account_id, \
     transaction_id, payee_transaction_id, scheme, currency, amount, fee, payee_name, payee, \
     reference, status, settle_after, pain_001, pacs_008, created_at, settled_at, \
     payee_check_id, payee_risk_accepted) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)";

fn bind_new<'q>(
    query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    new: &'q NewTransfer<'_>,
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
    let settled_at = (new.status != TransferStatus::Pending).then_some(new.now);
    query
        .bind(new.id)
        .bind(new.request_digest)
        .bind(new.profile_id)
        .bind(new.user_id)
        .bind(&new.account.id)
        .bind(new.transaction_id)
        .bind(new.payee_transaction_id)
        .bind(new.scheme.as_str())
        .bind(new.account.currency.code())
        .bind(new.amount)
        .bind(new.fee)
        .bind(new.payee_name)
        .bind(new.payee_json)
        .bind(new.reference)
        .bind(new.status.as_str())
        .bind(new.settle_after)
        .bind(new.pain_001)
        .bind(new.pacs_008)
        .bind(new.now)
        .bind(settled_at)
        .bind(new.payee_check_id)
        .bind(i64::from(new.payee_risk_accepted))
}

/// Writes the transfer and answers its row as stored (what the submit answers after commit,
/// without reading it again).
pub async fn insert_in(
    conn: &mut AnyConnection,
    new: &NewTransfer<'_>,
) -> Result<TransferRow, sqlx::Error> {
    let sql = format!("{INSERT} RETURNING {COLUMNS}");
    let row = bind_new(sqlx::query(&sql), new)
        .fetch_one(&mut *conn)
        .await?;
    from_row(&row)
}

/// What a submit writes last, as [`insert_counted_in`] answers it: the transfer and the payer's
/// transaction as stored, and what the profile had sent that day before it.
pub struct Counted {
    pub transfer: TransferRow,
    pub transaction: super::transactions::Transaction,
    pub sent_before: i64,
}

/// Uses the payer's `approval` (`mfa::consume_approval`), writes the payer's transaction row
/// (`payer_row`, the one `transfer_in` booked) and the transfer as [`insert_in`] does, and adds
/// its amount to its day's running total (`transfer_day_totals::add_in`, whose row lock the
/// caller's transaction then holds). None when the approval could not be used: then the caller's
/// transaction must roll back, since on PostgreSQL the four are one statement (one round trip,
/// not four, in a submit while its account's other submits wait) and the rows may have been
/// written. A day without a total yet is started as `add_in` starts it.
pub async fn insert_counted_in(
    conn: &mut AnyConnection,
    new: &NewTransfer<'_>,
    day: &super::transfer_day_totals::Day<'_>,
    approval: &super::mfa::ApprovalUse<'_>,
    payer_row: &super::transactions::Unwritten<'_>,
) -> Result<Option<Counted>, sqlx::Error> {
    use super::mfa::consume_sql;
    use super::transactions::Unwritten;
    use super::transfer_day_totals::{add_in, add_sql};
    if Backend::of(conn) == Backend::Sqlite {
        if !approval.consume(conn).await? {
            return Ok(None);
        }
        let transaction = payer_row.insert(conn).await?;
        let transfer = insert_in(conn, new).await?;
        let sent_before = add_in(conn, day, new.amount).await?;
        return Ok(Some(Counted {
            transfer,
            transaction,
            sent_before,
        }));
    }
    // The transfer's row names the transaction's: a foreign key checked at the statement's end.
    let sql = format!(
        "WITH used AS ({} RETURNING 1), written AS ({}), \
         made AS ({INSERT} RETURNING {COLUMNS}), added AS ({}) \
         SELECT made.*, (SELECT sent FROM added), (SELECT count(*) FROM used) FROM made",
        consume_sql(27),
        Unwritten::insert_sql(32),
        add_sql(23)
    );
    let (profile_id, currency, date) = day.keys();
    let query = bind_new(sqlx::query(&sql), new)
        .bind(profile_id)
        .bind(currency.code())
        .bind(date)
        .bind(new.amount);
    let query = payer_row.bind(approval.bind(query));
    let row = query.fetch_one(&mut *conn).await?;
    let used: i64 = row.try_get(COLUMN_COUNT + 1)?;
    if used != 1 {
        return Ok(None);
    }
    let added: Option<i64> = row.try_get(COLUMN_COUNT)?;
    let transfer = from_row(&row)?;
    let sent_before = match added {
        Some(after) => after - new.amount,
        None => add_in(conn, day, new.amount).await?,
    };
    Ok(Some(Counted {
        transfer,
        transaction: payer_row.row(),
        sent_before,
    }))
}

/// What the profile has sent in `currency` since `since` (returned transfers do not count).
pub async fn sent_since_in(
    conn: &mut AnyConnection,
    profile_id: &ProfileId,
    currency: Currency,
    since: i64,
) -> Result<i64, sqlx::Error> {
    // SUM of BIGINT is NUMERIC on PostgreSQL: cast back for one decoding on both.
    let (sent,) = sqlx::query_as::<_, (i64,)>(
        "SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM transfers WHERE profile_id = $1 AND currency = $2 \
         AND created_at >= $3 AND status <> 'returned'",
    )
    .bind(profile_id)
    .bind(currency.code())
    .bind(since)
    .fetch_one(&mut *conn)
    .await?;
    Ok(sent)
}

/// Links a finished upload of the profile to the transfer; false when it is not one (missing,
/// unfinished, another profile's, or already on a transfer).
pub async fn attach_in(
    conn: &mut AnyConnection,
    transfer_id: &str,
    profile_id: &ProfileId,
    document_id: &str,
) -> Result<bool, sqlx::Error> {
    let linked = sqlx::query(
        "UPDATE documents SET transfer_id = $1 WHERE id = $2 AND profile_id = $3 \
         AND type = 'txn_attch' AND content_type IS NOT NULL AND transfer_id IS NULL",
    )
    .bind(transfer_id)
    .bind(document_id)
    .bind(profile_id)
    .execute(&mut *conn)
    .await?;
    Ok(linked.rows_affected() == 1)
}

/// What makes a pending transfer due for its rail: its settlement time has come, no rail has
/// taken it yet, and no earlier try holds it back (a sending process's lease, or the backoff
/// after a failed try).
const DUE: &str = "status = 'pending' AND sent_at IS NULL AND settle_after <= $1 \
                   AND (next_attempt_at IS NULL OR next_attempt_at <= $1)";

/// Whether a pending transfer is due: a plain read, so that with nothing due no write lock is
/// taken (SQLite has only one).
pub async fn any_due(db: &Db, now: i64) -> Result<bool, sqlx::Error> {
    let due =
        sqlx::query_as::<_, (String,)>(&format!("SELECT id FROM transfers WHERE {DUE} LIMIT 1"))
            .bind(now)
            .fetch_optional(&db.pool)
            .await?;
    Ok(due.is_some())
}

/// A pending transfer as its rail and its outcome need it.
pub struct Due {
    pub id: String,
    pub user_id: UserId,
    pub bank_account_id: AccountId,
    pub transaction_id: TransactionId,
    pub scheme: Scheme,
    pub amount: i64,
    pub fee: i64,
    pub payee_name: String,
    pub payee: String,
    pub reference: String,
    pub status: TransferStatus,
    /// Tries made so far, this one included once claimed.
    pub attempts: i64,
    /// The payer's profile and when it was made: the day whose running total it counts in.
    pub profile_id: ProfileId,
    pub created_at: i64,
}

const DUE_COLUMNS: &str = "id, user_id, bank_account_id, transaction_id, scheme, amount, fee, \
                           payee_name, payee, reference, status, send_attempts, profile_id, created_at";

fn due_from_row(row: &sqlx::any::AnyRow) -> Result<Due, sqlx::Error> {
    Ok(Due {
        id: row.try_get(0)?,
        user_id: row.try_get(1)?,
        bank_account_id: row.try_get(2)?,
        transaction_id: row.try_get(3)?,
        scheme: super::named("scheme", &row.try_get::<String, _>(4)?)?,
        amount: row.try_get(5)?,
        fee: row.try_get(6)?,
        payee_name: row.try_get(7)?,
        payee: row.try_get(8)?,
        reference: row.try_get(9)?,
        status: super::named("status", &row.try_get::<String, _>(10)?)?,
        attempts: row.try_get::<i64, _>(11)?,
        profile_id: row.try_get(12)?,
        created_at: row.try_get(13)?,
    })
}

/// Claims the earliest due transfer for one try, held back until `lease_until` so no other
/// process sends it meanwhile (with `FOR UPDATE SKIP LOCKED` on PostgreSQL; SQLite's write lock
/// holds the whole database). A process that dies while sending leaves the lease to run out,
/// and the next try sends it again under the same idempotency key.
pub async fn claim_due_in(
    conn: &mut AnyConnection,
    backend: Backend,
    now: i64,
    lease_until: i64,
) -> Result<Option<Due>, sqlx::Error> {
    let lock = match backend {
        Backend::Postgres => " FOR UPDATE SKIP LOCKED",
        Backend::Sqlite => "",
    };
    let row = sqlx::query(&format!(
        "SELECT {DUE_COLUMNS} FROM transfers WHERE {DUE} ORDER BY settle_after LIMIT 1{lock}"
    ))
    .bind(now)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(mut due) = row.as_ref().map(due_from_row).transpose()? else {
        return Ok(None);
    };
    sqlx::query(
        "UPDATE transfers SET send_attempts = send_attempts + 1, next_attempt_at = $1 WHERE id = $2",
    )
    .bind(lease_until)
    .bind(&due.id)
    .execute(&mut *conn)
    .await?;
    due.attempts += 1;
    Ok(Some(due))
}

/// The rail took the transfer: it waits for the rail's word. False when it was no longer
/// waiting to be sent (its outcome arrived first).
pub async fn mark_sent_in(
    conn: &mut AnyConnection,
    id: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let marked = sqlx::query(
        "UPDATE transfers SET sent_at = $1, next_attempt_at = NULL \
         WHERE id = $2 AND status = 'pending' AND sent_at IS NULL",
    )
    .bind(now)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(marked.rows_affected() == 1)
}

/// The rail could not take the transfer now: it is tried again from `at`.
pub async fn retry_at(db: &Db, id: &str, at: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE transfers SET next_attempt_at = $1 \
         WHERE id = $2 AND status = 'pending' AND sent_at IS NULL",
    )
    .bind(at)
    .bind(id)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// A transfer locked in the caller's transaction, for the outcome its rail reports.
pub async fn lock_in(
    conn: &mut AnyConnection,
    backend: Backend,
    id: &str,
) -> Result<Option<Due>, sqlx::Error> {
    let lock = match backend {
        Backend::Postgres => " FOR UPDATE",
        Backend::Sqlite => "",
    };
    let row = sqlx::query(&format!(
        "SELECT {DUE_COLUMNS} FROM transfers WHERE id = $1{lock}"
    ))
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    row.as_ref().map(due_from_row).transpose()
}

/// Moves a transfer from `from` to `to`, with its payer's row, in the caller's transaction;
/// false when it was no longer in `from` (the outcome was recorded before).
pub async fn move_status_in(
    conn: &mut AnyConnection,
    id: &str,
    transaction_id: &TransactionId,
    from: TransferStatus,
    to: TransferStatus,
    reason: Option<&str>,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let moved = sqlx::query(
        "UPDATE transfers SET status = $1, return_reason = $2, settled_at = $3, \
         next_attempt_at = NULL WHERE id = $4 AND status = $5",
    )
    .bind(to.as_str())
    .bind(reason)
    .bind(now)
    .bind(id)
    .bind(from.as_str())
    .execute(&mut *conn)
    .await?;
    if moved.rows_affected() != 1 {
        return Ok(false);
    }
    sqlx::query("UPDATE transactions SET status = $1 WHERE id = $2")
        .bind(to.payer_row().as_str())
        .bind(transaction_id)
        .execute(&mut *conn)
        .await?;
    Ok(true)
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

/// A transfer the payee's bank sent back, for operations (issue 32 point 3).
pub struct Returned {
    pub transfer: TransferRow,
    pub profile_name: String,
    pub user_id: String,
    pub returned_at: i64,
}

/// Transfers returned since `since`, the latest first.
pub async fn returned_since(db: &Db, since: i64, limit: i64) -> Result<Vec<Returned>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS}, (SELECT p.name FROM profiles p WHERE p.id = transfers.profile_id), \
         user_id, COALESCE(settled_at, created_at) FROM transfers \
         WHERE status = $1 AND COALESCE(settled_at, created_at) >= $2 \
         ORDER BY COALESCE(settled_at, created_at) DESC, id LIMIT $3"
    ))
    .bind(TransferStatus::Returned.as_str())
    .bind(since)
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(Returned {
                transfer: from_row(row)?,
                profile_name: row.try_get(COLUMN_COUNT)?,
                user_id: row.try_get(COLUMN_COUNT + 1)?,
                returned_at: row.try_get(COLUMN_COUNT + 2)?,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_column_count_is_the_columns_named() {
        assert_eq!(super::COLUMNS.split(',').count(), super::COLUMN_COUNT);
    }
}
