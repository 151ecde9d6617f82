//! Support (issue 31 point 6): SPEC §7 `POST /v1/utils/contact-form {name, email, phone,
//! subject, request, source dashboard}`, answered with SPEC §8's 'Message sent successfully';
//! and the auth route `leads`' call-back request (SPEC names no path for it); the support chat
//! (chat.rs).

pub mod chat;

use axum::extract::State;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::client_ip::ClientIp;
use super::common_answers::Success;
use super::current_user::CurrentUser;
use super::error::{ApiJson, AppError};
use super::selected_profile::SelectedProfile;
use super::ApiState;
use crate::domain::support::call_back::{self, CallBackForm, REQUESTED};
use crate::domain::support::contact::{self, ContactForm, SENT};
use crate::rate_limit::{Limit, UserKey};
use crate::services::support::contact::{self as service, Sender};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(contact_form))
        .routes(routes!(call_back))
        .merge(chat::routes())
}

#[utoipa::path(post, path = "/v1/utils/contact-form", tag = "support",
    request_body = ContactForm, responses((status = 200, body = Success)))]
async fn contact_form(
    State(state): State<ApiState>,
    user: CurrentUser,
    profile: Result<SelectedProfile, AppError>,
    ApiJson(form): ApiJson<ContactForm>,
) -> Result<Json<Success>, AppError> {
    if form.source != "dashboard" {
        return Err(AppError::field("source", contact::REQUIRED));
    }
    let message = contact::check(&form).map_err(AppError::Fields)?;
    state
        .limiter
        .check(Limit::ContactMessagesPerUser, &UserKey(&user.user_id))
        .await?;
    let profile = profile.ok();
    service::send(
        &state.db,
        &state.notify,
        &state.config.company,
        &Sender {
            user_id: Some(&user.user_id),
            profile_id: profile.as_ref().map(|p| &p.profile_id),
            source: "dashboard",
        },
        &message,
    )
    .await?;
    Ok(Json(Success {
        success: true,
        message: Some(SENT.into()),
    }))
}

/// A business that is not a customer yet asks to be called back (the auth route `leads`).
#[utoipa::path(post, path = "/v1/utils/call-back", tag = "support",
    request_body = CallBackForm, responses((status = 200, body = Success)))]
async fn call_back(
    State(state): State<ApiState>,
    ip: ClientIp,
    ApiJson(form): ApiJson<CallBackForm>,
) -> Result<Json<Success>, AppError> {
    let call = call_back::check(&form).map_err(AppError::Fields)?;
    state.limiter.check(Limit::CallBacksPerIp, &ip).await?;
    crate::services::support::call_back::request(
        &state.db,
        &state.notify,
        &state.config.company,
        &call,
    )
    .await?;
    Ok(Json(Success {
        success: true,
        message: Some(REQUESTED.into()),
    }))
}
