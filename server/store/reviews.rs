//! Review requests answered, and the successes that prompt them (migration 20261210000011).

use super::Db;
use crate::domain::engagement::reviews::Platform;
use crate::domain::ids::UserId;

pub async fn record(
    db: &Db,
    user_id: &UserId,
    platform: Option<Platform>,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO reviews (id, user_id, platform, created_at) VALUES ($1, $2, $3, $4)")
        .bind(uuid::Uuid::new_v4().to_string())
        .bind(user_id)
        .bind(platform.map(Platform::as_str))
        .bind(now)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// When the person last answered a review request.
pub async fn last_answered(db: &Db, user_id: &UserId) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT MAX(created_at) FROM reviews WHERE user_id = $1")
        .bind(user_id)
        .fetch_one(&db.pool)
        .await
}

/// When the person's first success came: the first transfer an account of theirs received, or
/// their first card that is now active.
pub async fn first_success(db: &Db, user_id: &UserId) -> Result<Option<i64>, sqlx::Error> {
    let received: Option<i64> = sqlx::query_scalar(
        "SELECT MIN(t.created_at) FROM transactions t \
         JOIN bank_accounts a ON a.id = t.bank_account_id \
         JOIN profile_members m ON m.profile_id = a.profile_id \
         WHERE m.user_id = $1 AND t.type = 'transfer' AND t.amount > 0 AND t.status = 'completed'",
    )
    .bind(user_id)
    .fetch_one(&db.pool)
    .await?;
    let carded: Option<i64> = sqlx::query_scalar(
        "SELECT MIN(created_at) FROM cards WHERE user_id = $1 AND status = 'active'",
    )
    .bind(user_id)
    .fetch_one(&db.pool)
    .await?;
    Ok(match (received, carded) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    })
}
