//! The back office's audit log (migration 20261210000014): who of the staff did or looked at
//! what, when and why.

use super::Db;
use crate::domain::backoffice::audit::StaffAction;

/// One entry; `subject` names what it was about (a customer's user id, a flag).
pub struct Entry<'a> {
    pub staff_id: Option<&'a str>,
    pub action: StaffAction,
    pub subject: Option<&'a str>,
    pub reason: &'a str,
    pub detail: &'a str,
    pub ip: &'a str,
}

/// Written in the caller's transaction, with what it records: the two stand or fall together.
pub async fn record_in(
    conn: &mut sqlx::AnyConnection,
    entry: &Entry<'_>,
    at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO staff_audit (id, staff_id, action, subject, reason, detail, ip, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(entry.staff_id)
    .bind(entry.action.as_str())
    .bind(entry.subject)
    .bind(entry.reason)
    .bind(entry.detail)
    .bind(entry.ip)
    .bind(at)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

pub async fn record(db: &Db, entry: &Entry<'_>) -> Result<(), sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    record_in(&mut conn, entry, db.now_ms()).await
}

/// A logged entry as read back: (staff email, action, subject, reason, detail, at).
pub type Logged = (Option<String>, String, Option<String>, String, String, i64);

/// The newest entries, newest first; about one subject when one is named.
pub async fn latest(
    db: &Db,
    subject: Option<&str>,
    limit: i64,
) -> Result<Vec<Logged>, sqlx::Error> {
    sqlx::query_as::<_, Logged>(
        "SELECT s.email, a.action, a.subject, a.reason, a.detail, a.created_at FROM staff_audit a \
         LEFT JOIN staff s ON s.id = a.staff_id WHERE ($1 IS NULL OR a.subject = $1) \
         ORDER BY a.created_at DESC, a.id DESC LIMIT $2",
    )
    .bind(subject)
    .bind(limit)
    .fetch_all(&db.pool)
    .await
}

/// The latest entries of two areas of action ("promo" and "event": `promo.started`…), newest
/// first.
pub async fn latest_in_areas(
    db: &Db,
    areas: [&str; 2],
    limit: i64,
) -> Result<Vec<Logged>, sqlx::Error> {
    sqlx::query_as::<_, Logged>(
        "SELECT s.email, a.action, a.subject, a.reason, a.detail, a.created_at FROM staff_audit a \
         LEFT JOIN staff s ON s.id = a.staff_id WHERE a.action LIKE $1 OR a.action LIKE $2 \
         ORDER BY a.created_at DESC, a.id DESC LIMIT $3",
    )
    .bind(format!("{}.%", areas[0]))
    .bind(format!("{}.%", areas[1]))
    .bind(limit)
    .fetch_all(&db.pool)
    .await
}
