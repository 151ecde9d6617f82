//! A user's passkeys (the face method) and the enrolment ceremony in progress.

use super::Db;
use crate::domain::ids::UserId;

#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasskeyRow {
    pub id: String,
    #[serde(skip)]
    pub passkey: String,
    pub created_at: i64,
    pub last_used_at: Option<i64>,
}

pub async fn for_user(db: &Db, user_id: &UserId) -> Result<Vec<PasskeyRow>, sqlx::Error> {
    let rows = sqlx::query_as::<_, (String, String, i64, Option<i64>)>(
        "SELECT id, passkey, created_at, last_used_at FROM passkeys WHERE user_id = $1 ORDER BY created_at",
    )
    .bind(user_id)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, passkey, created_at, last_used_at)| PasskeyRow {
            id,
            passkey,
            created_at,
            last_used_at,
        })
        .collect())
}

/// Stores a new passkey and makes the face method the user's second factor, together.
pub async fn add(
    db: &Db,
    user_id: &UserId,
    credential_id: &str,
    passkey: &str,
    now: i64,
) -> Result<String, sqlx::Error> {
    let id = uuid::Uuid::new_v4().to_string();
    let mut tx = db.begin_write().await?;
    sqlx::query(
        "INSERT INTO passkeys (id, user_id, credential_id, passkey, created_at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(&id)
    .bind(user_id)
    .bind(credential_id)
    .bind(passkey)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    sqlx::query("UPDATE users SET mfa_method = 'challenge_proxied' WHERE id = $1")
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM passkey_enrolments WHERE user_id = $1")
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(id)
}

/// Removes one of the user's passkeys; with none left the user approves by SMS again.
/// False when the user has no passkey with that id.
pub async fn remove(db: &Db, user_id: &UserId, id: &str) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let done = sqlx::query("DELETE FROM passkeys WHERE id = $1 AND user_id = $2")
        .bind(id)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    if done.rows_affected() == 0 {
        return Ok(false);
    }
    sqlx::query(
        "UPDATE users SET mfa_method = 'sms' WHERE id = $1 \
         AND NOT EXISTS (SELECT 1 FROM passkeys WHERE user_id = $1)",
    )
    .bind(user_id)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(true)
}

/// After a log-in with a passkey: its signature counter and when it was used.
pub async fn record_use(
    db: &Db,
    id: &str,
    passkey: Option<&str>,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE passkeys SET passkey = COALESCE($1, passkey), last_used_at = $2 WHERE id = $3",
    )
    .bind(passkey)
    .bind(now)
    .bind(id)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// Keeps the state of an enrolment that has started, replacing any earlier one.
pub async fn start_enrolment(
    db: &Db,
    user_id: &UserId,
    state: &str,
    expires_at: i64,
) -> Result<(), sqlx::Error> {
    let mut tx = db.begin_write().await?;
    sqlx::query("DELETE FROM passkey_enrolments WHERE user_id = $1")
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("INSERT INTO passkey_enrolments (user_id, state, expires_at) VALUES ($1, $2, $3)")
        .bind(user_id)
        .bind(state)
        .bind(expires_at)
        .execute(&mut *tx)
        .await?;
    tx.commit().await
}

pub async fn enrolment(db: &Db, user_id: &UserId, now: i64) -> Result<Option<String>, sqlx::Error> {
    let row = sqlx::query_as::<_, (String,)>(
        "SELECT state FROM passkey_enrolments WHERE user_id = $1 AND expires_at > $2",
    )
    .bind(user_id)
    .bind(now)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.map(|(state,)| state))
}
