//! Log-in with a second factor, sessions and log-out (SPEC §3, §4, §7, §8).

use std::sync::OnceLock;

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::Json;

use super::{audit, ClientIp};
use crate::api::common_answers::Empty;
pub use crate::api::common_answers::MfaStep;
use crate::api::error::{ApiJson, AppError};
use crate::api::{session_cookies, ApiState};
use crate::domain::audit::AuditEvent;
use crate::domain::auth::email::Email;
use crate::domain::auth::mfa::{Check, Method, Purpose, Status};
use crate::domain::auth::password;
use crate::rate_limit::{Limit, UserKey};
use crate::services::auth::login::{self, PoliciesError};
use crate::services::auth::{self, approvals, sessions, RefreshError, Tokens};

const LOGIN_FAILED: &str = "Incorrect email or password";
const POLICY_NOT_ACCEPTED: &str = "policy_not_accepted";

/// SPEC §3 "Login form"; without email and password, a renewal with the refresh cookie.
#[derive(serde::Deserialize, serde::Serialize, Default, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginInput {
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub password: Option<String>,
    /// Accepts the current Terms and Conditions and Privacy policy, after a log-in answered
    /// `policy_not_accepted` (an invited colleague; domain/policies.rs).
    #[serde(default)]
    pub accept_policies: bool,
}

/// SPEC §3 "Login result": the second factor to approve; without one, the session has started.
/// The tokens themselves travel only in HttpOnly cookies, never where a script could read them.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginReply {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mfa: Option<MfaStep>,
}

/// Verifying against this when the email is unknown keeps both answers equally slow.
fn decoy_hash() -> &'static str {
    static HASH: OnceLock<String> = OnceLock::new();
    HASH.get_or_init(|| password::hash("decoy password 0"))
}

/// Log in (email and password), or renew the session (SPEC §7).
#[utoipa::path(post, path = "/v2/auth/login", tag = "auth", request_body = LoginInput,
    responses((status = 200, body = LoginReply)))]
pub(super) async fn login(
    State(state): State<ApiState>,
    ip: ClientIp,
    headers: HeaderMap,
    ApiJson(input): ApiJson<LoginInput>,
) -> Result<Response, AppError> {
    if input.email.is_none() && input.password.is_none() {
        return refresh_session(&state, &ip, &headers).await;
    }
    let step = password_step(
        &state,
        &ip,
        &input.email.unwrap_or_default(),
        &input.password.unwrap_or_default(),
        input.accept_policies,
    )
    .await?;
    Ok(match step {
        LoginStep::SecondFactor(mfa) => Json(LoginReply { mfa: Some(mfa) }).into_response(),
        LoginStep::Session(tokens) => with_session(&state, &tokens),
    })
}

/// Where a right password leads: a second factor to approve, or, for a person still
/// signing up who has neither a phone nor a passkey yet, straight into a session.
pub enum LoginStep {
    SecondFactor(MfaStep),
    Session(Tokens),
}

/// Checks the email and password and, when they are right, starts the second factor: the
/// first step of logging in, for the JSON API and the plain form alike.
pub async fn password_step(
    state: &ApiState,
    ip: &ClientIp,
    email_text: &str,
    password_text: &str,
    accept_policies: bool,
) -> Result<LoginStep, AppError> {
    state.limiter.check(Limit::LoginPerIp, ip).await?;
    let mut fields = std::collections::BTreeMap::new();
    for (name, value) in [("email", email_text), ("password", password_text)] {
        if value.trim().is_empty() {
            fields.insert(name.to_string(), "Field is required".to_string());
        }
    }
    if !fields.is_empty() {
        return Err(AppError::Fields(fields));
    }
    let failed = || AppError::unauthorized("invalid_credentials", "Log in failed", LOGIN_FAILED);
    let Ok(email) = Email::parse(email_text) else {
        return Err(failed());
    };
    state.limiter.check(Limit::LoginPerAccount, &email).await?;
    let user = auth::user_by_email(&state.db, &email).await?;
    let stored = user.as_ref().map(|u| u.password_hash.clone());
    let typed = password_text.to_string();
    let verified = state
        .cpu
        .run(move || match stored {
            Some(stored) => password::verify(&typed, &stored),
            None => {
                let _ = password::verify(&typed, decoy_hash());
                false
            }
        })
        .await?;
    let user = match user {
        Some(user) if verified => user,
        user => {
            audit(
                state,
                user.as_ref().map(|u| &u.id),
                AuditEvent::LoginFailed,
                ip,
                "wrong email or password",
            )
            .await;
            return Err(failed());
        }
    };
    // Only a person who proved the password learns that the policies wait for them.
    login::policies(&state.db, &ip.to_string(), &user, accept_policies)
        .await
        .map_err(|error| match error {
            PoliciesError::NotAccepted => AppError::refused(
                axum::http::StatusCode::FORBIDDEN,
                POLICY_NOT_ACCEPTED,
                "Policies not accepted",
                "Please accept the Terms and Conditions and the Privacy policy to continue.",
            ),
            PoliciesError::Storage(error) => error.into(),
        })?;
    let started = approvals::start(
        &super::approver(state),
        &user,
        Purpose::Authentication,
        None,
    )
    .await?;
    match started.map(MfaStep::from) {
        Some(mfa) => {
            audit(
                state,
                Some(&user.id),
                AuditEvent::MfaRequested,
                ip,
                mfa.method.as_str(),
            )
            .await;
            Ok(LoginStep::SecondFactor(mfa))
        }
        None => {
            let tokens = sessions::open(&state.db, &user.id).await?;
            audit(
                state,
                Some(&user.id),
                AuditEvent::LoginSucceeded,
                ip,
                "no second factor enrolled yet",
            )
            .await;
            Ok(LoginStep::Session(tokens))
        }
    }
}

