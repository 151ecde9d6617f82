//! The back office's reads across customers (issue 32 point 4): finding a customer by what a
//! caller or a payment names, and the parts of their record no customer call reads.

use super::Db;
use crate::domain::ids::UserId;

/// A customer found: (user id, name, surname, email, KYC status).
pub type Found = (String, String, String, String, String);

fn like(text: &str) -> String {
    let escaped = text
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("%{escaped}%")
}

/// Customers whose name, email, company (name or registration number), account (IBAN or
/// number) or card's last four digits match `query`; at most `limit`, by name.
pub async fn search(db: &Db, query: &str, limit: i64) -> Result<Vec<Found>, sqlx::Error> {
    let text = query.trim().to_lowercase();
    let compact: String = query
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_uppercase();
    // The company number lives in the applicant's saved answers (JSON, written by serde without
    // spaces), so it is matched as that exact field.
    let number_field = format!("%\"number\":\"{}\"%", compact.replace(['%', '_', '\\'], ""));
    sqlx::query_as::<_, Found>(
        "SELECT DISTINCT u.id, u.name, u.surname, u.email, u.kyc_status FROM users u \
         LEFT JOIN profile_members m ON m.user_id = u.id \
         LEFT JOIN profiles p ON p.id = m.profile_id \
         LEFT JOIN bank_accounts a ON a.profile_id = p.id \
         LEFT JOIN cards c ON c.user_id = u.id \
         LEFT JOIN onboardings o ON o.user_id = u.id \
         WHERE LOWER(u.email) LIKE $1 ESCAPE '\\' \
            OR LOWER(u.name || ' ' || u.surname) LIKE $1 ESCAPE '\\' \
            OR LOWER(p.name) LIKE $1 ESCAPE '\\' \
            OR a.iban = $2 OR a.account_number = $2 \
            OR (LENGTH($2) = 4 AND c.last_four = $2) \
            OR o.data LIKE $3 \
         ORDER BY u.name, u.surname, u.email LIMIT $4",
    )
    .bind(like(&text))
    .bind(&compact)
    .bind(number_field)
    .bind(limit)
    .fetch_all(&db.pool)
    .await
}

/// How many of the person's sessions are live at `now`.
pub async fn live_sessions(db: &Db, user_id: &UserId, now: i64) -> Result<i64, sqlx::Error> {
    let (count,) = sqlx::query_as::<_, (i64,)>(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM sessions WHERE user_id = $1 AND revoked_at IS NULL \
         AND rotated_at IS NULL AND refresh_expires_at > $2",
    )
    .bind(user_id)
    .bind(now)
    .fetch_one(&db.pool)
    .await?;
    Ok(count)
}

/// What the person wrote to support (the contact form), newest first: (subject, request,
/// status, when).
pub async fn messages(
    db: &Db,
    user_id: &UserId,
    limit: i64,
) -> Result<Vec<(String, String, String, i64)>, sqlx::Error> {
    sqlx::query_as::<_, (String, String, String, i64)>(
        "SELECT subject, request, status, created_at FROM support_messages WHERE user_id = $1 \
         ORDER BY created_at DESC, id DESC LIMIT $2",
    )
    .bind(user_id)
    .bind(limit)
    .fetch_all(&db.pool)
    .await
}
