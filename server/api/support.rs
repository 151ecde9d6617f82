//! Support (issue 31 point 6): SPEC §7 `POST /v1/utils/contact-form {name, email, phone,
//! subject, request, source dashboard}`, answered with SPEC §8's 'Message sent successfully'.

use axum::extract::State;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::common_answers::Success;
use super::current_user::CurrentUser;
use super::error::{ApiJson, AppError};
use super::selected_profile::SelectedProfile;
use super::ApiState;
use crate::domain::support::contact::{self, ContactForm, SENT};
use crate::rate_limit::{Limit, UserKey};
use crate::services::support::contact::{self as service, Sender};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new().routes(routes!(contact_form))
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
