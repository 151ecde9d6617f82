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
use crate::domain::auth::secrets;
use crate::domain::messages::{Channel, Message};
use crate::rate_limit::Limit;
use crate::store;
use crate::store::email_verifications::{self, Verified};

#[derive(serde::Deserialize, utoipa::ToSchema)]
pub struct SendInput {
    #[serde(default)]
    email: String,
}

/// Sends a sign-up code by email (SPEC §7).
#[utoipa::path(post, path = "/v1/auth/send-verification-email-v2", tag = "auth",
    request_body = SendInput, responses((status = 200, body = Success)))]
pub(super) async fn send(
    State(state): State<ApiState>,
    ip: ClientIp,
    ApiJson(input): ApiJson<SendInput>,
) -> Result<Json<Success>, AppError> {
    let now = state.db.now_ms();
    state.limiter.check(Limit::SignupEmailsPerIp, &ip).await?;
    let email = Email::parse(&input.email).map_err(|message| AppError::field("email", message))?;
    state
        .limiter
        .check(Limit::SignupEmailsPerAddress, &email)
        .await?;
    let trading = &state.config.company.trading_name;
    // The answer is the same for a registered address; the mail tells its owner instead, so
    // the form cannot be used to find out who banks here.
    let message = if store::users::by_email(&state.db, &email).await?.is_some() {
        Message {
            channel: Channel::Email,
            to: email.as_str().into(),
            subject: format!("You already have a {trading} account"),
            body: format!(
                "Someone tried to sign up to {trading} with this email, which already has an account.\n\n\
                 Log in at {base}/login, or choose a new password at {base}/forgot.",
                base = state.config.base_url
            ),
        }
    } else {
        let code = secrets::new_code();
        email_verifications::create(&state.db, email.as_str(), &code, now).await?;
        Message {
            channel: Channel::Email,
            to: email.as_str().into(),
            subject: format!("{code} is your {trading} verification code"),
            body: format!(
                "{code} is your code to confirm this email address for your new {trading} account. \
                 It expires in 10 minutes.\n\nIf you did not sign up, ignore this email."
            ),
        }
    };
    state.notify.send(message).await?;
    Ok(Json(Success {
        success: true,
        message: None,
    }))
}

#[derive(serde::Deserialize, utoipa::ToSchema)]
pub struct VerifyInput {
    #[serde(default)]
    email: String,
    #[serde(default)]
    code: String,
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
    let now = state.db.now_ms();
    state.limiter.check(Limit::SignupChecksPerIp, &ip).await?;
    let email = Email::parse(&input.email).map_err(|message| AppError::field("email", message))?;
    let code = input.code.trim();
    if code.len() != 6 || !code.chars().all(|c| c.is_ascii_digit()) {
        return Err(AppError::field("code", "Enter the 6-digit code"));
    }
    match email_verifications::verify(&state.db, email.as_str(), code, now).await? {
        Verified::Token(token) => {
            let mut response = Json(Success {
                success: true,
                message: None,
            })
            .into_response();
            session_cookies::set_registration(
                response.headers_mut(),
                &token,
                email_verifications::TOKEN_MS / 1000,
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
