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
use crate::domain::onboarding::kyc::{KycStatus, OnboardingFlow};
use crate::domain::profiles::access::{ProfileType, Role};
use crate::store;
use crate::store::profiles::Profile;

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(create))
        .routes(routes!(fetch))
        .routes(routes!(default_profile))
        .merge(users::routes())
        .merge(invitations::routes())
}

#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct ProfileList {
    results: Vec<Profile>,
}

#[utoipa::path(post, path = "/v2/account-profiles/fetch", tag = "profiles",
    responses((status = 200, body = ProfileList)))]
async fn fetch(
    State(state): State<ApiState>,
    user: CurrentUser,
) -> Result<Json<ProfileList>, AppError> {
    Ok(Json(ProfileList {
        results: store::profiles::for_user(&state.db, &user.user_id).await?,
    }))
}

/// The profile a session acts for when it names none.
#[utoipa::path(get, path = "/v2/account-profiles/default", tag = "profiles",
    responses((status = 200, body = Profile)))]
async fn default_profile(
    State(state): State<ApiState>,
    user: CurrentUser,
) -> Result<Json<Profile>, AppError> {
    let profiles = store::profiles::for_user(&state.db, &user.user_id).await?;
    store::profiles::choose(&profiles, None)
        .cloned()
        .map(Json)
        .ok_or(AppError::NotFound)
}

#[derive(serde::Deserialize, utoipa::ToSchema)]
pub struct NewProfile {
    #[serde(rename = "type")]
    kind: ProfileType,
}

fn refused(message: &str) -> AppError {
    AppError::refused(
        StatusCode::CONFLICT,
        "profile_not_created",
        "Not possible",
        message,
    )
}

/// Starts the onboarding of a further profile for a person whose accounts are open: moves them
/// from completed into `flow` at `status`, once (of two requests that race, one moves it).
async fn start_flow(
    state: &ApiState,
    user_id: &str,
    flow: OnboardingFlow,
    status: KycStatus,
) -> Result<(), AppError> {
    let moved = sqlx::query(
        "UPDATE users SET onboarding_flow = $1, kyc_status = $2 \
         WHERE id = $3 AND kyc_status = $4 AND onboarding_flow IS NULL",
    )
    .bind(flow.as_str())
    .bind(status.as_str())
    .bind(user_id)
    .bind(KycStatus::Completed.as_str())
    .execute(&state.db.pool)
    .await?;
    if moved.rows_affected() == 1 {
        Ok(())
    } else {
        Err(refused("Finish opening your current account first."))
    }
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
    let row = store::users::by_id(&state.db, &user.user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    if row.kyc_status != KycStatus::Completed || row.onboarding_flow.is_some() {
        return Err(refused("Finish opening your current account first."));
    }
    let profiles = store::profiles::for_user(&state.db, &user.user_id).await?;
    match input.kind {
        ProfileType::Personal => {
            if profiles
                .iter()
                .any(|p| p.kind == ProfileType::Personal && p.my_access.role == Role::Admin)
            {
                return Err(refused("You have a personal account already."));
            }
            // Every profile passes its own onboarding and fee (issue 26 point 4): the person's
            // details, phone and identity are verified already, so the personal activation fee
            // is what is left; paying it opens the profile and its account.
            start_flow(
                &state,
                &user.user_id,
                OnboardingFlow::Personal,
                KycStatus::RegistrationFeeAssigned,
            )
            .await?;
        }
        ProfileType::Business => {
            start_flow(
                &state,
                &user.user_id,
                OnboardingFlow::BusinessAdditional,
                KycStatus::ProfileIncomplete,
            )
            .await?;
        }
    }
    Ok(Json(kyc_reply(&state, &user).await?))
}
