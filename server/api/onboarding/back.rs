//! Back from an onboarding step to the one before it (issue 28 point 6; SPEC §7 names no call
//! for it): from the phone step, or the business wizard's first page, to the personal details
//! and address, which the person may still change. The status moves back only where
//! `journey::back` allows; everywhere else the step is not open for it.

use axum::extract::State;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::step_refused;
use crate::api::current_user::CurrentUser;
use crate::api::error::AppError;
use crate::api::signup::{kyc_reply, KycStatusReply};
use crate::api::ApiState;
use crate::services::onboarding::steps;

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new().routes(routes!(step_back))
}

/// Moves the person's onboarding back one step; answers the status it is in now.
#[utoipa::path(post, path = "/v1/users/kyc/back", tag = "onboarding",
    responses((status = 200, body = KycStatusReply)))]
async fn step_back(
    State(state): State<ApiState>,
    user: CurrentUser,
) -> Result<Json<KycStatusReply>, AppError> {
    let row = crate::services::onboarding::person(&state.db, &user.user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    steps::step_back(&state.db, &row)
        .await
        .map_err(step_refused)?;
    Ok(Json(kyc_reply(&state, &user).await?))
}
