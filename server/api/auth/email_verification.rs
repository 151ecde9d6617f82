//! Sign-up e-mail verification (SPEC §7 send-verification-email-v2 and verify-email-v2): a
//! six-digit code by e-mail; a right code earns an HttpOnly registration cookie that lets the
//! person choose a password and create the account (api/signup.rs).

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

use super::ClientIp;
use crate::api::common_answers::Success;
use crate::api::error::{ApiJson, AppError};
use crate::api::{session_cookies, ApiState};
use crate::domain::auth::email::Email;
use crate::domain::auth::mfa::{Check, Status};
use crate::rate_limit::Limit;
use crate::services::auth::email_verification::{self, SendError, Verified};

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct SendInput {
    #[serde(default)]
    pub email: String,
}

/// Sends a sign-up code by email (SPEC §7).
#[utoipa::path(post, path = "/v1/auth/send-verification-email-v2", tag = "auth",
    request_body = SendInput, responses((status = 200, body = Success)))]
pub(super) async fn send(
    State(state): State<ApiState>,
    ip: ClientIp,
    ApiJson(input): ApiJson<SendInput>,
) -> Result<Json<Success>, AppError> {
    state.limiter.check(Limit::SignupEmailsPerIp, &ip).await?;
    let email = Email::parse(&input.email).map_err(|message| AppError::field("email", message))?;
    state
        .limiter
        .check(Limit::SignupEmailsPerAddress, &email)
        .await?;
    email_verification::send_code(&state.db, &state.config, &state.notify, &email)
        .await
        .map_err(|error| match error {
            SendError::Send(error) => AppError::from(error),
            SendError::Storage(error) => error.into(),
        })?;
    Ok(Json(Success {
        success: true,
        message: None,
    }))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct VerifyInput {
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub code: String,
}

fn refused(code: &'static str, message: &str) -> AppError {
    AppError::refused(
        StatusCode::BAD_REQUEST,
        code,
        "Verification failed",
        message,
    )
}

/// Checks the sign-up code; a right one sets the HttpOnly registration cookie.
#[utoipa::path(post, path = "/v1/auth/verify-email-v2", tag = "auth",
    request_body = VerifyInput, responses((status = 200, body = Success)))]
pub(super) async fn verify(
    State(state): State<ApiState>,
    ip: ClientIp,
    ApiJson(input): ApiJson<VerifyInput>,
) -> Result<Response, AppError> {
    state.limiter.check(Limit::SignupChecksPerIp, &ip).await?;
    let email = Email::parse(&input.email).map_err(|message| AppError::field("email", message))?;
    let code = input.code.trim();
    if code.len() != 6 || !code.chars().all(|c| c.is_ascii_digit()) {
        return Err(AppError::field("code", "Enter the 6-digit code"));
    }
    match email_verification::check_code(&state.db, &email, code).await? {
        Verified::Token(token) => {
            let mut response = Json(Success {
                success: true,
                message: None,
            })
            .into_response();
            session_cookies::set_registration(
                response.headers_mut(),
                &token,
                email_verification::TOKEN_MS / 1000,
                state.config.secure_cookies(),
            );
            Ok(response)
        }
        Verified::Unknown => Err(refused("code_invalid", "The code is incorrect")),
        Verified::Rejected(Check::Wrong { failed: false, .. }) => {
            Err(refused("code_invalid", "The code is incorrect"))
        }
        Verified::Rejected(Check::Wrong { failed: true, .. })
        | Verified::Rejected(Check::Closed(Status::Failed)) => Err(refused(
            "code_failed",
            "Too many incorrect codes. Please request a new code.",
        )),
        Verified::Rejected(Check::Closed(Status::Expired)) => Err(refused(
            "code_expired",
            "The code has expired. Please request a new one.",
        )),
        Verified::Rejected(_) => Err(refused(
            "code_used",
            "This code has been used already. Please request a new one.",
        )),
    }
}
