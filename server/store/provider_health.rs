//! Outside parties' last answer and last failure (issue 33 point 6), one row per party, merged
//! across a fleet by keeping the latest of each.

use super::Db;

/// A success is written at most once a minute per party: the dashboard needs no finer grain.
const SUCCESS_GRAIN_MS: i64 = 60_000;

pub async fn succeeded(db: &Db, party: &str, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO provider_health (party, last_success_at) VALUES ($1, $2) \
         ON CONFLICT (party) DO UPDATE SET last_success_at = $2 \
         WHERE provider_health.last_success_at IS NULL OR provider_health.last_success_at < $3",
    )
    .bind(party)
    .bind(now)
    .bind(now - SUCCESS_GRAIN_MS)
    .execute(&db.pool)
    .await?;
    Ok(())
}

pub async fn failed(db: &Db, party: &str, error: &str, now: i64) -> Result<(), sqlx::Error> {
    let error: String = error.chars().take(300).collect();
    sqlx::query(
        "INSERT INTO provider_health (party, last_failure_at, last_error) VALUES ($1, $2, $3) \
         ON CONFLICT (party) DO UPDATE SET last_failure_at = $2, last_error = $3",
    )
    .bind(party)
    .bind(now)
    .bind(&error)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// Every party heard from: (party, last success, last failure, last error), by name.
pub type PartyHealth = (String, Option<i64>, Option<i64>, Option<String>);

pub async fn all(db: &Db) -> Result<Vec<PartyHealth>, sqlx::Error> {
    sqlx::query_as::<_, PartyHealth>(
        "SELECT party, last_success_at, last_failure_at, last_error FROM provider_health \
         ORDER BY party",
    )
    .fetch_all(&db.pool)
    .await
}
