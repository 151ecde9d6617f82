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
use crate::domain::onboarding::business::{self, BusinessData, Refusal, STEPS};
use crate::domain::onboarding::journey::{self, Step};
use crate::domain::onboarding::kyc::OnboardingFlow;
use crate::services::onboarding::steps;
use crate::store;
use crate::store::onboardings::Onboarding;

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(save, submit))
        .routes(routes!(take))
}

/// The wizard's state: the answers so far and how many steps are done.
#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OnboardingReply {
    id: String,
    /// Steps done, 0 to 5: the wizard opens at this step.
    step: i64,
    data: BusinessData,
    submitted: bool,
    /// What the bank asked for when it needs more about the business (kyb_requested).
    review_note: Option<String>,
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

/// The draft the person works on: their newest unsubmitted one, or a new one.
async fn draft(state: &ApiState, user_id: &str) -> Result<Onboarding, AppError> {
    match store::onboardings::latest(&state.db, user_id).await? {
        Some(row) if row.submitted_at.is_none() => Ok(row),
        _ => Ok(store::onboardings::create(&state.db, user_id, state.db.now_ms()).await?),
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
    let row = store::users::by_id(&state.db, &user.user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    if !is_business(row.flow()) {
        return Err(AppError::NotFound);
    }
    let current = match store::onboardings::latest(&state.db, &user.user_id).await? {
        Some(found) => found,
        None if journey::open_for(Step::Business).contains(&row.kyc_status) => {
            draft(&state, &user.user_id).await?
        }
        None => return Err(AppError::NotFound),
    };
    Ok(Json(current.into()))
}

#[derive(serde::Deserialize, utoipa::ToSchema)]
pub struct SaveInput {
    /// The step these answers complete, 0 to 4.
    #[serde(default)]
    step: i64,
    #[serde(default)]
    data: BusinessData,
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
    let current = draft(&state, &user.user_id).await?;
    let steps = STEPS.len() as i64;
    if !(0..steps).contains(&input.step) || input.step > current.step {
        return Err(AppError::field("step", "Step is out of range"));
    }
    let data = business::with_country_reset(&current.data, input.data);
    let today = london::today(state.db.now_ms());
    // Every step up to this one is checked again: an earlier answer may have changed with it.
    for step in 0..=input.step as usize {
        business::check_step(&data, step, today).map_err(refusal)?;
    }
    let reset = data.country != current.data.country && !current.data.country.is_empty();
    let step = if reset {
        1
    } else {
        current.step.max(input.step + 1)
    };
    if !store::onboardings::save(&state.db, &current.id, step, &data, state.db.now_ms()).await? {
        return Err(super::step_not_open());
    }
    Ok(Json(OnboardingReply {
        step,
        data,
        ..current.into()
    }))
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
    let current = draft(&state, &user.user_id).await?;
    business::check_all(&current.data, london::today(state.db.now_ms())).map_err(refusal)?;
    steps::submit_company(&state.db, &row, &current)
        .await
        .map_err(step_refused)?;
    Ok(Json(kyc_reply(&state, &user).await?))
}
