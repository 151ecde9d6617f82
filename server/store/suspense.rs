//! Money in suspense (migrations 20261125000001 and 20261210000016): what arrived and could not
//! be credited as it came, and what became of it. The money itself is on the ledger's suspense
//! account; a row here says what each part of that balance is.

use sqlx::AnyConnection;

use super::{named, Db};
use crate::domain::accounts::money::Money;
use crate::domain::backoffice::suspense::{SuspenseItem, SuspenseOrigin, SuspenseStatus};

/// Money kept in suspense, booked under `entry_id`.
pub struct NewItem<'a> {
    pub origin: SuspenseOrigin,
    pub scheme: &'a str,
    pub amount: Money,
    pub account_text: &'a str,
    pub payer: &'a str,
    pub reference: &'a str,
    pub user_id: Option<&'a str>,
}

/// Keeps the record of money booked into suspense, in the booking's transaction; answers its id.
pub async fn keep_in(
    conn: &mut AnyConnection,
    new: &NewItem<'_>,
    entry_id: &str,
    at: i64,
) -> Result<String, sqlx::Error> {
    // Time-ordered, so the queue (by time, then id) lists what arrived in one millisecond in the
    // order it arrived.
    let id = uuid::Uuid::now_v7().to_string();
    sqlx::query(
        "INSERT INTO suspense_items (id, entry_id, scheme, currency, amount, account_text, payer, \
         reference, created_at, origin, user_id, status) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'open')",
    )
    .bind(&id)
    .bind(entry_id)
    .bind(new.scheme)
    .bind(new.amount.currency.code())
    .bind(new.amount.minor)
    .bind(new.account_text)
    .bind(new.payer)
    .bind(new.reference)
    .bind(at)
    .bind(new.origin.as_str())
    .bind(new.user_id)
    .execute(&mut *conn)
    .await?;
    Ok(id)
}

type Row = (
    String,
    String,
    String,
    String,
    i64,
    String,
    String,
    String,
    Option<String>,
    String,
    i64,
);

const COLUMNS: &str = "id, origin, scheme, currency, amount, account_text, payer, reference, \
                       user_id, status, created_at";

fn item(
    (
        id,
        origin,
        scheme,
        currency,
        amount,
        account_text,
        payer,
        reference,
        user_id,
        status,
        created_at,
    ): Row,
) -> Result<SuspenseItem, sqlx::Error> {
    Ok(SuspenseItem {
        id,
        origin: named::<SuspenseOrigin>("origin", &origin)?,
        scheme,
        currency: named("currency", &currency)?,
        amount,
        account_text,
        payer,
        reference,
        user_id,
        status: named::<SuspenseStatus>("status", &status)?,
        created_at,
    })
}

/// What suspense holds, oldest first (the queue is worked from the oldest).
pub async fn open(db: &Db, limit: i64) -> Result<Vec<SuspenseItem>, sqlx::Error> {
    let rows: Vec<Row> = sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM suspense_items WHERE status = 'open' ORDER BY created_at, id LIMIT $1"
    ))
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    rows.into_iter().map(item).collect()
}

pub async fn by_id(db: &Db, id: &str) -> Result<Option<SuspenseItem>, sqlx::Error> {
    let row: Option<Row> = sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM suspense_items WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(&db.pool)
    .await?;
    row.map(item).transpose()
}

/// How an item left suspense.
pub struct Released<'a> {
    pub status: SuspenseStatus,
    pub account_id: Option<&'a str>,
    pub entry_id: &'a str,
}

/// Closes an open item in the release's transaction; false when it was closed already (a
/// release that lost a race changes nothing).
pub async fn close_in(
    conn: &mut AnyConnection,
    id: &str,
    released: &Released<'_>,
    at: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE suspense_items SET status = $1, resolved_account_id = $2, resolved_entry_id = $3, \
         resolved_at = $4 WHERE id = $5 AND status = 'open'",
    )
    .bind(released.status.as_str())
    .bind(released.account_id)
    .bind(released.entry_id)
    .bind(at)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}
