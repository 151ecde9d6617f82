//! Where each person's identity check stands with the provider (for support and audit; the KYC
//! status is what routes the person).

use super::Db;
use crate::domain::ids::UserId;

pub async fn record(
    db: &Db,
    user_id: &UserId,
    provider: &str,
    applicant_id: &str,
    review: crate::domain::onboarding::review::Review,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO identity_checks (user_id, provider, applicant_id, review, updated_at) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (user_id) DO UPDATE SET provider = $2, applicant_id = $3, review = $4, updated_at = $5",
    )
    .bind(user_id)
    .bind(provider)
    .bind(applicant_id)
    .bind(review.as_str())
    .bind(now)
    .execute(&db.pool)
    .await?;
    Ok(())
}

pub async fn review(db: &Db, user_id: &UserId) -> Result<Option<String>, sqlx::Error> {
    let row =
        sqlx::query_as::<_, (String,)>("SELECT review FROM identity_checks WHERE user_id = $1")
            .bind(user_id)
            .fetch_optional(&db.pool)
            .await?;
    Ok(row.map(|(review,)| review))
}

pub async fn agree(db: &Db, user_id: &UserId, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE users SET identity_agreed_at = COALESCE(identity_agreed_at, $1) WHERE id = $2",
    )
    .bind(now)
    .bind(user_id)
    .execute(&db.pool)
    .await?;
    Ok(())
}

pub async fn agreed(db: &Db, user_id: &UserId) -> Result<bool, sqlx::Error> {
    let row =
        sqlx::query_as::<_, (Option<i64>,)>("SELECT identity_agreed_at FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_optional(&db.pool)
            .await?;
    Ok(matches!(row, Some((Some(_),))))
}

/// The person's identity check as the provider last reported it: (provider, applicant id,
/// review, when).
pub async fn of_user(
    db: &Db,
    user_id: &UserId,
) -> Result<Option<(String, String, String, i64)>, sqlx::Error> {
    sqlx::query_as::<_, (String, String, String, i64)>(
        "SELECT provider, applicant_id, review, updated_at FROM identity_checks WHERE user_id = $1",
    )
    .bind(user_id)
    .fetch_optional(&db.pool)
    .await
}

/// A check as the back office lists it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Listed {
    pub user_id: String,
    pub email: String,
    pub name: String,
    pub surname: String,
    pub kyc_status: String,
    pub provider: String,
    pub review: String,
    pub updated_at: i64,
}

/// Checks still open, and those refused since `refused_since`, the oldest first: the candidates
/// for a look (`domain::backoffice::identity` decides which need one).
pub async fn unapproved(
    db: &Db,
    refused_since: i64,
    limit: i64,
) -> Result<Vec<Listed>, sqlx::Error> {
    sqlx::query_as::<_, Listed>(
        "SELECT c.user_id, u.email, u.name, u.surname, u.kyc_status, c.provider, c.review, \
         c.updated_at FROM identity_checks c JOIN users u ON u.id = c.user_id \
         WHERE c.review IN ('submitted', 'retry') OR (c.review = 'rejected' AND c.updated_at >= $1) \
         ORDER BY c.updated_at, c.user_id \
         LIMIT $2",
    )
    .bind(refused_since)
    .bind(limit)
    .fetch_all(&db.pool)
    .await
}
