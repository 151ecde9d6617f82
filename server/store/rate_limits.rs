//! Fixed-window rate-limit counts in the database, so every bank process on one PostgreSQL
//! enforces one limit. The window's reset and the count are one atomic upsert: two processes
//! counting the same key at the same moment are serialised by the row, never lost.

use super::Db;

/// Counts one hit on `key`; answers the hits so far in the current window and when it ends.
pub async fn hit(db: &Db, key: &str, window_ms: i64, now: i64) -> Result<(i64, i64), sqlx::Error> {
    sqlx::query_as::<_, (i64, i64)>(
        "INSERT INTO rate_limits (key, hits, expires_at) VALUES ($1, 1, $2) \
         ON CONFLICT (key) DO UPDATE SET \
           hits = CASE WHEN rate_limits.expires_at <= $3 THEN 1 ELSE rate_limits.hits + 1 END, \
           expires_at = CASE WHEN rate_limits.expires_at <= $3 THEN $2 ELSE rate_limits.expires_at END \
         RETURNING hits, expires_at",
    )
    .bind(key)
    .bind(now + window_ms)
    .bind(now)
    .fetch_one(&db.pool)
    .await
}

/// Removes windows that have ended; answers how many.
pub async fn sweep(db: &Db, now: i64) -> Result<u64, sqlx::Error> {
    Ok(
        sqlx::query("DELETE FROM rate_limits WHERE expires_at <= $1")
            .bind(now)
            .execute(&db.pool)
            .await?
            .rows_affected(),
    )
}
