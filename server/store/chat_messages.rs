//! Support chat lines (migration 20261210000013).

use super::{named, Db};
use crate::domain::ids::UserId;
use crate::domain::support::chat::{ChatAuthor, ChatLine};

type Row = (String, String, String, i64, Option<i64>);

fn line((id, author, body, created_at, read_at): Row) -> Result<ChatLine, sqlx::Error> {
    Ok(ChatLine {
        id,
        author: named::<ChatAuthor>("author", &author)?,
        body,
        created_at,
        read_at,
    })
}

const COLUMNS: &str = "id, author, body, created_at, read_at";

pub struct NewLine<'a> {
    pub user_id: &'a UserId,
    pub profile_id: Option<&'a str>,
    pub author: ChatAuthor,
    pub body: &'a str,
    /// The app's id for a customer's line; none for support's.
    pub client_id: Option<&'a str>,
    pub staff: Option<&'a str>,
}

/// Keeps a line; a customer's line sent again with the same app id is the one kept first.
pub async fn add(db: &Db, new: &NewLine<'_>) -> Result<ChatLine, sqlx::Error> {
    let id = uuid::Uuid::new_v4().to_string();
    sqlx::query(
        "INSERT INTO chat_messages (id, user_id, profile_id, author, body, client_id, staff, \
         created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING",
    )
    .bind(&id)
    .bind(new.user_id)
    .bind(new.profile_id)
    .bind(new.author.as_str())
    .bind(new.body)
    .bind(new.client_id)
    .bind(new.staff)
    .bind(db.now_ms())
    .execute(&db.pool)
    .await?;
    let kept = match new.client_id {
        Some(client_id) => {
            sqlx::query_as::<_, Row>(&format!(
                "SELECT {COLUMNS} FROM chat_messages WHERE user_id = $1 AND client_id = $2"
            ))
            .bind(new.user_id)
            .bind(client_id)
            .fetch_one(&db.pool)
            .await?
        }
        None => {
            sqlx::query_as::<_, Row>(&format!(
                "SELECT {COLUMNS} FROM chat_messages WHERE id = $1"
            ))
            .bind(&id)
            .fetch_one(&db.pool)
            .await?
        }
    };
    line(kept)
}

/// The person's conversation: its last `limit` lines, oldest first.
pub async fn conversation(
    db: &Db,
    user_id: &UserId,
    limit: i64,
) -> Result<Vec<ChatLine>, sqlx::Error> {
    let mut lines = sqlx::query_as::<_, Row>(&format!(
        "SELECT {COLUMNS} FROM chat_messages WHERE user_id = $1 \
         ORDER BY created_at DESC, id DESC LIMIT $2"
    ))
    .bind(user_id)
    .bind(limit)
    .fetch_all(&db.pool)
    .await?
    .into_iter()
    .map(line)
    .collect::<Result<Vec<_>, _>>()?;
    lines.reverse();
    Ok(lines)
}

/// Support's lines the person has not seen yet.
pub async fn unread(db: &Db, user_id: &UserId) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar::<_, i64>(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM chat_messages \
         WHERE user_id = $1 AND author = 'support' AND read_at IS NULL",
    )
    .bind(user_id)
    .fetch_one(&db.pool)
    .await
}

/// The person's app showed the conversation: support's lines are read.
pub async fn mark_read(db: &Db, user_id: &UserId) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE chat_messages SET read_at = $1 \
         WHERE user_id = $2 AND author = 'support' AND read_at IS NULL",
    )
    .bind(db.now_ms())
    .bind(user_id)
    .execute(&db.pool)
    .await?;
    Ok(())
}
