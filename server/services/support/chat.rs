//! Support chat (issue 31 point 7): the person's conversation with support, a line sent (once,
//! however often the app retries it), and support's answer (the operator's `bank support reply`
//! until the back office answers in its inbox).

use crate::domain::auth::email::Email;
use crate::domain::ids::UserId;
use crate::domain::support::chat::{ChatAuthor, ChatLine};
use crate::store::chat_messages::{self, NewLine};
use crate::store::{self, Db};

/// How much of the conversation the app is given: its latest lines.
const SHOWN: i64 = 200;

pub struct Conversation {
    pub lines: Vec<ChatLine>,
    /// Support's lines not yet seen.
    pub unread: i64,
}

/// The conversation; with `open` (the person is looking at it) support's lines become read.
pub async fn conversation(
    db: &Db,
    user_id: &UserId,
    open: bool,
) -> Result<Conversation, sqlx::Error> {
    if open {
        chat_messages::mark_read(db, user_id).await?;
    }
    Ok(Conversation {
        lines: chat_messages::conversation(db, user_id, SHOWN).await?,
        unread: chat_messages::unread(db, user_id).await?,
    })
}

/// A line from the person (already checked), kept once per app id.
pub async fn send(
    db: &Db,
    user_id: &UserId,
    profile_id: &str,
    client_id: &str,
    text: &str,
) -> Result<ChatLine, sqlx::Error> {
    chat_messages::add(
        db,
        &NewLine {
            user_id,
            profile_id: Some(profile_id),
            author: ChatAuthor::Customer,
            body: text,
            client_id: Some(client_id),
            staff: None,
        },
    )
    .await
}

/// Support answers the person with this email; none when there is no such person.
pub async fn reply(
    db: &Db,
    email: &Email,
    text: &str,
    staff: &str,
) -> Result<Option<ChatLine>, sqlx::Error> {
    let Some(user) = store::users::by_email(db, email).await? else {
        return Ok(None);
    };
    Ok(Some(reply_to(db, &user.id, text, staff).await?))
}

/// Support answers the person `user_id` (the back office's inbox, `bank support reply`).
pub async fn reply_to(
    db: &Db,
    user_id: &crate::domain::ids::UserId,
    text: &str,
    staff: &str,
) -> Result<ChatLine, sqlx::Error> {
    chat_messages::add(
        db,
        &NewLine {
            user_id,
            profile_id: None,
            author: ChatAuthor::Support,
            body: text,
            client_id: None,
            staff: Some(staff),
        },
    )
    .await
}
