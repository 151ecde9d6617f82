//! Messages customers send support (migration 20261210000006).

use super::Db;
use crate::domain::ids::{ProfileId, UserId};

pub struct NewMessage<'a> {
    pub user_id: Option<&'a UserId>,
    pub profile_id: Option<&'a ProfileId>,
    /// dashboard (the contact form) or leads (a call-back request).
    pub source: &'a str,
    pub name: &'a str,
    pub email: &'a str,
    pub phone: Option<&'a str>,
    /// The company a call-back request speaks for.
    pub company: Option<&'a str>,
    pub subject: &'a str,
    pub request: &'a str,
    pub at: i64,
}

/// Keeps a message as open; answers its id.
pub async fn insert(db: &Db, new: &NewMessage<'_>) -> Result<String, sqlx::Error> {
    let id = uuid::Uuid::new_v4().to_string();
    sqlx::query(
        "INSERT INTO support_messages (id, user_id, profile_id, source, name, email, phone, \
         company, subject, request, status, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'open', $11)",
    )
    .bind(&id)
    .bind(new.user_id)
    .bind(new.profile_id)
    .bind(new.source)
    .bind(new.name)
    .bind(new.email)
    .bind(new.phone)
    .bind(new.company)
    .bind(new.subject)
    .bind(new.request)
    .bind(new.at)
    .execute(&db.pool)
    .await?;
    Ok(id)
}

/// The open messages, oldest first (support's queue): id, source, email, subject.
pub async fn open(db: &Db) -> Result<Vec<(String, String, String, String)>, sqlx::Error> {
    sqlx::query_as::<_, (String, String, String, String)>(
        "SELECT id, source, email, subject FROM support_messages WHERE status = 'open' \
         ORDER BY created_at, id",
    )
    .fetch_all(&db.pool)
    .await
}
