//! The Auth calls of SPEC §7: log-in with a second factor and sessions, sign-up e-mail
//! verification, password reset, and passkeys (the face method).

mod email_verification;
mod login;
mod passkeys;
mod password_reset;

use axum::routing::{delete, get, post};
use axum::Router;

pub use login::{code_step, password_step, with_session, LoginStep};

pub use super::client_ip::ClientIp;
use super::ApiState;
use crate::store;

pub fn routes() -> Router<ApiState> {
    Router::new()
        .route("/v2/auth/login", post(login::login))
        .route("/v2/auth/mfa/login", post(login::mfa_login))
        .route("/v2/auth/mfa/statuses/take", post(login::mfa_status))
        .route("/v2/auth/mfa/resend", post(login::mfa_resend))
        .route("/v2/auth/mfa/challenges/take", post(passkeys::challenge))
        .route("/v2/auth/logout", post(login::logout))
        .route(
            "/v1/auth/send-verification-email-v2",
            post(email_verification::send),
        )
        .route("/v1/auth/verify-email-v2", post(email_verification::verify))
        .route("/v1/auth/forgot-password", post(password_reset::forgot))
        .route("/v1/auth/reset-password", post(password_reset::reset))
        .route("/v2/users/passkeys", get(passkeys::list))
        .route("/v2/users/passkeys", delete(passkeys::remove))
        .route(
            "/v2/users/passkeys/registrations",
            post(passkeys::start_enrolment),
        )
        .route(
            "/v2/users/passkeys/registrations/finish",
            post(passkeys::finish_enrolment),
        )
}

/// Records a security event; a failure to record is logged, never shown to the customer.
async fn audit(state: &ApiState, user: Option<&str>, event: &str, ip: &ClientIp, detail: &str) {
    if let Err(error) = store::audit::record(&state.db, user, event, &ip.to_string(), detail).await
    {
        tracing::error!(%error, event, "audit record failed");
    }
}
