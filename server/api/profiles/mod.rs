//! Profiles (SPEC §7 Profiles, issue 10 point 7): the profiles a person acts for, the default
//! one, and a new one: a personal profile beside a business, or a second company, which runs
//! the business wizard again (company/add; flow business_additional).

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub mod invitations;
pub mod users;

use super::current_user::CurrentUser;
use super::error::{ApiJson, AppError};
use super::signup::{kyc_reply, KycStatusReply};
use super::ApiState;
use crate::domain::profiles::access::ProfileType;
use crate::services::profiles::{self, NewProfileError, Profile};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(create))
        .routes(routes!(fetch))
        .routes(routes!(default_profile))
        .merge(users::routes())
        .merge(invitations::routes())
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct ProfileList {
    pub results: Vec<Profile>,
}

#[utoipa::path(post, path = "/v2/account-profiles/fetch", tag = "profiles",
    responses((status = 200, body = ProfileList)))]
async fn fetch(
    State(state): State<ApiState>,
    user: CurrentUser,
) -> Result<Json<ProfileList>, AppError> {
    Ok(Json(ProfileList {
        results: profiles::of_user(&state.db, &user.user_id).await?,
    }))
}

/// The profile a session acts for when it names none.
#[utoipa::path(get, path = "/v2/account-profiles/default", tag = "profiles",
    responses((status = 200, body = Profile)))]
async fn default_profile(
    State(state): State<ApiState>,
    user: CurrentUser,
) -> Result<Json<Profile>, AppError> {
    profiles::chosen(&state.db, &user.user_id, None)
        .await?
        .map(Json)
        .ok_or(AppError::NotFound)
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct NewProfile {
    #[serde(rename = "type")]
    pub kind: ProfileType,
}

fn refused(message: &str) -> AppError {
    AppError::refused(
        StatusCode::CONFLICT,
        "profile_not_created",
        "Not possible",
        message,
    )
}

/// A personal profile (after the personal activation fee), or a second company: the person goes
/// through the business wizard, the bank's review and the fee again.
#[utoipa::path(post, path = "/v2/account-profiles", tag = "profiles", request_body = NewProfile,
    responses((status = 200, body = KycStatusReply)))]
async fn create(
    State(state): State<ApiState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<NewProfile>,
) -> Result<Json<KycStatusReply>, AppError> {
    profiles::start(&state.db, &user.user_id, input.kind)
        .await
        .map_err(|error| match error {
            NewProfileError::Unfinished => refused("Finish opening your current account first."),
            NewProfileError::PersonalExists => refused("You have a personal account already."),
            NewProfileError::Storage(error) => error.into(),
        })?;
    Ok(Json(kyc_reply(&state, &user).await?))
}
