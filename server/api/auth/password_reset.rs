//! Forgotten passwords (SPEC §7, §8): a single-use link that lives an hour, and the reset
//! that ends every session of the user.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

use super::ClientIp;
use crate::api::common_answers::{Done, Success};
use crate::api::error::{ApiJson, ApiQuery, AppError};
use crate::api::{session_cookies, ApiState};
use crate::domain::auth::email::Email;
use crate::domain::auth::password;
use crate::rate_limit::Limit;
use crate::services::auth::password_reset;

pub const EXPIRED: &str = "Password reset link has expired";
/// The same answer whether or not the address has an account, so nobody can probe for one.
const SENT: &str =
    "If an account exists for this email, we have sent a link to reset the password.";

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct ForgotInput {
    #[serde(default)]
    pub email: String,
}

/// Sends a reset link (SPEC §7); the same answer for unknown addresses.
#[utoipa::path(post, path = "/v1/auth/forgot-password", tag = "auth", request_body = ForgotInput,
    responses((status = 200, body = Success)))]
pub(super) async fn forgot(
    State(state): State<ApiState>,
    ip: ClientIp,
    ApiJson(input): ApiJson<ForgotInput>,
) -> Result<Json<Success>, AppError> {
    state.limiter.check(Limit::ForgotPerIp, &ip).await?;
    let email = Email::parse(&input.email).map_err(|message| AppError::field("email", message))?;
    state.limiter.check(Limit::ForgotPerAccount, &email).await?;
    // Whether the address has an account, and the link and email that follow, are the worker's
    // business: the answer comes as fast either way, so its timing tells nothing. The request
    // waits in the database, for whichever process of the fleet is free.
    password_reset::ask(&state.db, &email, &ip.to_string()).await?;
    state.reset_wake.notify_one();
    Ok(Json(Success {
        success: true,
        message: Some(SENT.into()),
    }))
}

/// Carries out reset requests in the order they came (`store/reset_requests.rs`): a link for an
/// address with an account (newer links void older ones), nothing for one without. Woken by a
/// new request, and every second for those another process left behind; stops between two
/// requests when the process shuts down.
pub async fn reset_worker(state: ApiState, mut stopping: tokio::sync::watch::Receiver<bool>) {
    loop {
        loop {
            match password_reset::carry_out_next(&state.db, &state.config, &state.notify).await {
                Ok(true) => {}
                Ok(false) => break,
                Err(error) => {
                    tracing::warn!(%error, "reading the reset queue failed");
                    break;
                }
            }
            if *stopping.borrow() {
                return;
            }
        }
        tokio::select! {
            () = state.reset_wake.notified() => {}
            () = tokio::time::sleep(std::time::Duration::from_secs(1)) => {}
            _ = stopping.wait_for(|stop| *stop) => return,
        }
    }
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TokenQuery {
    /// The token of the link in the email.
    #[serde(default)]
    pub token: String,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct ResetInput {
    #[serde(default)]
    pub password: String,
}

/// Sets a new password with a reset link's token (SPEC §7); every session ends.
#[utoipa::path(post, path = "/v1/auth/reset-password", tag = "auth", params(TokenQuery),
    request_body = ResetInput, responses((status = 200, body = Done)))]
pub(super) async fn reset(
    State(state): State<ApiState>,
    ip: ClientIp,
    ApiQuery(query): ApiQuery<TokenQuery>,
    ApiJson(input): ApiJson<ResetInput>,
) -> Result<Response, AppError> {
    state.limiter.check(Limit::ResetPerIp, &ip).await?;
    password::check(&input.password)
        .and_then(|()| password::check_not_common(&input.password))
        .map_err(|message| AppError::field("password", message))?;
    let expired = || {
        AppError::refused(
            StatusCode::FORBIDDEN,
            "reset_link_expired",
            "Link expired",
            EXPIRED,
        )
    };
    if !password_reset::link_is_live(&state.db, &query.token).await? {
        return Err(expired());
    }
    let typed = input.password.clone();
    let hash = state.cpu.run(move || password::hash(&typed)).await?;
    let ip = ip.to_string();
    let done = password_reset::reset(
        &state.db,
        &state.config,
        &state.notify,
        &ip,
        &query.token,
        &hash,
    )
    .await?;
    if !done {
        return Err(expired());
    }
    let mut response = Json(Done {
        message: "Password successfully changed".into(),
    })
    .into_response();
    session_cookies::clear(response.headers_mut(), state.config.secure_cookies());
    Ok(response)
}
