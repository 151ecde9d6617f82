//! Support's inbox (migration 20261210000015): the messages and chats still to handle, who has
//! each, and moving them on.

use super::Db;
use crate::domain::ids::UserId;

/// A message as the inbox lists it: (id, source, name, email, phone, company, subject, request,
/// status, assignee's email, when).
pub type MessageRow = (
    String,
    String,
    String,
    String,
    Option<String>,
    Option<String>,
    String,
    String,
    String,
    Option<String>,
    i64,
);

/// Messages not closed, oldest first.
pub async fn messages(db: &Db, limit: i64) -> Result<Vec<MessageRow>, sqlx::Error> {
    sqlx::query_as::<_, MessageRow>(
        "SELECT m.id, m.source, m.name, m.email, m.phone, m.company, m.subject, m.request, \
         m.status, s.email, m.created_at FROM support_messages m \
         LEFT JOIN staff s ON s.id = m.assigned_to WHERE m.status <> 'closed' \
         ORDER BY m.created_at, m.id LIMIT $1",
    )
    .bind(limit)
    .fetch_all(&db.pool)
    .await
}

/// A message's address and subject, for an answer: (email, subject, status).
pub async fn message(db: &Db, id: &str) -> Result<Option<(String, String, String)>, sqlx::Error> {
    sqlx::query_as::<_, (String, String, String)>(
        "SELECT email, subject, status FROM support_messages WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(&db.pool)
    .await
}

/// Gives a message not closed to a member of staff; false when there is none.
pub async fn assign_message(db: &Db, id: &str, staff_id: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE support_messages SET assigned_to = $1 WHERE id = $2 AND status <> 'closed'",
    )
    .bind(staff_id)
    .bind(id)
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Moves a message not closed to `answered` (by `staff_id`, who has it now) or `closed`.
pub async fn move_message(
    db: &Db,
    id: &str,
    to: &str,
    staff_id: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE support_messages SET status = $1, assigned_to = COALESCE(assigned_to, $2), \
         answered_at = CASE WHEN $1 = 'answered' THEN $3 ELSE answered_at END, \
         closed_at = CASE WHEN $1 = 'closed' THEN $3 ELSE closed_at END \
         WHERE id = $4 AND status <> 'closed'",
    )
    .bind(to)
    .bind(staff_id)
    .bind(now)
    .bind(id)
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A chat as the inbox lists it: (user id, name, surname, email, last line, its author, when,
/// the customer's lines since support last wrote, assignee's email).
pub type ChatRow = (
    String,
    String,
    String,
    String,
    String,
    String,
    i64,
    i64,
    Option<String>,
);

/// Conversations with a customer line after their last closing, newest activity first.
pub async fn chats(db: &Db, limit: i64) -> Result<Vec<ChatRow>, sqlx::Error> {
    sqlx::query_as::<_, ChatRow>(
        "SELECT u.id, u.name, u.surname, u.email, l.body, l.author, l.created_at, \
         (SELECT CAST(COUNT(*) AS BIGINT) FROM chat_messages w WHERE w.user_id = u.id \
            AND w.author = 'customer' AND w.created_at >= COALESCE((SELECT MAX(created_at) \
            FROM chat_messages r WHERE r.user_id = u.id AND r.author = 'support'), 0)), \
         s.email \
         FROM users u \
         JOIN chat_messages l ON l.user_id = u.id AND l.id = (SELECT id FROM chat_messages x \
            WHERE x.user_id = u.id ORDER BY x.created_at DESC, x.id DESC LIMIT 1) \
         LEFT JOIN chat_conversations c ON c.user_id = u.id \
         LEFT JOIN staff s ON s.id = c.assigned_to \
         WHERE EXISTS (SELECT 1 FROM chat_messages n WHERE n.user_id = u.id \
            AND n.author = 'customer' AND n.created_at > COALESCE(c.closed_at, 0)) \
         ORDER BY l.created_at DESC LIMIT $1",
    )
    .bind(limit)
    .fetch_all(&db.pool)
    .await
}

/// Gives a person's chat to a member of staff (it stays open).
pub async fn assign_chat(db: &Db, user_id: &UserId, staff_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO chat_conversations (user_id, assigned_to) VALUES ($1, $2) \
         ON CONFLICT (user_id) DO UPDATE SET assigned_to = $2",
    )
    .bind(user_id)
    .bind(staff_id)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// Closes a person's chat until they write again.
pub async fn close_chat(db: &Db, user_id: &UserId, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO chat_conversations (user_id, closed_at) VALUES ($1, $2) \
         ON CONFLICT (user_id) DO UPDATE SET closed_at = $2",
    )
    .bind(user_id)
    .bind(now)
    .execute(&db.pool)
    .await?;
    Ok(())
}
