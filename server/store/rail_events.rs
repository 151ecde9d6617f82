//! The payment rail's notifications acted on (issue 33 point 1), one row per event id of the
//! rail's: written in the transaction that acts on the event, so a notification that arrives
//! twice, or from two deliveries at once, is acted on once.

use sqlx::AnyConnection;

/// Records an event about to be acted on; false when it was recorded before (then the caller
/// does nothing and rolls back).
pub async fn record_in(
    conn: &mut AnyConnection,
    provider: &str,
    event_key: &str,
    kind: &str,
    transfer_id: Option<&str>,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let inserted = sqlx::query(
        "INSERT INTO rail_events (provider, event_key, kind, transfer_id, received_at) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (provider, event_key) DO NOTHING",
    )
    .bind(provider)
    .bind(event_key)
    .bind(kind)
    .bind(transfer_id)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(inserted.rows_affected() == 1)
}
