//! Log-in with a second factor, sessions and log-out (SPEC §3, §4, §7, §8).

use std::sync::OnceLock;

use axum::extract::{ConnectInfo, FromRequestParts, State};
use axum::http::request::Parts;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde_json::json;

use super::error::{ApiJson, AppError};
use super::{session_cookies, ApiState};
use crate::domain::auth::email::Email;
use crate::domain::auth::mfa::{Check, Status};
use crate::domain::auth::{password, secrets};
use crate::providers::notify::{Channel, Message};
use crate::store::sessions::{RefreshError, Tokens};
use crate::store::users::UserRow;
use crate::store::{self, now_ms};

const MINUTE: i64 = 60_000;
const LOGIN_FAILED: &str = "Incorrect email or password";

pub fn routes() -> Router<ApiState> {
    Router::new()
        .route("/v2/auth/login", post(login))
        .route("/v2/auth/mfa/login", post(mfa_login))
        .route("/v2/auth/mfa/statuses/take", post(mfa_status))
        .route("/v2/auth/mfa/resend", post(mfa_resend))
        .route("/v2/auth/logout", post(logout))
}

/// The caller's address, for rate limits and the audit log.
pub struct ClientIp(pub String);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let ip = parts
            .extensions
            .get::<ConnectInfo<std::net::SocketAddr>>()
            .map(|c| c.0.ip().to_string());
        Ok(Self(ip.unwrap_or_else(|| "local".into())))
    }
}

#[derive(serde::Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct LoginInput {
    email: Option<String>,
    password: Option<String>,
    refresh: Option<String>,
}

async fn audit(state: &ApiState, user: Option<&str>, event: &str, ip: &str, detail: &str) {
    if let Err(error) = store::audit::record(&state.db, user, event, ip, detail).await {
        tracing::error!(%error, event, "audit record failed");
    }
}

/// Verifying against this when the email is unknown keeps both answers equally slow.
fn decoy_hash() -> &'static str {
    static HASH: OnceLock<String> = OnceLock::new();
    HASH.get_or_init(|| password::hash("decoy password 0"))
}

async fn login(
    State(state): State<ApiState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    ApiJson(input): ApiJson<LoginInput>,
) -> Result<Response, AppError> {
    if input.email.is_none() && input.password.is_none() {
        return refresh_session(&state, &ip, &headers, input.refresh.as_deref()).await;
    }
    let mfa = password_step(
        &state,
        &ip,
        &input.email.unwrap_or_default(),
        &input.password.unwrap_or_default(),
    )
    .await?;
    Ok(Json(json!({ "mfa": mfa })).into_response())
}

/// Checks the email and password and, when they are right, texts a code: the first step of
/// logging in, for the JSON API and the plain form alike.
pub async fn password_step(
    state: &ApiState,
    ip: &str,
    email_text: &str,
    password_text: &str,
) -> Result<serde_json::Value, AppError> {
    let now = now_ms();
    state
        .limiter
        .hit(&format!("login-ip:{ip}"), 30, 15 * MINUTE, now)
        .map_err(AppError::TooManyRequests)?;
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
    state
        .limiter
        .hit(
            &format!("login-account:{}", email.as_str()),
            10,
            15 * MINUTE,
            now,
        )
        .map_err(AppError::TooManyRequests)?;
    let user = store::users::by_email(&state.db, &email).await?;
    let verified = match &user {
        Some(user) => password::verify(password_text, &user.password_hash),
        None => {
            let _ = password::verify(password_text, decoy_hash());
            false
        }
    };
    let user = match user {
        Some(user) if verified => user,
        user => {
            audit(
                state,
                user.as_ref().map(|u| u.id.as_str()),
                "login_failed",
                ip,
                "wrong email or password",
            )
            .await;
            return Err(failed());
        }
    };
    let mfa = start_mfa(state, &user, now).await?;
    audit(state, Some(&user.id), "mfa_requested", ip, "sms").await;
    Ok(mfa)
}

/// Creates a login code, texts it, and describes the step for the client.
async fn start_mfa(
    state: &ApiState,
    user: &UserRow,
    now: i64,
) -> Result<serde_json::Value, AppError> {
    let (phone_code, phone_number) =
        store::users::phone(&state.db, &user.id)
            .await?
            .ok_or_else(|| {
                AppError::Internal(anyhow::anyhow!(
                    "user {} has no phone for the SMS step",
                    user.id
                ))
            })?;
    let code = secrets::new_code();
    // Passkeys (the face method) arrive later; until then every user approves by SMS.
    let request =
        store::mfa::create(&state.db, &user.id, "authentication", "sms", &code, now).await?;
    let trading = &state.config.company.trading_name;
    state
        .notify
        .send(Message {
            channel: Channel::Sms,
            to: format!("{phone_code}{phone_number}"),
            subject: "Log-in code".into(),
            body: format!(
                "{code} is your {trading} code to approve logging in to your account. It expires in 2 minutes. \
                 Never share it, not even with us."
            ),
        })
        .await
        .map_err(|e| AppError::Internal(e.into()))?;
    let last_digits: String = phone_number
        .chars()
        .rev()
        .take(4)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    Ok(json!({ "method": "sms", "requestId": request.id, "lastDigits": last_digits }))
}

