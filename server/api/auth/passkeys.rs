//! The face method (`challenge_proxied`, SPEC §3/§4) as a WebAuthn passkey with user
//! verification (DESIGN.md §4): enrolment after logging in, and the log-in ceremony
//! (`services/auth/passkeys.rs`).

use axum::extract::State;
use axum::Json;
use serde_json::Value;

use super::login::RequestRef;
use super::{audit, ClientIp};
use crate::api::current_user::CurrentUser;
use crate::api::error::{ApiJson, AppError};
use crate::api::ApiState;
use crate::domain::audit::AuditEvent;
use crate::domain::auth::mfa::{Method, Purpose};
use crate::domain::ids::UserId;
use crate::rate_limit::Limit;
use crate::services::auth::passkeys::{self, EnrolmentError, PasskeyRow};
use crate::services::auth::{sessions, Tokens};

/// WebAuthn options as the browser reads them (`{publicKey: ...}`, W3C WebAuthn JSON).
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebAuthnOptions {
    #[schema(value_type = Object)]
    pub public_key: Value,
}

impl WebAuthnOptions {
    fn of(options: &Value) -> Self {
        Self {
            public_key: options["publicKey"].clone(),
        }
    }
}

/// A user's passkeys and how they approve log-ins.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasskeyList {
    pub results: Vec<PasskeyRow>,
    pub mfa_method: Method,
}

/// The browser's `navigator.credentials.get` options for a pending face approval.
#[utoipa::path(post, path = "/v2/auth/mfa/challenges/take", tag = "auth",
    request_body = RequestRef, responses((status = 200, body = WebAuthnOptions)))]
pub(super) async fn challenge(
    State(state): State<ApiState>,
    ApiJson(input): ApiJson<RequestRef>,
) -> Result<Json<WebAuthnOptions>, AppError> {
    let options = passkeys::options(&state.db, &input.request_id).await?;
    Ok(Json(WebAuthnOptions::of(&options)))
}

/// Checks the passkey's answer to a pending face approval and opens a session.
pub(super) async fn login_step(
    state: &ApiState,
    ip: &ClientIp,
    request_id: &str,
    credential: Value,
) -> Result<Tokens, AppError> {
    let user = check_answer(state, ip, request_id, credential, Purpose::Authentication).await?;
    let tokens = sessions::open(&state.db, &user).await?;
    audit(
        state,
        Some(&user),
        AuditEvent::LoginSucceeded,
        ip,
        "passkey",
    )
    .await;
    Ok(tokens)
}

/// Checks the passkey's answer to a pending face approval of `purpose` and uses the request
/// up; answers whose approval it was.
pub(super) async fn check_answer(
    state: &ApiState,
    ip: &ClientIp,
    request_id: &str,
    credential: Value,
    purpose: Purpose,
) -> Result<UserId, AppError> {
    state.limiter.check(Limit::CodeChecksPerIp, ip).await?;
    Ok(passkeys::check_answer(
        &state.db,
        &state.webauthn,
        &ip.to_string(),
        request_id,
        credential,
        purpose,
    )
    .await?)
}

async fn listing(state: &ApiState, user_id: &UserId) -> Result<Json<PasskeyList>, AppError> {
    let (results, mfa_method) = passkeys::of_user(&state.db, user_id).await?;
    Ok(Json(PasskeyList {
        results,
        mfa_method,
    }))
}

/// The signed-in user's passkeys.
#[utoipa::path(get, path = "/v2/users/passkeys", tag = "auth",
    responses((status = 200, body = PasskeyList)))]
pub(super) async fn list(
    State(state): State<ApiState>,
    user: CurrentUser,
) -> Result<Json<PasskeyList>, AppError> {
    listing(&state, &user.user_id).await
}

/// Starts enrolling a passkey: the options for `navigator.credentials.create`.
#[utoipa::path(post, path = "/v2/users/passkeys/registrations", tag = "auth",
    responses((status = 200, body = WebAuthnOptions)))]
pub(super) async fn start_enrolment(
    State(state): State<ApiState>,
    user: CurrentUser,
) -> Result<Json<WebAuthnOptions>, AppError> {
    super::step_up::require(&state, &user).await?;
    let options = passkeys::start_enrolment(&state.db, &state.webauthn, &user.user_id)
        .await
        .map_err(super::passkey_broken)?;
    Ok(Json(WebAuthnOptions::of(&options)))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct EnrolmentAnswer {
    /// `PublicKeyCredential.toJSON()` of the new passkey.
    #[schema(value_type = Object)]
    pub credential: Value,
}

/// Finishes an enrolment with the browser's answer; from now on the user approves with it.
#[utoipa::path(post, path = "/v2/users/passkeys/registrations/finish", tag = "auth",
    request_body = EnrolmentAnswer, responses((status = 200, body = PasskeyList)))]
pub(super) async fn finish_enrolment(
    State(state): State<ApiState>,
    ip: ClientIp,
    user: CurrentUser,
    ApiJson(input): ApiJson<EnrolmentAnswer>,
) -> Result<Json<PasskeyList>, AppError> {
    super::step_up::require(&state, &user).await?;
    passkeys::finish_enrolment(
        &state.db,
        &state.webauthn,
        &ip.to_string(),
        &user.user_id,
        input.credential,
    )
    .await
    .map_err(|error| match error {
        EnrolmentError::TooLate => AppError::field(
            "credential",
            "The passkey set-up took too long. Please start again.",
        ),
        EnrolmentError::Refused(reason) => {
            tracing::info!(%reason, "passkey enrolment refused");
            AppError::field(
                "credential",
                "This passkey could not be set up. Please try again.",
            )
        }
        EnrolmentError::Passkey(error) => super::passkey_broken(error),
    })?;
    super::step_up::tell(&state, &user.user_id, "A passkey was added").await?;
    listing(&state, &user.user_id).await
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct PasskeyRef {
    pub id: String,
}

/// Removes one of the user's passkeys.
#[utoipa::path(delete, path = "/v2/users/passkeys", tag = "auth",
    request_body = PasskeyRef, responses((status = 200, body = PasskeyList)))]
pub(super) async fn remove(
    State(state): State<ApiState>,
    ip: ClientIp,
    user: CurrentUser,
    ApiJson(input): ApiJson<PasskeyRef>,
) -> Result<Json<PasskeyList>, AppError> {
    super::step_up::require(&state, &user).await?;
    if !passkeys::remove(&state.db, &ip.to_string(), &user.user_id, &input.id).await? {
        return Err(AppError::NotFound);
    }
    super::step_up::tell(&state, &user.user_id, "A passkey was removed").await?;
    listing(&state, &user.user_id).await
}
