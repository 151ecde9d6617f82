//! Texts handed to the SMS provider and their delivery reports (migration 20261210000019).

use super::Db;
use crate::domain::messages::{delivery_rank, DELIVERY_RANKS};

/// A text the provider accepted, with the status it answered.
pub async fn record(
    db: &Db,
    sid: &str,
    to: &str,
    about: &str,
    status: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO sms_deliveries (sid, to_number, about, status, sent_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (sid) DO NOTHING",
    )
    .bind(sid)
    .bind(to)
    .bind(about)
    .bind(status)
    .bind(now)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// A delivery report: the status moves only forward, so a repeated or late report changes
/// nothing, also when two arrive at once (one statement; the row's lock orders them). Answers
/// whether it changed the row.
pub async fn report(
    db: &Db,
    sid: &str,
    status: &str,
    error_code: Option<&str>,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let Some(rank) = delivery_rank(status) else {
        return Ok(false);
    };
    let ranks: String = DELIVERY_RANKS
        .iter()
        .map(|(name, rank)| format!(" WHEN '{name}' THEN {rank}"))
        .collect();
    let changed = sqlx::query(&format!(
        "UPDATE sms_deliveries SET status = $2, error_code = $3, updated_at = $4 \
         WHERE sid = $1 AND (CASE status{ranks} ELSE 0 END) < $5"
    ))
    .bind(sid)
    .bind(status)
    .bind(error_code)
    .bind(now)
    .bind(i64::from(rank))
    .execute(&db.pool)
    .await?;
    Ok(changed.rows_affected() == 1)
}

/// The status and error code of one text, for tests and operators.
pub async fn status(db: &Db, sid: &str) -> Result<Option<(String, Option<String>)>, sqlx::Error> {
    sqlx::query_as("SELECT status, error_code FROM sms_deliveries WHERE sid = $1")
        .bind(sid)
        .fetch_optional(&db.pool)
        .await
}

/// How many texts sent since `since` did not reach the phone.
pub async fn not_delivered_since(db: &Db, since: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM sms_deliveries WHERE sent_at >= $1 \
         AND status IN ('undelivered', 'failed')",
    )
    .bind(since)
    .fetch_one(&db.pool)
    .await
}
