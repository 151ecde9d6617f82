//! The business onboarding wizard (SPEC §2, §7 POST /v2/onboardings/take, PUT and PATCH
//! /v2/onboardings): each step's answers are checked and saved so the wizard resumes where
//! the person left; the last call submits the company, which becomes the person's profile.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{in_step, step_refused};
use crate::api::current_user::CurrentUser;
use crate::api::error::{ApiJson, AppError};
use crate::api::signup::{kyc_reply, KycStatusReply};
use crate::api::ApiState;
use crate::domain::london;
use crate::domain::onboarding::business::{self, BusinessData, Refusal};
use crate::domain::onboarding::journey::{self, Step};
use crate::domain::onboarding::kyc::OnboardingFlow;
use crate::services::onboarding::wizard::{self, Onboarding, WizardError};
use crate::services::onboarding::{self, steps};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(save, submit))
        .routes(routes!(take))
}

/// The wizard's state: the answers so far and how many steps are done.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OnboardingReply {
    pub id: String,
    /// Steps done, 0 to 5: the wizard opens at this step.
    pub step: i64,
    pub data: BusinessData,
    pub submitted: bool,
    /// What the bank asked for when it needs more about the business (kyb_requested).
    pub review_note: Option<String>,
}

impl From<Onboarding> for OnboardingReply {
    fn from(row: Onboarding) -> Self {
        Self {
            id: row.id,
            step: row.step,
            data: row.data,
            submitted: row.submitted_at.is_some(),
            review_note: row.review_note,
        }
    }
}

fn refusal(error: Refusal) -> AppError {
    match error {
        Refusal::Fields(fields) => AppError::Fields(fields),
        Refusal::CountryNotSupported => AppError::refused(
            StatusCode::UNPROCESSABLE_ENTITY,
            "country_not_supported",
            "Country not supported",
            "We cannot open accounts for companies registered in this country yet.",
        ),
    }
}

fn is_business(flow: OnboardingFlow) -> bool {
    matches!(
        flow,
        OnboardingFlow::Business | OnboardingFlow::BusinessAdditional
    )
}

/// The wizard's saved state, so it resumes (or, once submitted, the review's).
#[utoipa::path(post, path = "/v2/onboardings/take", tag = "onboarding",
    responses((status = 200, body = OnboardingReply)))]
async fn take(
    State(state): State<ApiState>,
    user: CurrentUser,
) -> Result<Json<OnboardingReply>, AppError> {
    let row = onboarding::person(&state.db, &user.user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    if !is_business(row.flow()) {
        return Err(AppError::NotFound);
    }
    let current = match wizard::latest(&state.db, &user.user_id).await? {
        Some(found) => found,
        None if journey::open_for(Step::Business).contains(&row.kyc_status) => {
            wizard::draft(&state.db, &user.user_id).await?
        }
        None => return Err(AppError::NotFound),
    };
    Ok(Json(current.into()))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct SaveInput {
    /// The step these answers complete, 0 to 4.
    #[serde(default)]
    pub step: i64,
    #[serde(default)]
    pub data: BusinessData,
}

/// Saves one step's answers after checking them; a step can be saved once those before it are.
#[utoipa::path(put, path = "/v2/onboardings", tag = "onboarding", request_body = SaveInput,
    responses((status = 200, body = OnboardingReply)))]
async fn save(
    State(state): State<ApiState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<SaveInput>,
) -> Result<Json<OnboardingReply>, AppError> {
    let row = in_step(&state, &user.user_id, Step::Business).await?;
    if !is_business(row.flow()) {
        return Err(super::step_not_open());
    }
    let today = london::today(state.db.now_ms());
    let saved = wizard::save_step(&state.db, &user.user_id, input.step, input.data, today)
        .await
        .map_err(|error| match error {
            WizardError::OutOfRange => AppError::field("step", "Step is out of range"),
            WizardError::Refused(why) => refusal(why),
            WizardError::NotOpen => super::step_not_open(),
            WizardError::Storage(error) => error.into(),
        })?;
    Ok(Json(saved.into()))
}

/// Submits the company: every answer is checked, the company becomes a business profile the
/// person owns, and onboarding moves on.
#[utoipa::path(patch, path = "/v2/onboardings", tag = "onboarding",
    responses((status = 200, body = KycStatusReply)))]
async fn submit(
    State(state): State<ApiState>,
    user: CurrentUser,
) -> Result<Json<KycStatusReply>, AppError> {
    let row = in_step(&state, &user.user_id, Step::Business).await?;
    if !is_business(row.flow()) {
        return Err(super::step_not_open());
    }
    let current = wizard::draft(&state.db, &user.user_id).await?;
    business::check_all(&current.data, london::today(state.db.now_ms())).map_err(refusal)?;
    steps::submit_company(&state.db, &row, &current)
        .await
        .map_err(step_refused)?;
    Ok(Json(kyc_reply(&state, &user).await?))
}
