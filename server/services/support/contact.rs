//! A contact-form message: kept for the support team, and acknowledged to the address given,
//! so the customer knows it arrived and what they asked.

use crate::config::Company;
use crate::domain::ids::{ProfileId, UserId};
use crate::domain::messages::{Channel, Message};
use crate::domain::support::contact::ContactMessage;
use crate::providers::notify::Notifications;
use crate::store::support_messages::{self, NewMessage};
use crate::store::Db;

pub struct Sender<'a> {
    pub user_id: Option<&'a UserId>,
    pub profile_id: Option<&'a ProfileId>,
    pub source: &'a str,
}

pub async fn send(
    db: &Db,
    notify: &Notifications,
    company: &Company,
    sender: &Sender<'_>,
    message: &ContactMessage,
) -> Result<String, sqlx::Error> {
    let id = support_messages::insert(
        db,
        &NewMessage {
            user_id: sender.user_id,
            profile_id: sender.profile_id,
            source: sender.source,
            name: &message.name,
            email: message.email.as_str(),
            phone: message.phone.as_deref(),
            company: None,
            subject: &message.subject,
            request: &message.request,
            at: db.now_ms(),
        },
    )
    .await?;
    let acknowledgement = Message {
        channel: Channel::Email,
        to: message.email.as_str().to_string(),
        subject: format!("We have your message: {}", message.subject),
        body: format!(
            "Dear {},\n\nThank you for writing to {}. We have your message and will answer within \
             one working day. If it is urgent, call us on {}.\n\nYou wrote:\n{}\n",
            message.name, company.trading_name, company.support_phone, message.request
        ),
        attachments: Vec::new(),
    };
    acknowledge(notify, acknowledgement).await;
    Ok(id)
}

/// The message is kept whether or not the acknowledgement goes.
pub(super) async fn acknowledge(notify: &Notifications, acknowledgement: Message) {
    if let Err(error) = notify.send(acknowledgement).await {
        tracing::warn!(%error, "a message to support was not acknowledged by email");
    }
}
