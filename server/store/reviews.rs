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

/// When the person last answered a review request, and whether they had a success (a
/// transfer an account of theirs received, or a card of theirs that is now active) before
/// `fresh_from` (`Before`), else since (`Since`), else none; asked on every signed-in page, so
/// one statement. The success is not looked for when they answered after `quiet_from` (they are
/// not asked again yet). Each question stops at its first row: an established customer is
/// answered by the first, indexed look-up, however many transactions they have.
pub async fn standing(
    db: &Db,
    user_id: &UserId,
    fresh_from: i64,
    quiet_from: i64,
) -> Result<(Option<i64>, Option<SuccessAt>), sqlx::Error> {
    let success = |range: &str| {
        format!(
            "EXISTS (SELECT 1 FROM transactions t \
             JOIN bank_accounts a ON a.id = t.bank_account_id \
             JOIN profile_members m ON m.profile_id = a.profile_id \
             WHERE m.user_id = $1 AND t.type = 'transfer' AND t.amount > 0 \
             AND t.status = 'completed' AND t.created_at {range}) \
             OR EXISTS (SELECT 1 FROM cards WHERE user_id = $1 AND status = 'active' \
             AND created_at {range})"
        )
    };
    let (last, success) = sqlx::query_as::<_, (Option<i64>, i64)>(&format!(
        "SELECT (SELECT MAX(created_at) FROM reviews WHERE user_id = $1), CAST(CASE \
         WHEN EXISTS (SELECT 1 FROM reviews WHERE user_id = $1 AND created_at > $3) THEN 0 \
         WHEN {} THEN 1 WHEN {} THEN 2 ELSE 0 END AS BIGINT)",
        success("< $2"),
        success(">= $2")
    ))
    .bind(user_id)
    .bind(fresh_from)
    .bind(quiet_from)
    .fetch_one(&db.pool)
    .await?;
    let success = match success {
        1 => Some(SuccessAt::Before),
        2 => Some(SuccessAt::Since),
        _ => None,
    };
    Ok((last, success))
}
