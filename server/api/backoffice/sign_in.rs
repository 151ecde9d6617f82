//! Staff enrolment and log-in (issue 32 point 1): passkeys only, with user verification.
//! `POST /back-office/api/enrolment/fetch` who a link is for, `/enrolment/options` and
//! `/enrolment` the first passkey, `/log-in/options` and `/log-in` a session, `/log-out`, and
//! `GET /back-office/api/me` the member and what their role may do.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum::Json;
use serde_json::Value;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::session::{self, CurrentStaff};
use crate::api::client_ip::ClientIp;
use crate::api::error::{ApiJson, AppError};
use crate::api::ApiState;
use crate::domain::backoffice::staff::StaffRole;
use crate::rate_limit::Limit;
use crate::services::backoffice::staff::{self, StaffError};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(enrolment))
        .routes(routes!(enrolment_options))
        .routes(routes!(enrol))
        .routes(routes!(log_in_options))
        .routes(routes!(log_in))
        .routes(routes!(log_out))
        .routes(routes!(me))
}

impl From<StaffError> for AppError {
    fn from(error: StaffError) -> Self {
        let refused = |code, message: &str| {
            AppError::refused(StatusCode::UNAUTHORIZED, code, "Log in failed", message)
        };
        match error {
            StaffError::BadEmail(message) => AppError::field("email", message),
            StaffError::Taken => AppError::refused(
                StatusCode::CONFLICT,
                "staff_exists",
                "Already staff",
                "That email belongs to a member of staff already.",
            ),
            StaffError::LinkInvalid => AppError::refused(
                StatusCode::GONE,
                "enrolment_link_invalid",
                "Link not valid",
                "This enrolment link has been used or has expired. Ask an administrator for a new one.",
            ),
            StaffError::Unknown | StaffError::Refused => refused(
                "staff_login_failed",
                "That passkey could not sign you in. Check the email and try again.",
            ),
            StaffError::Expired => refused(
                "staff_login_expired",
                "The passkey request has expired. Please try again.",
            ),
            StaffError::Broken(problem) => AppError::Internal(anyhow::anyhow!(problem)),
            StaffError::Sql(error) => AppError::Database(error),
        }
    }
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct StaffEnrolmentLink {
    /// The token of the link `bank staff add` printed.
    pub token: String,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct StaffEnrolment {
    pub email: String,
    pub role: StaffRole,
}

/// Who an enrolment link is for; 410 when it has been used or has expired.
#[utoipa::path(post, path = "/back-office/api/enrolment/fetch", tag = super::TAG,
    request_body = StaffEnrolmentLink, responses((status = 200, body = StaffEnrolment)))]
async fn enrolment(
    State(state): State<ApiState>,
    ip: ClientIp,
    ApiJson(link): ApiJson<StaffEnrolmentLink>,
) -> Result<Json<StaffEnrolment>, AppError> {
    state.limiter.check(Limit::StaffLogInsPerIp, &ip).await?;
    let member = staff::enrolment_for(&state.db, &link.token).await?;
    Ok(Json(StaffEnrolment {
        email: member.email,
        role: member.role,
    }))
}

/// A passkey ceremony to answer: `publicKey` is what `navigator.credentials` takes.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffCeremony {
    pub ceremony_id: String,
    #[schema(value_type = Object)]
    pub public_key: Value,
}

fn ceremony((ceremony_id, options): (String, Value)) -> StaffCeremony {
    StaffCeremony {
        ceremony_id,
        public_key: options["publicKey"].clone(),
    }
}

/// The options to create the member's passkey with.
#[utoipa::path(post, path = "/back-office/api/enrolment/options", tag = super::TAG,
    request_body = StaffEnrolmentLink, responses((status = 200, body = StaffCeremony)))]
async fn enrolment_options(
    State(state): State<ApiState>,
    ip: ClientIp,
    ApiJson(link): ApiJson<StaffEnrolmentLink>,
) -> Result<Json<StaffCeremony>, AppError> {
    state.limiter.check(Limit::StaffLogInsPerIp, &ip).await?;
    let started = staff::start_enrolment(&state.db, &state.webauthn, &link.token).await?;
    Ok(Json(ceremony(started)))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffEnrolmentAnswer {
    pub token: String,
    pub ceremony_id: String,
    /// The new credential, as the browser's `toJSON()` gives it.
    #[schema(value_type = Object)]
    pub credential: Value,
}

/// Keeps the member's passkey, uses up the link and signs them in.
#[utoipa::path(post, path = "/back-office/api/enrolment", tag = super::TAG,
    request_body = StaffEnrolmentAnswer, responses((status = 200, body = StaffMe)))]
