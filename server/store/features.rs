//! The operators' per-flag overrides (`bank features`), which win over configuration.

use std::sync::Arc;

use super::Db;

pub type Overrides = Vec<(String, bool)>;

/// Per-flag overrides that operators stored. Every page and many calls consult the flags, so
/// they are read at most once a second per process (`reread.rs`).
pub async fn overrides(db: &Db) -> Result<Arc<Overrides>, sqlx::Error> {
    db.feature_overrides.get(|| read(db)).await
}

async fn read(db: &Db) -> Result<Overrides, sqlx::Error> {
    // Stored as 0/1: booleans do not travel the same way through SQLite and PostgreSQL.
    let rows = sqlx::query_as::<_, (String, i64)>(
        "SELECT name, enabled FROM feature_overrides ORDER BY name",
    )
    .fetch_all(&db.pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(name, enabled)| (name, enabled != 0))
        .collect())
}

pub async fn set_override(db: &Db, name: &str, enabled: bool) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO feature_overrides (name, enabled, updated_at) VALUES ($1, $2, $3) \
         ON CONFLICT (name) DO UPDATE SET enabled = excluded.enabled, updated_at = excluded.updated_at",
    )
    .bind(name)
    .bind(i64::from(enabled))
    .bind(db.now_ms())
    .execute(&db.pool)
    .await?;
    db.feature_overrides.forget();
    Ok(())
}

pub async fn clear_override(db: &Db, name: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("DELETE FROM feature_overrides WHERE name = $1")
        .bind(name)
        .execute(&db.pool)
        .await?;
    db.feature_overrides.forget();
    Ok(done.rows_affected() > 0)
}
