//! The Auth calls of SPEC §7: log-in with a second factor and sessions, sign-up e-mail
//! verification, password reset, and passkeys (the face method).

mod card_approval;
mod email_verification;
mod login;
mod passkeys;
mod password_reset;
pub mod step_up;
pub mod transfer_approval;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use login::{code_step, password_step, with_session, LoginStep, MfaStep};
pub use password_reset::reset_worker;

pub use super::client_ip::ClientIp;
use super::ApiState;
use crate::store;

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(login::login))
        .routes(routes!(login::mfa_login))
        .routes(routes!(login::mfa_status))
        .routes(routes!(login::mfa_resend))
        .routes(routes!(passkeys::challenge))
        .routes(routes!(login::logout))
        .routes(routes!(email_verification::send))
        .routes(routes!(email_verification::verify))
        .routes(routes!(password_reset::forgot))
        .routes(routes!(password_reset::reset))
        .routes(routes!(passkeys::list, passkeys::remove))
        .routes(routes!(passkeys::start_enrolment))
        .routes(routes!(passkeys::finish_enrolment))
        .routes(routes!(step_up::generate))
        .routes(routes!(step_up::verify))
}

/// Records a security event; a failure to record is logged, never shown to the customer.
async fn audit(
    state: &ApiState,
    user: Option<&str>,
    event: crate::domain::audit::AuditEvent,
    ip: &ClientIp,
    detail: &str,
) {
    if let Err(error) = store::audit::record(&state.db, user, event, &ip.to_string(), detail).await
    {
        tracing::error!(%error, event = event.as_str(), "audit record failed");
    }
}