/// SPEC §3 "SMS confirm", or a passkey's answer for the face method: the answer to any
/// approval, at log-in or before a security change.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct MfaInput {
    pub request_id: String,
    #[serde(default)]
    pub secret: String,
    #[serde(default)]
    pub method: Option<Method>,
    /// The passkey's answer (`PublicKeyCredential.toJSON()`), for the face method.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub credential: Option<serde_json::Value>,
}

/// The second step of logging in: the texted code or the passkey's answer.
#[utoipa::path(post, path = "/v2/auth/mfa/login", tag = "auth", request_body = MfaInput,
    responses((status = 200, body = Empty)))]
pub(super) async fn mfa_login(
    State(state): State<ApiState>,
    ip: ClientIp,
    ApiJson(input): ApiJson<MfaInput>,
) -> Result<Response, AppError> {
    let tokens = if input.method == Some(Method::ChallengeProxied) {
        let credential = input
            .credential
            .ok_or_else(|| AppError::field("credential", "Field is required"))?;
        super::passkeys::login_step(&state, &ip, &input.request_id, credential).await?
    } else {
        code_step(&state, &ip, &input.request_id, &input.secret).await?
    };
    Ok(with_session(&state, &tokens))
}

/// Checks the texted code and, when it is right, opens a session: the second step of logging in.
pub async fn code_step(
    state: &ApiState,
    ip: &ClientIp,
    request_id: &str,
    secret: &str,
) -> Result<Tokens, AppError> {
    state.limiter.check(Limit::CodeChecksPerIp, ip).await?;
    let code = secret.trim();
    if code.len() != 6 || !code.chars().all(|c| c.is_ascii_digit()) {
        return Err(AppError::field("secret", "Enter the 6-digit code"));
    }
    let Some((request, outcome)) = approvals::check_code(&state.db, request_id, code).await? else {
        return Err(AppError::NotFound);
    };
    if request.purpose != Purpose::Authentication {
        return Err(AppError::NotFound);
    }
    let user = &request.user_id;
    match outcome {
        Check::Accepted => {
            let tokens = sessions::open(&state.db, user).await?;
            audit(state, Some(user), AuditEvent::LoginSucceeded, ip, "sms").await;
            Ok(tokens)
        }
        Check::Wrong { failed, .. } => {
            audit(
                state,
                Some(user),
                AuditEvent::MfaWrongCode,
                ip,
                if failed { "request failed" } else { "" },
            )
            .await;
            Err(if failed {
                AppError::unauthorized(
                    "mfa_failed",
                    "Too many attempts",
                    "Too many incorrect codes. Please request a new code.",
                )
            } else {
                AppError::unauthorized("invalid_code", "Incorrect code", "The code is incorrect")
            })
        }
        Check::Closed(Status::Expired) => Err(AppError::unauthorized(
            "mfa_expired",
            "Request time is up",
            "Request time is up",
        )),
        Check::Closed(_) => Err(AppError::unauthorized(
            "mfa_closed",
            "Code no longer valid",
            "This code can no longer be used. Please log in again.",
        )),
    }
}

