//! Review requests answered, and the successes that prompt them (migration 20261210000011).

use super::Db;
use crate::domain::engagement::reviews::{Platform, SuccessAt};
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

/// Whether the person had a success (a transfer an account of theirs received, or a card of
/// theirs that is now active) before `from` (`Before`), else since (`Since`), else none. Each
/// question stops at its first row: an established customer is answered by the first, indexed
/// look-up, however many transactions they have.
pub async fn success_around(
    db: &Db,
    user_id: &UserId,
    from: i64,
) -> Result<Option<SuccessAt>, sqlx::Error> {
    for (at, range) in [(SuccessAt::Before, "< $2"), (SuccessAt::Since, ">= $2")] {
        let found = sqlx::query(&format!(
            "SELECT 1 WHERE EXISTS (SELECT 1 FROM transactions t \
             JOIN bank_accounts a ON a.id = t.bank_account_id \
             JOIN profile_members m ON m.profile_id = a.profile_id \
             WHERE m.user_id = $1 AND t.type = 'transfer' AND t.amount > 0 \
             AND t.status = 'completed' AND t.created_at {range}) \
             OR EXISTS (SELECT 1 FROM cards WHERE user_id = $1 AND status = 'active' \
             AND created_at {range})"
        ))
        .bind(user_id)
        .bind(from)
        .fetch_optional(&db.pool)
        .await?;
        if found.is_some() {
            return Ok(Some(at));
        }
    }
    Ok(None)
}
