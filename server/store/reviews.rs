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

/// The statement of [`standing`]: `$1` the person, `$2` the start of the fresh window, `$3` the
/// start of the quiet one. Each success is looked for through a partial index of its own kind of
/// row (`transactions_received`, `cards_user_active`), whose conditions are written out below as
/// the indexes have them, so that both databases can use them (a bound value would not match).
/// The received transfer is looked for account by account (a subquery per account, which
/// neither database turns into a join): as a join, PostgreSQL's generic plan for the prepared
/// statement read the index from its start, every account's received transfers before `$2`.
/// Built once: it is asked on every signed-in page.
pub fn standing_sql() -> &'static str {
    static SQL: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    SQL.get_or_init(build_standing_sql)
}

fn build_standing_sql() -> String {
    let success = |range: &str| {
        format!(
            "EXISTS (SELECT 1 FROM profile_members m \
             JOIN bank_accounts a ON a.profile_id = m.profile_id WHERE m.user_id = $1 \
             AND (SELECT 1 FROM transactions t WHERE t.bank_account_id = a.id \
             AND t.type = 'transfer' AND t.status = 'completed' AND t.amount > 0 \
             AND t.created_at {range} LIMIT 1) IS NOT NULL) \
             OR EXISTS (SELECT 1 FROM cards WHERE user_id = $1 AND status = 'active' \
             AND created_at {range})"
        )
    };
    format!(
        "SELECT (SELECT MAX(created_at) FROM reviews WHERE user_id = $1), CAST(CASE \
         WHEN EXISTS (SELECT 1 FROM reviews WHERE user_id = $1 AND created_at > $3) THEN 0 \
         WHEN {} THEN 1 WHEN {} THEN 2 ELSE 0 END AS BIGINT)",
        success("< $2"),
        success(">= $2")
    )
}

/// When the person last answered a review request, and whether they had a success (a
/// transfer an account of theirs received, or a card of theirs that is now active) before
/// `fresh_from` (`Before`), else since (`Since`), else none; asked on every signed-in page, so
/// one statement. The success is not looked for when they answered after `quiet_from` (they are
/// not asked again yet). Each question reads at most its first row, however many transactions
/// the person's accounts have and however many cards the bank has issued.
pub async fn standing(
    db: &Db,
    user_id: &UserId,
    fresh_from: i64,
    quiet_from: i64,
) -> Result<(Option<i64>, Option<SuccessAt>), sqlx::Error> {
    let (last, success) = sqlx::query_as::<_, (Option<i64>, i64)>(standing_sql())
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
