//! The sign-up email's verification (SPEC §7): a code by email, and its check, which gives
//! the registration token. A registered address gets a notice instead of a code, with the same
//! answer to the form, so the form cannot tell who banks here.

use crate::config::Config;
use crate::domain::auth::email::Email;
use crate::domain::auth::secrets;
use crate::domain::messages::{Channel, Message};
use crate::providers::notify::{Notifications, NotifyError};
use crate::store::{self, Db};

pub use crate::store::email_verifications::{Verified, TOKEN_MS};

#[derive(Debug, thiserror::Error)]
pub enum SendError {
    #[error(transparent)]
    Send(#[from] NotifyError),
    #[error(transparent)]
    Storage(#[from] sqlx::Error),
}

pub async fn send_code(
    db: &Db,
    config: &Config,
    notify: &Notifications,
    email: &Email,
) -> Result<(), SendError> {
    let trading = &config.company.trading_name;
    let message = if store::users::by_email(db, email).await?.is_some() {
        Message {
            channel: Channel::Email,
            to: email.as_str().into(),
            subject: format!("You already have a {trading} account"),
            body: format!(
                "Someone tried to sign up to {trading} with this email, which already has an account.\n\n\
                 Log in at {base}/login, or choose a new password at {base}/forgot.",
                base = config.base_url
            ),
            attachments: Vec::new(),
        }
    } else {
        let code = secrets::new_code();
        store::email_verifications::create(db, email.as_str(), &code, db.now_ms()).await?;
        Message {
            channel: Channel::Email,
            to: email.as_str().into(),
            subject: format!("{code} is your {trading} verification code"),
            body: format!(
                "{code} is your code to confirm this email address for your new {trading} account. \
                 It expires in 10 minutes.\n\nIf you did not sign up, ignore this email."
            ),
            attachments: Vec::new(),
        }
    };
    notify.send(message).await?;
    Ok(())
}

pub async fn check_code(db: &Db, email: &Email, code: &str) -> Result<Verified, sqlx::Error> {
    store::email_verifications::verify(db, email.as_str(), code, db.now_ms()).await
}
