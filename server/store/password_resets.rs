//! Password reset links: a token stored hashed, one hour, used once.

use super::Db;
use crate::domain::auth::secrets::{digest, new_token};
use crate::domain::ids::UserId;

pub const LIFETIME_MS: i64 = 60 * 60 * 1000;
const CONTEXT: &str = "password-reset";

/// A new link token for the user; the links sent before it stop working.
pub async fn create(db: &Db, user_id: &UserId, now: i64) -> Result<String, sqlx::Error> {
    let token = new_token();
    let mut tx = db.begin_write().await?;
    sqlx::query("UPDATE password_resets SET used_at = $1 WHERE user_id = $2 AND used_at IS NULL")
        .bind(now)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "INSERT INTO password_resets (id, user_id, token_hash, expires_at, created_at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(user_id)
    .bind(digest(&token, CONTEXT))
    .bind(now + LIFETIME_MS)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(token)
}

/// Sets the new password hash if the token is live, marking it used in the same
/// transaction; returns the user whose password changed.
/// Whether a reset link is still usable: checked before the new password is hashed.
pub async fn is_live(db: &Db, token: &str, now: i64) -> Result<bool, sqlx::Error> {
    let row = sqlx::query_as::<_, (i64,)>(
        "SELECT 1 FROM password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2",
    )
    .bind(digest(token, CONTEXT))
    .bind(now)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.is_some())
}

pub async fn redeem(
    db: &Db,
    token: &str,
    password_hash: &str,
    now: i64,
) -> Result<Option<UserId>, sqlx::Error> {
    let hash = digest(token, CONTEXT);
    let mut tx = db.begin_write().await?;
    let row = sqlx::query_as::<_, (UserId,)>(
        "SELECT user_id FROM password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2",
    )
    .bind(&hash)
    .bind(now)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((user_id,)) = row else {
        return Ok(None);
    };
    let spent = sqlx::query(
        "UPDATE password_resets SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL",
    )
    .bind(now)
    .bind(&hash)
    .execute(&mut *tx)
    .await?;
    if spent.rows_affected() != 1 {
        return Ok(None);
    }
    sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
        .bind(password_hash)
        .bind(&user_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(Some(user_id))
}
