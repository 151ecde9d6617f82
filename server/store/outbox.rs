use base64::Engine;

use super::Db;
use crate::domain::messages::{Attachment, Message};

/// A message as the outbox keeps it; attachments are listed by name, type and size (their
/// content is read one at a time with `attachment`).
#[derive(Debug, Clone, serde::Serialize)]
pub struct OutboxEntry {
    pub id: String,
    pub channel: String,
    pub recipient: String,
    pub subject: String,
    pub body: String,
    pub created_at: i64,
    pub attachments: Vec<AttachmentInfo>,
}

#[derive(Debug, Clone, serde::Serialize)]
pub struct AttachmentInfo {
    pub filename: String,
    pub content_type: String,
    pub size: usize,
}

#[derive(serde::Serialize, serde::Deserialize)]
struct StoredAttachment {
    filename: String,
    content_type: String,
    /// Base64: the column is text on both databases.
    content: String,
}

fn attachments_json(attachments: &[Attachment]) -> Option<String> {
    if attachments.is_empty() {
        return None;
    }
    let stored: Vec<StoredAttachment> = attachments
        .iter()
        .map(|a| StoredAttachment {
            filename: a.filename.clone(),
            content_type: a.content_type.clone(),
            content: base64::engine::general_purpose::STANDARD.encode(&a.content),
        })
        .collect();
    Some(serde_json::to_string(&stored).expect("attachments serialise"))
}

fn read_attachments(text: Option<&str>) -> Result<Vec<Attachment>, sqlx::Error> {
    let Some(text) = text else {
        return Ok(Vec::new());
    };
    let stored: Vec<StoredAttachment> = super::json("attachments", text)?;
    stored
        .into_iter()
        .map(|a| {
            Ok(Attachment {
                content: base64::engine::general_purpose::STANDARD
                    .decode(&a.content)
                    .map_err(|_| sqlx::Error::ColumnDecode {
                        index: "attachments".into(),
                        source: "unreadable attachment".into(),
                    })?,
                filename: a.filename,
                content_type: a.content_type,
            })
        })
        .collect()
}

pub async fn put(db: &Db, message: &Message) -> Result<(), sqlx::Error> {
    // Time-ordered ids (UUIDv7, monotonic within the process) keep "newest first" exact when
    // two messages share a millisecond.
    sqlx::query("INSERT INTO outbox (id, channel, recipient, subject, body, created_at, attachments) VALUES ($1, $2, $3, $4, $5, $6, $7)")
        .bind(uuid::Uuid::now_v7().to_string())
        .bind(message.channel.as_str())
        .bind(&message.to)
        .bind(&message.subject)
        .bind(&message.body)
        .bind(db.now_ms())
        .bind(attachments_json(&message.attachments))
        .execute(&db.pool)
        .await?;
    Ok(())
}

type Row = (String, String, String, String, String, i64, Option<String>);

/// The newest messages first, optionally only those to one recipient.
pub async fn latest(
    db: &Db,
    recipient: Option<&str>,
    limit: i64,
) -> Result<Vec<OutboxEntry>, sqlx::Error> {
    let rows = sqlx::query_as::<_, Row>(
        "SELECT id, channel, recipient, subject, body, created_at, attachments FROM outbox \
         WHERE ($1 = '' OR recipient = $1) ORDER BY created_at DESC, id DESC LIMIT $2",
    )
    .bind(recipient.unwrap_or_default())
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    rows.into_iter()
        .map(
            |(id, channel, recipient, subject, body, created_at, attachments)| {
                Ok(OutboxEntry {
                    id,
                    channel,
                    recipient,
                    subject,
                    body,
                    created_at,
                    attachments: read_attachments(attachments.as_deref())?
                        .into_iter()
                        .map(|a| AttachmentInfo {
                            size: a.content.len(),
                            filename: a.filename,
                            content_type: a.content_type,
                        })
                        .collect(),
                })
            },
        )
        .collect()
}

/// One message's `index`th attachment.
pub async fn attachment(
    db: &Db,
    id: &str,
    index: usize,
) -> Result<Option<Attachment>, sqlx::Error> {
    let row: Option<(Option<String>,)> =
        sqlx::query_as("SELECT attachments FROM outbox WHERE id = $1")
            .bind(id)
            .fetch_optional(&db.pool)
            .await?;
    let Some((text,)) = row else {
        return Ok(None);
    };
    Ok(read_attachments(text.as_deref())?.into_iter().nth(index))
}
