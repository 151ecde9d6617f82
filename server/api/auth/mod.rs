//! The Auth calls of SPEC §7: log-in with a second factor and sessions, sign-up e-mail
//! verification, password reset, and passkeys (the face method).

mod card_approval;
mod email_verification;
mod login;
mod passkeys;
mod password_reset;
mod sms_delivery;
pub mod step_up;
pub mod transfer_approval;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use email_verification::{SendInput, VerifyInput};
pub use login::{
    code_step, password_step, with_session, LoginInput, LoginReply, LoginStep, MfaInput,
    MfaStatusReply, MfaStep, RequestRef, ResendInput, ResendReply,
};
pub use passkeys::{EnrolmentAnswer, PasskeyList, PasskeyRef, WebAuthnOptions};
pub use password_reset::{reset_worker, ForgotInput, ResetInput};

use axum::http::StatusCode;

pub use super::client_ip::ClientIp;
use super::error::AppError;
use super::ApiState;
use crate::domain::auth::mfa::Status;
use crate::domain::ids::UserId;
use crate::services::auth::approvals;
use crate::services::auth::passkeys as passkey_service;

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
        .routes(routes!(sms_delivery::delivery_report))
}

/// Records a security event; a failure to record is logged, never shown to the customer.
async fn audit(
    state: &ApiState,
    user: Option<&UserId>,
    event: crate::domain::audit::AuditEvent,
    ip: &ClientIp,
    detail: &str,
) {
    crate::services::auth::audit(&state.db, user, event, &ip.to_string(), detail).await;
}

/// What starting an approval needs of the API's state.
pub fn approver(state: &ApiState) -> approvals::Approver<'_> {
    approvals::Approver {
        db: &state.db,
        config: &state.config,
        notify: &state.notify,
        webauthn: &state.webauthn,
    }
}

fn passkey_broken(error: passkey_service::PasskeyError) -> AppError {
    match error {
        passkey_service::PasskeyError::Broken(problem) => {
            AppError::Internal(anyhow::anyhow!("passkey: {problem}"))
        }
        passkey_service::PasskeyError::Storage(error) => error.into(),
    }
}

fn no_second_factor() -> AppError {
    AppError::refused(
        StatusCode::CONFLICT,
        "no_second_factor",
        "Nothing to confirm with",
        "You have no phone or passkey to confirm with yet.",
    )
}

impl From<approvals::StartError> for AppError {
    fn from(error: approvals::StartError) -> Self {
        use approvals::StartError;
        match error {
            // SPEC §4: a face request that cannot be made answers request_data_invalid, and
            // the app falls back to SMS.
            StartError::NoPasskey => AppError::refused(
                StatusCode::UNPROCESSABLE_ENTITY,
                "request_data_invalid",
                "Face approval unavailable",
                "You have no passkey to approve with. We will text you a code instead.",
            ),
            StartError::NoSecondFactor => no_second_factor(),
            StartError::Passkey(error) => passkey_broken(error),
            StartError::Send(error) => error.into(),
            StartError::Storage(error) => error.into(),
        }
    }
}

/// An approval that is no longer pending.
fn closed(status: Status) -> AppError {
    if status == Status::Expired {
        AppError::unauthorized("mfa_expired", "Request time is up", "Request time is up")
    } else {
        AppError::unauthorized(
            "mfa_closed",
            "Approval no longer valid",
            "This approval can no longer be used. Please log in again.",
        )
    }
}

impl From<passkey_service::AnswerError> for AppError {
    fn from(error: passkey_service::AnswerError) -> Self {
        use passkey_service::AnswerError;
        match error {
            AnswerError::Unknown => AppError::NotFound,
            AnswerError::Closed(status) => closed(status),
            AnswerError::Refused => AppError::unauthorized(
                "passkey_failed",
                "Face approval failed",
                "We could not confirm it's you. Try again or use SMS instead.",
            ),
            AnswerError::Passkey(error) => passkey_broken(error),
        }
    }
}
