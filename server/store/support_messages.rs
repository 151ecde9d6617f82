//! Messages customers send support (migration 20261210000006).

use super::Db;
use crate::domain::ids::{ProfileId, UserId};
use crate::domain::support::contact::ContactMessage;

pub struct NewMessage<'a> {
    pub user_id: Option<&'a UserId>,
    pub profile_id: Option<&'a ProfileId>,
    pub source: &'a str,
    pub message: &'a ContactMessage,
    pub at: i64,
}

/// Keeps a message as open; answers its id.
pub async fn insert(db: &Db, new: &NewMessage<'_>) -> Result<String, sqlx::Error> {
    let id = uuid::Uuid::new_v4().to_string();
    let m = new.message;
    sqlx::query(
        "INSERT INTO support_messages (id, user_id, profile_id, source, name, email, phone, \
         subject, request, status, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'open', $10)",
    )
    .bind(&id)
    .bind(new.user_id)
    .bind(new.profile_id)
    .bind(new.source)
    .bind(&m.name)
    .bind(m.email.as_str())
    .bind(m.phone.as_deref())
    .bind(&m.subject)
    .bind(&m.request)
    .bind(new.at)
    .execute(&db.pool)
    .await?;
    Ok(id)
}

/// The open messages, oldest first (support's queue).
pub async fn open(db: &Db) -> Result<Vec<(String, String, String)>, sqlx::Error> {
    sqlx::query_as::<_, (String, String, String)>(
        "SELECT id, email, subject FROM support_messages WHERE status = 'open' ORDER BY created_at, id",
    )
    .fetch_all(&db.pool)
    .await
}
