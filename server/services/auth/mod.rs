//! Authentication's use cases (SPEC §3, §4, §7 Auth calls): logging in with a second factor,
//! sessions, approvals (a log-in's, a security change's, a transfer's or a card's), passkeys,
//! password reset and the sign-up email's verification. The API parses, checks rate limits
//! and sets cookies; the steps and what they store are here.

pub mod approvals;
pub mod email_verification;
pub mod login;
pub mod passkeys;
pub mod password_reset;
pub mod sessions;
pub mod step_up;
pub mod texts;

use crate::domain::audit::AuditEvent;
use crate::domain::auth::email::Email;
use crate::domain::ids::UserId;
use crate::store::{self, Db};

pub use crate::store::mfa::{ApprovalProblem, MfaRequest};
pub use crate::store::sessions::{RefreshError, SessionUser, Tokens};
pub use crate::store::users::UserRow;

/// Records a security event; a failure to record is logged, never shown to the customer.
pub async fn audit(db: &Db, user: Option<&UserId>, event: AuditEvent, ip: &str, detail: &str) {
    if let Err(error) = store::audit::record(db, user, event, ip, detail).await {
        tracing::error!(%error, event = event.as_str(), "audit record failed");
    }
}

pub async fn user(db: &Db, id: &UserId) -> Result<Option<UserRow>, sqlx::Error> {
    store::users::by_id(db, id).await
}

pub async fn user_by_email(db: &Db, email: &Email) -> Result<Option<UserRow>, sqlx::Error> {
    store::users::by_email(db, email).await
}

/// Whether the email belongs to a customer already.
pub async fn email_taken(db: &Db, email: &Email) -> Result<bool, sqlx::Error> {
    Ok(store::users::by_email(db, email).await?.is_some())
}
