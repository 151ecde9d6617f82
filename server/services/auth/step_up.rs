//! Step-up before a security change (ASVS 6.4 / 7.5): adding or removing a passkey needs an
//! approval with the person's current factor at most `BANK_STEP_UP_S` old in this session.
//! The person is told by email and SMS after every such change.

use crate::config::Config;
use crate::domain::ids::UserId;
use crate::domain::messages::{Channel, Message};
use crate::providers::notify::Notifications;
use crate::store::{self, Db};

/// Whether this session may make a security change now. A person still signing up, with
/// neither a phone nor a passkey yet, has no factor but the password they logged in with, and
/// may add their first passkey.
pub async fn allowed(
    db: &Db,
    config: &Config,
    user_id: &UserId,
    session_id: &str,
) -> Result<bool, sqlx::Error> {
    let has_factor = store::users::phone(db, user_id).await?.is_some()
        || !store::passkeys::for_user(db, user_id).await?.is_empty();
    if !has_factor {
        return Ok(true);
    }
    Ok(store::sessions::approved_at(db, session_id)
        .await?
        .is_some_and(|at| db.now_ms() - at < crate::domain::clock::ms(config.step_up)))
}

/// The session approved with the person's factor: security changes are open for a while.
pub async fn approved(db: &Db, session_id: &str) -> Result<(), sqlx::Error> {
    store::sessions::approve(db, session_id, db.now_ms()).await
}

/// Tells the person, by email and SMS, that how they log in has changed. The change is made;
/// a notice that cannot go out is logged, not undone.
pub async fn tell(
    db: &Db,
    config: &Config,
    notify: &Notifications,
    user_id: &UserId,
    what: &str,
) -> Result<(), sqlx::Error> {
    let Some(user) = store::users::by_id(db, user_id).await? else {
        return Ok(());
    };
    let company = &config.company;
    let text = format!(
        "{what} on your {} account. If this was not you, call us at once on {}.",
        company.trading_name, company.support_phone
    );
    let mut messages = vec![Message {
        channel: Channel::Email,
        to: user.email.clone(),
        subject: format!("{what} on your account"),
        body: text.clone(),
        attachments: Vec::new(),
    }];
    if let Some((code, number)) = store::users::phone(db, user_id).await? {
        messages.push(Message {
            channel: Channel::Sms,
            to: format!("{code}{number}"),
            subject: "Security change".into(),
            body: text,
            attachments: Vec::new(),
        });
    }
    for message in messages {
        if let Err(error) = notify.send(message).await {
            tracing::error!(%error, "security change notice not sent");
        }
    }
    Ok(())
}
