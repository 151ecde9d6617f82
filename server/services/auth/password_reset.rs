//! Forgotten passwords (SPEC §7, §8): a request is queued and answered at once the same way
//! whether or not the address has an account; a worker carries it out (a single-use link that
//! lives an hour); the reset sets the new password and ends every session.

use crate::config::Config;
use crate::domain::audit::AuditEvent;
use crate::domain::auth::email::Email;
use crate::domain::messages::{Channel, Message};
use crate::providers::notify::Notifications;
use crate::store::{self, Db};

/// Queues a request for whichever process of the fleet is free.
pub async fn ask(db: &Db, email: &Email, ip: &str) -> Result<(), sqlx::Error> {
    store::reset_requests::push(db, email.as_str(), ip, db.now_ms()).await
}

/// Carries out the oldest waiting request, if any: a link for an address with an account
/// (newer links void older ones), nothing for one without. False when none was waiting. A
/// request whose email could not go out stays leased and is tried again when the lease ends.
pub async fn carry_out_next(
    db: &Db,
    config: &Config,
    notify: &Notifications,
) -> Result<bool, sqlx::Error> {
    let Some(request) = store::reset_requests::lease(db, db.now_ms()).await? else {
        return Ok(false);
    };
    match send_link(db, config, notify, &request.email, &request.ip).await {
        Ok(()) => {
            if let Err(error) = store::reset_requests::done(db, &request.id).await {
                tracing::error!(%error, "a sent reset request could not be cleared");
            }
        }
        Err(error) => {
            tracing::error!(error = %format!("{error:#}"), "sending a reset link failed")
        }
    }
    Ok(true)
}

async fn send_link(
    db: &Db,
    config: &Config,
    notify: &Notifications,
    email: &str,
    ip: &str,
) -> anyhow::Result<()> {
    let email = Email::parse(email).map_err(|e| anyhow::anyhow!("{e}"))?;
    let Some(user) = store::users::by_email(db, &email).await? else {
        return Ok(());
    };
    let token = store::password_resets::create(db, &user.id, db.now_ms()).await?;
    let link = format!("{}/reset-password?token={token}", config.base_url);
    let trading = &config.company.trading_name;
    notify
        .send(Message {
            channel: Channel::Email,
            to: email.as_str().to_string(),
            subject: format!("Reset your {trading} password"),
            body: format!(
                "Someone asked to reset the password of your {trading} account.\n\n\
                 To choose a new password, open this link within one hour:\n{link}\n\n\
                 The link works once. If you did not ask for it, ignore this email: your password stays as it is."
            ),
            attachments: Vec::new(),
        })
        .await?;
    super::audit(
        db,
        Some(&user.id),
        AuditEvent::PasswordResetRequested,
        ip,
        "",
    )
    .await;
    Ok(())
}

/// Whether a link's token can still set a password.
pub async fn link_is_live(db: &Db, token: &str) -> Result<bool, sqlx::Error> {
    Ok(!token.is_empty() && store::password_resets::is_live(db, token, db.now_ms()).await?)
}

/// Sets the new password (hashed by the caller) with a live link's token, once; ends every
/// session of the person and tells them. False when the link is used up or expired.
pub async fn reset(
    db: &Db,
    config: &Config,
    notify: &Notifications,
    ip: &str,
    token: &str,
    password_hash: &str,
) -> Result<bool, sqlx::Error> {
    let Some(user_id) =
        store::password_resets::redeem(db, token, password_hash, db.now_ms()).await?
    else {
        return Ok(false);
    };
    let ended = super::sessions::end_all(db, &user_id).await?;
    let detail = format!("reset link; {ended} sessions ended");
    super::audit(db, Some(&user_id), AuditEvent::PasswordChanged, ip, &detail).await;
    if let Some(user) = store::users::by_id(db, &user_id).await? {
        let trading = &config.company.trading_name;
        let sent = notify
            .send(Message {
                channel: Channel::Email,
                to: user.email,
                subject: format!("Your {trading} password was changed"),
                body: format!(
                    "The password of your {trading} account was just changed and every device was logged out.\n\n\
                     If this was not you, call us at once on {}.",
                    config.company.support_phone
                ),
                attachments: Vec::new(),
            })
            .await;
        if let Err(error) = sent {
            tracing::error!(%error, "password change notice not sent");
        }
    }
    Ok(true)
}
