//! Onboarding (SPEC §7 Onboarding, Utilities, and the phone calls of Users and Auth): the steps
//! that take a signed-up person to a working account. Every step's calls are open only while
//! the person's KYC status asks for that step; the server moves the status on.

pub mod back;
pub mod business;
pub mod companies;
pub mod fee;
pub mod identity;
pub mod kyb;
pub mod phone;
pub mod reference;

use axum::http::StatusCode;
use utoipa_axum::router::OpenApiRouter;

use super::error::AppError;
use super::ApiState;
use crate::domain::ids::UserId;
use crate::domain::onboarding::journey::{self, Step};
use crate::services::onboarding::UserRow;

pub fn routes() -> OpenApiRouter<ApiState> {
    reference::routes()
        .merge(business::routes())
        .merge(phone::routes())
        .merge(companies::routes())
        .merge(identity::routes())
        .merge(kyb::routes())
        .merge(fee::routes())
        .merge(back::routes())
}

fn step_not_open() -> AppError {
    AppError::refused(
        StatusCode::CONFLICT,
        "step_not_open",
        "Not available now",
        "This step of your application is not open. Please continue from the overview.",
    )
}

fn step_refused(error: crate::services::onboarding::steps::StepError) -> AppError {
    match error {
        crate::services::onboarding::steps::StepError::NotOpen => step_not_open(),
        crate::services::onboarding::steps::StepError::Storage(error) => error.into(),
    }
}

/// The signed-in person, if their KYC status asks for `step` now.
async fn in_step(state: &ApiState, user_id: &UserId, step: Step) -> Result<UserRow, AppError> {
    let user = crate::services::onboarding::person(&state.db, user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    if journey::open_for(step).contains(&user.kyc_status) {
        Ok(user)
    } else {
        Err(step_not_open())
    }
}
