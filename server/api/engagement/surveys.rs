//! Surveys (SPEC §7 POST /v2/ui-forms/take; issue 31 point 3): the form the app shows, and the
//! person's answers (beyond SPEC, which names no call for them: POST /v2/ui-forms/answers).

use std::collections::BTreeMap;

use axum::extract::State;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::common_answers::Success;
use crate::api::error::{ApiJson, AppError};
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
use crate::domain::engagement::surveys::{Survey, SurveyForm};
use crate::services::engagement::events::{self, AnswerError};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(take))
        .routes(routes!(answer))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct FormName {
    #[serde(default)]
    #[schema(value_type = Survey)]
    pub name: String,
}

fn survey(name: &str) -> Result<Survey, AppError> {
    Survey::parse(name).ok_or_else(|| AppError::field("name", "Unknown form"))
}

/// SPEC §7 POST /v2/ui-forms/take: a survey's questions, as the bank defines them now.
#[utoipa::path(post, path = "/v2/ui-forms/take", tag = "surveys", request_body = FormName,
    responses((status = 200, body = SurveyForm)))]
async fn take(
    _profile: SelectedProfile,
    ApiJson(input): ApiJson<FormName>,
) -> Result<Json<SurveyForm>, AppError> {
    Ok(Json(survey(&input.name)?.form()))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct FormAnswers {
    #[serde(default)]
    #[schema(value_type = Survey)]
    pub name: String,
    /// By question id: one option's value, a list of them, or text.
    #[serde(default)]
    #[schema(value_type = Object)]
    pub answers: BTreeMap<String, serde_json::Value>,
}

/// The person's answers to a survey, checked against its form (a field error per question);
/// kept once, and the survey's event is closed.
#[utoipa::path(post, path = "/v2/ui-forms/answers", tag = "surveys", request_body = FormAnswers,
    responses((status = 200, body = Success)))]
async fn answer(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(input): ApiJson<FormAnswers>,
) -> Result<Json<Success>, AppError> {
    let survey = survey(&input.name)?;
    events::answer_survey(
        &state.db,
        &profile.user_id,
        profile.profile_id.as_str(),
        survey,
        &input.answers,
    )
    .await
    .map_err(|error| match error {
        AnswerError::Fields(fields) => AppError::Fields(fields),
        AnswerError::Storage(error) => error.into(),
    })?;
    Ok(Json(Success {
        success: true,
        message: Some("Thank you for your answers".into()),
    }))
}
