//! Refunds asked of the card acquirer (issue 33 point 3): queued in the transaction that sends
//! a second activation fee back from suspense, sent by the refund job, concluded by the
//! acquirer's webhook. Each step is a compare-and-set on the status, so whichever process or
//! notification races, a refund is sent under one id and concluded once.

use sqlx::AnyConnection;

use super::{named, Db};
use crate::domain::accounts::money::Currency;
use crate::domain::onboarding::fee::RefundStatus;

#[derive(Debug, Clone)]
pub struct Refund {
    /// The suspense item's id: the refund's id and idempotency key.
    pub id: String,
    pub payment_id: String,
    pub currency: Currency,
    pub amount_minor: i64,
    pub status: RefundStatus,
    pub attempts: i64,
    pub reason: String,
}

type Row = (String, String, String, i64, String, i64, String);

const COLUMNS: &str = "id, payment_id, currency, amount_minor, status, attempts, reason";

fn from_row(
    (id, payment_id, currency, amount_minor, status, attempts, reason): Row,
) -> Result<Refund, sqlx::Error> {
    Ok(Refund {
        id,
        payment_id,
        currency: named("currency", &currency)?,
        amount_minor,
        status: named("status", &status)?,
        attempts,
        reason,
    })
}

/// Queues a refund in the caller's transaction; one per id.
pub async fn queue_in(
    conn: &mut AnyConnection,
    id: &str,
    payment_id: &str,
    currency: Currency,
    amount_minor: i64,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO acquirer_refunds (id, payment_id, currency, amount_minor, status, next_attempt_at, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, 'queued', $5, $5, $5) ON CONFLICT (id) DO NOTHING",
    )
    .bind(id)
    .bind(payment_id)
    .bind(currency.code())
    .bind(amount_minor)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

pub async fn by_id(db: &Db, id: &str) -> Result<Option<Refund>, sqlx::Error> {
    let row = sqlx::query_as::<_, Row>(&format!(
        "SELECT {COLUMNS} FROM acquirer_refunds WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(&db.pool)
    .await?;
    row.map(from_row).transpose()
}

/// Queued refunds whose time has come, oldest first.
pub async fn due(db: &Db, now: i64, at_most: i64) -> Result<Vec<Refund>, sqlx::Error> {
    let rows = sqlx::query_as::<_, Row>(&format!(
        "SELECT {COLUMNS} FROM acquirer_refunds WHERE status = 'queued' AND next_attempt_at <= $1 \
         ORDER BY next_attempt_at LIMIT $2"
    ))
    .bind(now)
    .bind(at_most)
    .fetch_all(&db.pool)
    .await?;
    rows.into_iter().map(from_row).collect()
}

/// Takes a due refund for one try, holding it back until `lease_until`: true for the one
/// process that takes it.
pub async fn claim(db: &Db, id: &str, now: i64, lease_until: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE acquirer_refunds SET attempts = attempts + 1, next_attempt_at = $1, updated_at = $2 \
         WHERE id = $3 AND status = 'queued' AND next_attempt_at <= $2",
    )
    .bind(lease_until)
    .bind(now)
    .bind(id)
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The acquirer took the refund; its outcome comes by webhook.
pub async fn mark_sent(db: &Db, id: &str, action_id: &str, now: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE acquirer_refunds SET status = 'sent', action_id = $1, updated_at = $2 \
         WHERE id = $3 AND status = 'queued'",
    )
    .bind(action_id)
    .bind(now)
    .bind(id)
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Not taken now: tried again at `at`.
pub async fn retry_at(
    db: &Db,
    id: &str,
    at: i64,
    reason: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE acquirer_refunds SET next_attempt_at = $1, reason = $2, updated_at = $3 \
         WHERE id = $4 AND status = 'queued'",
    )
    .bind(at)
    .bind(reason)
    .bind(now)
    .bind(id)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// Concludes a refund still under way (queued or sent) in the caller's transaction: true for
/// the one conclusion that counts.
pub async fn conclude_in(
    conn: &mut AnyConnection,
    id: &str,
    to: RefundStatus,
    reason: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE acquirer_refunds SET status = $1, reason = $2, updated_at = $3, next_attempt_at = $3 \
         WHERE id = $4 AND status IN ('queued', 'sent')",
    )
    .bind(to.as_str())
    .bind(reason)
    .bind(now)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A refund as operations follow it: whose money it was, and when it last moved.
#[derive(Debug, Clone)]
pub struct Followed {
    pub refund: Refund,
    pub payer: String,
    pub created_at: i64,
    pub updated_at: i64,
}

/// Refunds asked since `since`, the latest first.
pub async fn since(db: &Db, since: i64, at_most: i64) -> Result<Vec<Followed>, sqlx::Error> {
    type Joined = (
        String,
        String,
        String,
        i64,
        String,
        i64,
        String,
        Option<String>,
        i64,
        i64,
    );
    let rows = sqlx::query_as::<_, Joined>(
        "SELECT r.id, r.payment_id, r.currency, r.amount_minor, r.status, r.attempts, r.reason, \
         s.payer, r.created_at, r.updated_at \
         FROM acquirer_refunds r LEFT JOIN suspense_items s ON s.id = r.id \
         WHERE r.created_at >= $1 ORDER BY r.created_at DESC, r.id DESC LIMIT $2",
    )
    .bind(since)
    .bind(at_most)
    .fetch_all(&db.pool)
    .await?;
    rows.into_iter()
        .map(
            |(id, payment, currency, amount, status, attempts, reason, payer, created, updated)| {
                Ok(Followed {
                    refund: from_row((id, payment, currency, amount, status, attempts, reason))?,
                    payer: payer.unwrap_or_default(),
                    created_at: created,
                    updated_at: updated,
                })
            },
        )
        .collect()
}