async fn enrol(
    State(state): State<ApiState>,
    ip: ClientIp,
    ApiJson(answer): ApiJson<StaffEnrolmentAnswer>,
) -> Result<axum::response::Response, AppError> {
    state.limiter.check(Limit::StaffLogInsPerIp, &ip).await?;
    let token = staff::finish_enrolment(
        &state.db,
        &state.webauthn,
        &ip.to_string(),
        &answer.token,
        &answer.ceremony_id,
        answer.credential,
    )
    .await?;
    signed_in(&state, &token).await
}

async fn signed_in(state: &ApiState, token: &str) -> Result<axum::response::Response, AppError> {
    let member = staff::of_session(&state.db, token)
        .await?
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("a new staff session did not read")))?;
    let mut headers = HeaderMap::new();
    session::set(&mut headers, token, state.config.secure_cookies());
    Ok((headers, Json(StaffMe::of(&member))).into_response())
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct StaffEmail {
    pub email: String,
}

/// The options to sign in with one of the member's passkeys.
#[utoipa::path(post, path = "/back-office/api/log-in/options", tag = super::TAG,
    request_body = StaffEmail, responses((status = 200, body = StaffCeremony)))]
async fn log_in_options(
    State(state): State<ApiState>,
    ip: ClientIp,
    ApiJson(input): ApiJson<StaffEmail>,
) -> Result<Json<StaffCeremony>, AppError> {
    state.limiter.check(Limit::StaffLogInsPerIp, &ip).await?;
    if input.email.trim().is_empty() {
        return Err(AppError::field("email", "Field is required"));
    }
    let started = staff::start_log_in(&state.db, &state.webauthn, &input.email).await?;
    Ok(Json(ceremony(started)))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffLogInAnswer {
    pub ceremony_id: String,
    #[schema(value_type = Object)]
    pub credential: Value,
}

/// Checks the passkey's answer and opens a session (the cookie).
#[utoipa::path(post, path = "/back-office/api/log-in", tag = super::TAG,
    request_body = StaffLogInAnswer, responses((status = 200, body = StaffMe)))]
async fn log_in(
    State(state): State<ApiState>,
    ip: ClientIp,
    ApiJson(answer): ApiJson<StaffLogInAnswer>,
) -> Result<axum::response::Response, AppError> {
    state.limiter.check(Limit::StaffLogInsPerIp, &ip).await?;
    let token = staff::finish_log_in(
        &state.db,
        &state.webauthn,
        &ip.to_string(),
        &answer.ceremony_id,
        answer.credential,
    )
    .await?;
    signed_in(&state, &token).await
}

/// Ends the session.
#[utoipa::path(post, path = "/back-office/api/log-out", tag = super::TAG,
    responses((status = 200, body = crate::api::common_answers::Empty)))]
async fn log_out(
    State(state): State<ApiState>,
    ip: ClientIp,
    headers: HeaderMap,
) -> Result<axum::response::Response, AppError> {
    let secure = state.config.secure_cookies();
    if let Some(token) = session::token(&headers, secure) {
        staff::log_out(&state.db, &ip.to_string(), token).await?;
    }
    let mut reply = HeaderMap::new();
    session::clear(&mut reply, secure);
    Ok((reply, Json(crate::api::common_answers::Empty {})).into_response())
}

/// The signed-in member of staff and the duties their role carries (the app mirrors them).
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct StaffMe {
    pub email: String,
    pub role: StaffRole,
    pub duties: Vec<String>,
}

impl StaffMe {
    fn of(member: &crate::domain::backoffice::staff::StaffMember) -> Self {
        Self {
            email: member.email.clone(),
            role: member.role,
            duties: member
                .role
                .duties()
                .into_iter()
                .map(str::to_string)
                .collect(),
        }
    }
}

/// Who is signed in.
#[utoipa::path(get, path = "/back-office/api/me", tag = super::TAG,
    responses((status = 200, body = StaffMe)))]
async fn me(staff: CurrentStaff) -> Json<StaffMe> {
    Json(StaffMe::of(&staff.0))
}
