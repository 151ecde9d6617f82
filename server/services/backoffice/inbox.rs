//! Support's inbox (issue 32 point 5): contact-form messages, call-back requests and chat
//! conversations in one place; a member takes one, answers it (a message by email, a chat in
//! the app) and closes it. Each step is logged.

use serde_json::json;

use super::Actor;
use crate::domain::backoffice::audit::StaffAction;
use crate::domain::ids::UserId;
use crate::domain::messages::{Channel, Message};
use crate::providers::notify::Notifications;
use crate::store::{self, Db};

pub use crate::store::support_inbox::{ChatRow, MessageRow};

const INBOX_SIZE: i64 = 200;
const SUPPORT_INBOX: &str = "support inbox";

#[derive(Debug, thiserror::Error)]
pub enum InboxError {
    #[error("no such message or conversation")]
    Unknown,
    #[error("the message is closed")]
    Closed,
    #[error("{0}")]
    Text(&'static str),
    /// The email could not be sent; the message stays as it was.
    #[error("the answer could not be sent: {0}")]
    NotSent(String),
    #[error(transparent)]
    Sql(#[from] sqlx::Error),
}

pub struct Inbox {
    pub messages: Vec<MessageRow>,
    pub chats: Vec<ChatRow>,
}

pub async fn inbox(db: &Db, actor: &Actor<'_>) -> Result<Inbox, sqlx::Error> {
    let inbox = Inbox {
        messages: store::support_inbox::messages(db, INBOX_SIZE).await?,
        chats: store::support_inbox::chats(db, INBOX_SIZE).await?,
    };
    super::audit(
        db,
        actor,
        StaffAction::QueueViewed,
        None,
        SUPPORT_INBOX,
        "inbox",
    )
    .await?;
    Ok(inbox)
}

/// What an inbox item is: a message by its id, or a person's chat.
pub enum Item {
    Message(String),
    Chat(UserId),
}

impl Item {
    fn subject(&self) -> String {
        match self {
            Self::Message(id) => format!("message:{id}"),
            Self::Chat(user_id) => user_id.to_string(),
        }
    }
}

/// The member takes the item: it is theirs to answer.
pub async fn take(db: &Db, actor: &Actor<'_>, item: &Item) -> Result<(), InboxError> {
    match item {
        Item::Message(id) => {
            if !store::support_inbox::assign_message(db, id, &actor.member.id).await? {
                return Err(InboxError::Unknown);
            }
        }
        Item::Chat(user_id) => {
            store::users::by_id(db, user_id)
                .await?
                .ok_or(InboxError::Unknown)?;
            store::support_inbox::assign_chat(db, user_id, &actor.member.id).await?;
        }
    }
    let subject = item.subject();
    super::audit(
        db,
        actor,
        StaffAction::InboxTaken,
        Some(&subject),
        SUPPORT_INBOX,
        "",
    )
    .await?;
    Ok(())
}

/// Answers the item: a message by email to the address it came from, a chat in the app.
pub async fn answer(
    db: &Db,
    notify: &Notifications,
    trading_name: &str,
    actor: &Actor<'_>,
    item: &Item,
    text: &str,
) -> Result<(), InboxError> {
    let text = crate::domain::support::chat::check_text(text).map_err(InboxError::Text)?;
    match item {
        Item::Message(id) => {
            let (email, subject, status) = store::support_inbox::message(db, id)
                .await?
                .ok_or(InboxError::Unknown)?;
            if status == "closed" {
                return Err(InboxError::Closed);
            }
            notify
                .send(Message {
                    channel: Channel::Email,
                    to: email,
                    subject: format!("Re: {subject} ({trading_name} support)"),
                    body: text.clone(),
                    attachments: Vec::new(),
                })
                .await
                .map_err(|error| InboxError::NotSent(error.to_string()))?;
            let now = db.now_ms();
            if !store::support_inbox::move_message(db, id, "answered", &actor.member.id, now)
                .await?
            {
                return Err(InboxError::Closed);
            }
        }
        Item::Chat(user_id) => {
            store::users::by_id(db, user_id)
                .await?
                .ok_or(InboxError::Unknown)?;
            crate::services::support::chat::reply_to(db, user_id, &text, &actor.member.email)
                .await?;
            store::support_inbox::assign_chat(db, user_id, &actor.member.id).await?;
        }
    }
    let subject = item.subject();
    let detail = json!({ "text": text }).to_string();
    super::audit(
        db,
        actor,
        StaffAction::InboxAnswered,
        Some(&subject),
        SUPPORT_INBOX,
        &detail,
    )
    .await?;
    Ok(())
}

/// Closes the item (a chat until the customer writes again).
pub async fn close(db: &Db, actor: &Actor<'_>, item: &Item) -> Result<(), InboxError> {
    let now = db.now_ms();
    match item {
        Item::Message(id) => {
            if !store::support_inbox::move_message(db, id, "closed", &actor.member.id, now).await? {
                return Err(InboxError::Unknown);
            }
        }
        Item::Chat(user_id) => {
            store::users::by_id(db, user_id)
                .await?
                .ok_or(InboxError::Unknown)?;
            store::support_inbox::close_chat(db, user_id, now).await?;
        }
    }
    let subject = item.subject();
    super::audit(
        db,
        actor,
        StaffAction::InboxClosed,
        Some(&subject),
        SUPPORT_INBOX,
        "",
    )
    .await?;
    Ok(())
}
