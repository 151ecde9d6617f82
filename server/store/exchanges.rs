//! Exchange quotes and the conversions that execute them (issue 12): their rows. A quote is
//! stored when it is given, so any bank process can execute it; `services::exchange` executes
//! it in one database transaction.

use crate::domain::ids::{AccountId, ProfileId, TransactionId, UserId};
use sqlx::{AnyConnection, Row};

use super::{Backend, Db};
use crate::domain::accounts::money::Money;
use crate::domain::exchange::ConversionType;

#[derive(Debug, Clone)]
pub struct QuoteRow {
    pub id: String,
    pub profile_id: ProfileId,
    pub user_id: UserId,
    pub from_account_id: AccountId,
    pub to_account_id: AccountId,
    pub conversion_type: ConversionType,
    /// What leaves the paying account, and what arrives in the receiving one.
    pub from_amount: Money,
    pub to_amount: Money,
    pub rate: String,
    pub mid_rate: String,
    pub rates_as_of: String,
    pub created_at: i64,
    pub expires_at: i64,
}

const QUOTE_COLUMNS: &str = "id, profile_id, user_id, from_account_id, to_account_id, \
    from_currency, to_currency, conversion_type, from_amount, to_amount, rate, mid_rate, \
    rates_as_of, created_at, expires_at";

fn quote_from(row: &sqlx::any::AnyRow) -> Result<QuoteRow, sqlx::Error> {
    Ok(QuoteRow {
        id: row.try_get(0)?,
        profile_id: row.try_get(1)?,
        user_id: row.try_get(2)?,
        from_account_id: row.try_get(3)?,
        to_account_id: row.try_get(4)?,
        conversion_type: super::named("conversion_type", &row.try_get::<String, _>(7)?)?,
        from_amount: Money::new(
            row.try_get(8)?,
            super::named("from_currency", &row.try_get::<String, _>(5)?)?,
        ),
        to_amount: Money::new(
            row.try_get(9)?,
            super::named("to_currency", &row.try_get::<String, _>(6)?)?,
        ),
        rate: row.try_get(10)?,
        mid_rate: row.try_get(11)?,
        rates_as_of: row.try_get(12)?,
        created_at: row.try_get(13)?,
        expires_at: row.try_get(14)?,
    })
}

pub async fn insert_quote(db: &Db, q: &QuoteRow) -> Result<(), sqlx::Error> {
    sqlx::query(&format!(
        "INSERT INTO exchange_quotes ({QUOTE_COLUMNS}) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)"
    ))
    .bind(&q.id)
    .bind(&q.profile_id)
    .bind(&q.user_id)
    .bind(&q.from_account_id)
    .bind(&q.to_account_id)
    .bind(q.from_amount.currency.code())
    .bind(q.to_amount.currency.code())
    .bind(q.conversion_type.as_str())
    .bind(q.from_amount.minor)
    .bind(q.to_amount.minor)
    .bind(&q.rate)
    .bind(&q.mid_rate)
    .bind(&q.rates_as_of)
    .bind(q.created_at)
    .bind(q.expires_at)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// A newer quote replaces this one: it can no longer be executed (unless it already was).
pub async fn withdraw(
    db: &Db,
    id: &str,
    profile_id: &ProfileId,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE exchange_quotes SET expires_at = $3 WHERE id = $1 AND profile_id = $2 \
         AND expires_at > $3 AND NOT EXISTS (SELECT 1 FROM exchanges e WHERE e.quote_id = $1)",
    )
    .bind(id)
    .bind(profile_id)
    .bind(now)
    .execute(&db.pool)
    .await?;
    Ok(())
}

pub async fn quote(db: &Db, id: &str) -> Result<Option<QuoteRow>, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    read_quote(&mut conn, id, "").await
}

/// The quote, its row locked for the caller's transaction on PostgreSQL, so that two
/// executions of one quote queue behind each other.
pub async fn quote_for_update_in(
    conn: &mut AnyConnection,
    backend: Backend,
    id: &str,
) -> Result<Option<QuoteRow>, sqlx::Error> {
    let lock = match backend {
        Backend::Postgres => " FOR UPDATE",
        Backend::Sqlite => "",
    };
    read_quote(conn, id, lock).await
}

async fn read_quote(
    conn: &mut AnyConnection,
    id: &str,
    lock: &str,
) -> Result<Option<QuoteRow>, sqlx::Error> {
    sqlx::query(&format!(
        "SELECT {QUOTE_COLUMNS} FROM exchange_quotes WHERE id = $1{lock}"
    ))
    .bind(id)
    .fetch_optional(conn)
    .await?
    .as_ref()
    .map(quote_from)
    .transpose()
}

/// Quotes nobody executed, a day after they expired: they are of no further use.
pub async fn sweep(db: &Db, now: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query(
        "DELETE FROM exchange_quotes WHERE expires_at < $1 \
         AND NOT EXISTS (SELECT 1 FROM exchanges e WHERE e.quote_id = exchange_quotes.id)",
    )
    .bind(now - 86_400_000)
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected())
}

#[derive(Debug, Clone)]
pub struct ExchangeRow {
    pub id: String,
    pub quote_id: String,
    pub profile_id: ProfileId,
    pub from_transaction_id: TransactionId,
    pub to_transaction_id: TransactionId,
    pub created_at: i64,
}

fn exchange_from(row: &sqlx::any::AnyRow) -> Result<ExchangeRow, sqlx::Error> {
    Ok(ExchangeRow {
        id: row.try_get(0)?,
        quote_id: row.try_get(1)?,
        profile_id: row.try_get(2)?,
        from_transaction_id: row.try_get(3)?,
        to_transaction_id: row.try_get(4)?,
        created_at: row.try_get(5)?,
    })
}

/// The conversions made under this client id or of this quote.
pub async fn earlier(db: &Db, id: &str, quote_id: &str) -> Result<Vec<ExchangeRow>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, quote_id, profile_id, from_transaction_id, to_transaction_id, created_at \
         FROM exchanges WHERE id = $1 OR quote_id = $2",
    )
    .bind(id)
    .bind(quote_id)
    .fetch_all(&db.pool)
    .await?;
    rows.iter().map(exchange_from).collect()
}

pub async fn insert_in(conn: &mut AnyConnection, row: &ExchangeRow) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO exchanges (id, quote_id, profile_id, from_transaction_id, to_transaction_id, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&row.id)
    .bind(&row.quote_id)
    .bind(&row.profile_id)
    .bind(&row.from_transaction_id)
    .bind(&row.to_transaction_id)
    .bind(row.created_at)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