#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct MfaInput {
    request_id: String,
    #[serde(default)]
    secret: String,
}

async fn mfa_login(
    State(state): State<ApiState>,
    ClientIp(ip): ClientIp,
    ApiJson(input): ApiJson<MfaInput>,
) -> Result<Response, AppError> {
    let tokens = code_step(&state, &ip, &input.request_id, &input.secret).await?;
    Ok(with_session(&state, &tokens))
}

/// Checks the texted code and, when it is right, opens a session: the second step of logging in.
pub async fn code_step(
    state: &ApiState,
    ip: &str,
    request_id: &str,
    secret: &str,
) -> Result<Tokens, AppError> {
    let now = now_ms();
    state
        .limiter
        .hit(&format!("mfa-ip:{ip}"), 60, 15 * MINUTE, now)
        .map_err(AppError::TooManyRequests)?;
    let code = secret.trim();
    if code.len() != 6 || !code.chars().all(|c| c.is_ascii_digit()) {
        return Err(AppError::field("secret", "Enter the 6-digit code"));
    }
    let Some((request, outcome)) = store::mfa::verify(&state.db, request_id, code, now).await?
    else {
        return Err(AppError::NotFound);
    };
    if request.purpose != "authentication" {
        return Err(AppError::NotFound);
    }
    let user = request.user_id.as_str();
    match outcome {
        Check::Accepted => {
            let tokens = store::sessions::issue(&state.db, user, now).await?;
            audit(state, Some(user), "login_success", ip, "sms").await;
            Ok(tokens)
        }
        Check::Wrong { failed, .. } => {
            audit(
                state,
                Some(user),
                "mfa_wrong_code",
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
    let mut response =
        Json(json!({ "accessToken": tokens.access, "refreshToken": tokens.refresh }))
            .into_response();
    session_cookies::set(
        response.headers_mut(),
        tokens,
        state.config.secure_cookies(),
    );
    response
}

#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct RequestRef {
    request_id: String,
}

async fn mfa_status(
    State(state): State<ApiState>,
    ApiJson(input): ApiJson<RequestRef>,
) -> Result<Json<serde_json::Value>, AppError> {
    let request = store::mfa::find(&state.db, &input.request_id, now_ms())
        .await?
        .ok_or(AppError::NotFound)?;
    Ok(Json(
        json!({ "requestId": request.id, "status": request.status.as_str() }),
    ))
}

async fn mfa_resend(
    State(state): State<ApiState>,
    ClientIp(ip): ClientIp,
    ApiJson(input): ApiJson<RequestRef>,
) -> Result<Json<serde_json::Value>, AppError> {
    let now = now_ms();
    let request = store::mfa::find(&state.db, &input.request_id, now)
        .await?
        .ok_or(AppError::NotFound)?;
    if request.purpose != "authentication" || request.status == Status::Utilized {
        return Err(AppError::NotFound);
    }
    state
        .limiter
        .hit(
            &format!("mfa-resend:{}", request.user_id),
            3,
            5 * MINUTE,
            now,
        )
        .map_err(AppError::TooManyRequests)?;
    let user = store::users::by_id(&state.db, &request.user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let mfa = start_mfa(&state, &user, now).await?;
    audit(&state, Some(&user.id), "mfa_resent", &ip, "sms").await;
    Ok(Json(json!({ "mfa": mfa, "message": "Code is sent again" })))
}

async fn refresh_session(
    state: &ApiState,
    ip: &str,
    headers: &HeaderMap,
    body_token: Option<&str>,
) -> Result<Response, AppError> {
    let secure = state.config.secure_cookies();
    let token = body_token
        .or_else(|| session_cookies::read(headers, session_cookies::names(secure).refresh));
    let Some(token) = token else {
        return Err(AppError::field("refresh", "Field is required"));
    };
    let now = now_ms();
    state
        .limiter
        .hit(&format!("refresh-ip:{ip}"), 120, 15 * MINUTE, now)
        .map_err(AppError::TooManyRequests)?;
    match store::sessions::refresh(&state.db, token, now).await {
        Ok(tokens) => Ok(with_session(state, &tokens)),
        Err(RefreshError::Database(error)) => Err(error.into()),
        Err(error) => {
            if matches!(error, RefreshError::Reused) {
                audit(
                    state,
                    None,
                    "refresh_reuse",
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

async fn logout(
    State(state): State<ApiState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let secure = state.config.secure_cookies();
    let now = now_ms();
    if let Some(access) = session_cookies::access_token(&headers, secure) {
        if let Some(session) = store::sessions::authenticate(&state.db, access, now).await? {
            store::sessions::revoke(&state.db, &session.session_id, now).await?;
            audit(&state, Some(&session.user_id), "logout", &ip, "").await;
        }
    }
    let mut response = Json(json!({})).into_response();
    session_cookies::clear(response.headers_mut(), secure);
    Ok(response)
}
