//! The bank's review of a business (KYB, issue 10 point 5). The admin panel is off, so the
//! bank's operators decide with the `bank kyb` command (`services::onboarding::review`); the
//! customer answers a request for more on the additional-company-info screen (SPEC §4:
//! kyb_requested/kyb_pending route there).

use axum::extract::State;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::in_step;
use crate::api::common_answers::Empty;
use crate::api::current_user::CurrentUser;
use crate::api::error::{ApiJson, AppError};
use crate::api::ApiState;
use crate::domain::onboarding::journey::Step;
use crate::services::onboarding::review::{self, AnswerError};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new().routes(routes!(additional_info))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct AdditionalInfo {
    #[serde(default)]
    pub text: String,
}

/// The customer's answer to the bank's request for more about the business.
#[utoipa::path(post, path = "/v2/onboardings/additional-info", tag = "onboarding",
    request_body = AdditionalInfo, responses((status = 200, body = Empty)))]
async fn additional_info(
    State(state): State<ApiState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<AdditionalInfo>,
) -> Result<Json<Empty>, AppError> {
    in_step(&state, &user.user_id, Step::Kyb).await?;
    let text = input.text.trim();
    if text.is_empty() {
        return Err(AppError::field("text", "Field is required"));
    }
    if text.chars().count() > 2000 || text.chars().any(|c| c.is_control() && c != '\n') {
        return Err(AppError::field("text", "Must be up to 2000 characters"));
    }
    review::answer_request(&state.db, &user.user_id, text)
        .await
        .map_err(|error| match error {
            AnswerError::NoApplication => AppError::NotFound,
            AnswerError::NotRequested => super::step_not_open(),
            AnswerError::Sql(error) => error.into(),
        })?;
    Ok(Json(Empty {}))
}
