//! Which policy version each person accepted, and when (domain/policies.rs).

use super::Db;
use crate::domain::ids::UserId;

/// Records that `user_id` accepted `version` at `now`; accepting it again keeps the first time.
pub async fn record_in(
    conn: &mut sqlx::AnyConnection,
    user_id: &UserId,
    version: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO policy_acceptances (user_id, version, accepted_at) VALUES ($1, $2, $3) \
         ON CONFLICT (user_id, version) DO NOTHING",
    )
    .bind(user_id)
    .bind(version)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn record(db: &Db, user_id: &UserId, version: &str, now: i64) -> Result<(), sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    record_in(&mut conn, user_id, version, now).await
}

/// When `user_id` accepted `version`, if they did.
pub async fn accepted_at(
    db: &Db,
    user_id: &UserId,
    version: &str,
) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT accepted_at FROM policy_acceptances WHERE user_id = $1 AND version = $2",
    )
    .bind(user_id)
    .bind(version)
    .fetch_optional(&db.pool)
    .await
}

/// The newest version `user_id` accepted (versions are ISO dates, so they sort as text).
pub async fn last_version(db: &Db, user_id: &UserId) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT MAX(version) FROM policy_acceptances WHERE user_id = $1")
        .bind(user_id)
        .fetch_one(&db.pool)
        .await
}

/// Every version `user_id` accepted and when, newest first.
pub async fn history(db: &Db, user_id: &UserId) -> Result<Vec<(String, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT version, accepted_at FROM policy_acceptances WHERE user_id = $1 \
         ORDER BY version DESC",
    )
    .bind(user_id)
    .fetch_all(&db.pool)
    .await
}