pub fn with_session(state: &ApiState, tokens: &Tokens) -> Response {
    let mut response = Json(Empty {}).into_response();
    session_cookies::set(
        response.headers_mut(),
        tokens,
        state.config.secure_cookies(),
    );
    response
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RequestRef {
    pub request_id: String,
}

/// SPEC §4 "MFA request status" of one request.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MfaStatusReply {
    pub request_id: String,
    pub status: Status,
}

/// Polled every 2 s while pending (SPEC §7).
#[utoipa::path(post, path = "/v2/auth/mfa/statuses/take", tag = "auth", request_body = RequestRef,
    responses((status = 200, body = MfaStatusReply)))]
pub(super) async fn mfa_status(
    State(state): State<ApiState>,
    ApiJson(input): ApiJson<RequestRef>,
) -> Result<Json<MfaStatusReply>, AppError> {
    let request = approvals::find(&state.db, &input.request_id)
        .await?
        .ok_or(AppError::NotFound)?;
    Ok(Json(MfaStatusReply {
        request_id: request.id,
        status: request.status,
    }))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResendInput {
    pub request_id: String,
    /// `sms` switches a face approval to a texted code; absent, the same method again.
    #[serde(default)]
    pub method: Option<Method>,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct ResendReply {
    pub mfa: MfaStep,
    pub message: String,
}

/// A new code (or a switch from the face method to SMS) for a pending log-in.
#[utoipa::path(post, path = "/v2/auth/mfa/resend", tag = "auth", request_body = ResendInput,
    responses((status = 200, body = ResendReply)))]
pub(super) async fn mfa_resend(
    State(state): State<ApiState>,
    ip: ClientIp,
    ApiJson(input): ApiJson<ResendInput>,
) -> Result<Json<ResendReply>, AppError> {
    let request = approvals::find(&state.db, &input.request_id)
        .await?
        .ok_or(AppError::NotFound)?;
    if request.purpose != Purpose::Authentication || request.status == Status::Utilized {
        return Err(AppError::NotFound);
    }
    state
        .limiter
        .check(Limit::CodeResendsPerUser, &UserKey(&request.user_id))
        .await?;
    let user = auth::user(&state.db, &request.user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let method = input.method.unwrap_or(request.method);
    let mfa: MfaStep = approvals::start(
        &super::approver(&state),
        &user,
        Purpose::Authentication,
        Some(method),
    )
    .await?
    .ok_or(AppError::NotFound)?
    .into();
    audit(
        &state,
        Some(&user.id),
        AuditEvent::MfaResent,
        &ip,
        mfa.method.as_str(),
    )
    .await;
    let message = if mfa.method == Method::Sms {
        "Code is sent again"
    } else {
        "Request was resent successfully"
    };
    Ok(Json(ResendReply {
        mfa,
        message: message.into(),
    }))
}

async fn refresh_session(
    state: &ApiState,
    ip: &ClientIp,
    headers: &HeaderMap,
) -> Result<Response, AppError> {
    let secure = state.config.secure_cookies();
    let token = session_cookies::read(headers, session_cookies::names(secure).refresh);
    let Some(token) = token else {
        return Err(AppError::field("refresh", "Field is required"));
    };
    state.limiter.check(Limit::RefreshPerIp, ip).await?;
    match sessions::renew(&state.db, token).await {
        Ok(tokens) => Ok(with_session(state, &tokens)),
        Err(RefreshError::Database(error)) => Err(error.into()),
        Err(error) => {
            if matches!(error, RefreshError::Reused) {
                audit(
                    state,
                    None,
                    AuditEvent::RefreshReused,
                    ip,
                    "a rotated refresh token was presented; its family is revoked",
                )
                .await;
            }
            let mut response = AppError::unauthorized(
                "session_expired",
                "Session ended",
                "Your session has ended. Please log in again.",
            )
            .into_response();
            session_cookies::clear(response.headers_mut(), secure);
            Ok(response)
        }
    }
}

/// Ends the session (SPEC §7) and clears its cookies.
#[utoipa::path(post, path = "/v2/auth/logout", tag = "auth",
    responses((status = 200, body = Empty)))]
pub(super) async fn logout(
    State(state): State<ApiState>,
    ip: ClientIp,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let secure = state.config.secure_cookies();
    if let Some(access) = session_cookies::access_token(&headers, secure) {
        if let Some(user_id) = sessions::end(&state.db, access).await? {
            audit(&state, Some(&user_id), AuditEvent::LoggedOut, &ip, "").await;
        }
    }
    let mut response = Json(Empty {}).into_response();
    session_cookies::clear(response.headers_mut(), secure);
    Ok(response)
}
