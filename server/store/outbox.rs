use super::Db;
use crate::domain::messages::Message;

#[derive(Debug, Clone, serde::Serialize)]
pub struct OutboxEntry {
    pub channel: String,
    pub recipient: String,
    pub subject: String,
    pub body: String,
    pub created_at: i64,
}

pub async fn put(db: &Db, message: &Message) -> Result<(), sqlx::Error> {
    // Time-ordered ids (UUIDv7, monotonic within the process) keep "newest first" exact when
    // two messages share a millisecond.
    sqlx::query("INSERT INTO outbox (id, channel, recipient, subject, body, created_at) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(uuid::Uuid::now_v7().to_string())
        .bind(message.channel.as_str())
        .bind(&message.to)
        .bind(&message.subject)
        .bind(&message.body)
        .bind(db.now_ms())
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// The newest messages first, optionally only those to one recipient.
pub async fn latest(
    db: &Db,
    recipient: Option<&str>,
    limit: i64,
) -> Result<Vec<OutboxEntry>, sqlx::Error> {
    let rows = sqlx::query_as::<_, (String, String, String, String, i64)>(
        "SELECT channel, recipient, subject, body, created_at FROM outbox \
         WHERE ($1 = '' OR recipient = $1) ORDER BY created_at DESC, id DESC LIMIT $2",
    )
    .bind(recipient.unwrap_or_default())
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(
            |(channel, recipient, subject, body, created_at)| OutboxEntry {
                channel,
                recipient,
                subject,
                body,
                created_at,
            },
        )
        .collect())
}
