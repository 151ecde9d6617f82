use super::Db;
use crate::domain::audit::AuditEvent;
use crate::domain::ids::UserId;

/// An event of the audit log (DESIGN.md §4): security (log-in, MFA, logout, refresh reuse),
/// cards, the team, money.
pub async fn record(
    db: &Db,
    user_id: Option<&UserId>,
    event: AuditEvent,
    ip: &str,
    detail: &str,
) -> Result<(), sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    record_in(&mut conn, user_id, event, ip, detail, db.now_ms()).await
}

/// An event written in the caller's transaction, with what it records: the two stand or fall
/// together.
pub async fn record_in(
    conn: &mut sqlx::AnyConnection,
    user_id: Option<&UserId>,
    event: AuditEvent,
    ip: &str,
    detail: &str,
    at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO audit_log (id, user_id, event, ip, detail, created_at) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(uuid::Uuid::new_v4().to_string())
        .bind(user_id)
        .bind(event.as_str())
        .bind(ip)
        .bind(detail)
        .bind(at)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// A team or money event with its details as JSON: who did it (`actor`) to whom and what.
pub async fn record_json(
    db: &Db,
    actor: &UserId,
    event: AuditEvent,
    ip: &str,
    detail: serde_json::Value,
) -> Result<(), sqlx::Error> {
    record(db, Some(actor), event, ip, &detail.to_string()).await
}

pub async fn events_for(db: &Db, user_id: &UserId) -> Result<Vec<String>, sqlx::Error> {
    let rows = sqlx::query_as::<_, (String,)>(
        "SELECT event FROM audit_log WHERE user_id = $1 ORDER BY created_at, id",
    )
    .bind(user_id)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.into_iter().map(|(event,)| event).collect())
}
