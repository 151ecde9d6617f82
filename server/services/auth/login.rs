//! Logging in: after the password, the policies an invited colleague must accept (SPEC §6),
//! then the second factor (`approvals`), then a session.

use crate::domain::audit::AuditEvent;
use crate::domain::policies;
use crate::store::users::UserRow;
use crate::store::{self, Db};

#[derive(Debug, thiserror::Error)]
pub enum PoliciesError {
    /// The current policies wait for the person's acceptance.
    #[error("the policies are not accepted")]
    NotAccepted,
    #[error(transparent)]
    Storage(#[from] sqlx::Error),
}

/// SPEC §6: an invited colleague logs in only with the current policies accepted; `accept`
/// (ticked on the log-in form) records the acceptance. Only a person who proved the password
/// comes here, so only they learn that the policies wait for them.
pub async fn policies(
    db: &Db,
    ip: &str,
    user: &UserRow,
    accept: bool,
) -> Result<(), PoliciesError> {
    let last = store::policy_acceptances::last_version(db, &user.id).await?;
    if !policies::must_accept(user.onboarding_flow, last.as_deref()) {
        return Ok(());
    }
    if !accept {
        let event = AuditEvent::LoginRefused;
        super::audit(db, Some(&user.id), event, ip, "policies not accepted").await;
        return Err(PoliciesError::NotAccepted);
    }
    store::policy_acceptances::record(db, &user.id, policies::VERSION, db.now_ms()).await?;
    let detail = format!("version {}", policies::VERSION);
    super::audit(
        db,
        Some(&user.id),
        AuditEvent::PoliciesAccepted,
        ip,
        &detail,
    )
    .await;
    Ok(())
}
