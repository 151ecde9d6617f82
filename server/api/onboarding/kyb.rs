//! The bank's review of a business (KYB, issue 10 point 5). The admin panel is off, so the
//! bank's operators decide with the `bank kyb` command; the customer answers a request for more
//! on the additional-company-info screen (SPEC §4: kyb_requested/kyb_pending route there).

use axum::extract::State;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::in_step;
use crate::api::current_user::CurrentUser;
use crate::api::error::{ApiJson, AppError};
use crate::api::replies::Empty;
use crate::api::ApiState;
use crate::domain::auth::email::Email;
use crate::domain::messages::{Channel, Message};
use crate::domain::onboarding::journey::{self, Step};
use crate::domain::onboarding::kyc::KycStatus;
use crate::providers::notify::Notifications;
use crate::store::{self, now_ms, Db};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new().routes(routes!(additional_info))
}

#[derive(serde::Deserialize, utoipa::ToSchema)]
pub struct AdditionalInfo {
    #[serde(default)]
    text: String,
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
    let onboarding = store::onboardings::latest(&state.db, &user.user_id)
        .await?
        .filter(|o| o.submitted_at.is_some())
        .ok_or(AppError::NotFound)?;
    let mut tx = state.db.begin_write().await?;
    if !store::users::move_status(
        &mut tx,
        &user.user_id,
        &[KycStatus::KybRequested],
        KycStatus::KybPending,
    )
    .await?
    {
        return Err(super::step_not_open());
    }
    store::onboardings::set_additional_info(&mut tx, &onboarding.id, text, now_ms()).await?;
    tx.commit().await?;
    Ok(Json(Empty {}))
}

/// An operator's decision on a business.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    Approve,
    RequestMore,
    Reject,
}

#[derive(Debug, thiserror::Error)]
pub enum DecisionError {
    #[error("no customer has that email")]
    UnknownCustomer,
    #[error("the customer's business is not waiting for a review (status {0})")]
    NotInReview(&'static str),
    #[error("say what the bank needs: --note \"…\"")]
    NoteRequired,
    #[error(transparent)]
    Sql(#[from] sqlx::Error),
}

/// Records the decision and moves the customer on; tells them by email.
pub async fn decide(
    db: &Db,
    notify: &Notifications,
    trading_name: &str,
    email: &str,
    decision: Decision,
    note: Option<&str>,
) -> Result<KycStatus, DecisionError> {
    let email = Email::parse(email).map_err(|_| DecisionError::UnknownCustomer)?;
    let user = store::users::by_email(db, &email)
        .await?
        .ok_or(DecisionError::UnknownCustomer)?;
    let in_review = [KycStatus::KybPending, KycStatus::KybRequested];
    if !in_review.contains(&user.kyc_status) {
        return Err(DecisionError::NotInReview(user.kyc_status.as_str()));
    }
    let note = note.map(str::trim).filter(|n| !n.is_empty());
    let (to, from): (KycStatus, &[KycStatus]) = match decision {
        Decision::Approve => (journey::after(user.flow(), Step::Kyb, true), &in_review),
        Decision::Reject => (KycStatus::Rejected, &in_review),
        Decision::RequestMore => {
            if note.is_none() {
                return Err(DecisionError::NoteRequired);
            }
            (KycStatus::KybRequested, &[KycStatus::KybPending])
        }
    };
    let onboarding = store::onboardings::latest(db, &user.id).await?;
    let mut tx = db.begin_write().await?;
    if !store::users::move_status(&mut tx, &user.id, from, to).await? {
        return Err(DecisionError::NotInReview(user.kyc_status.as_str()));
    }
    if let (Decision::RequestMore, Some(onboarding), Some(note)) = (decision, &onboarding, note) {
        store::onboardings::set_review_note(&mut tx, &onboarding.id, note, now_ms()).await?;
    }
    tx.commit().await?;
    let body = match decision {
        Decision::Approve => "We have verified your business. Log in to pay the activation fee and open your accounts.".to_string(),
        Decision::RequestMore => format!(
            "We need a little more information about your business:\n\n{}\n\nLog in to answer.",
            note.unwrap_or_default()
        ),
        Decision::Reject => "We are sorry: we are unable to open an account for your business.".to_string(),
    };
    let sent = notify
        .send(Message {
            channel: Channel::Email,
            to: user.email.clone(),
            subject: format!("Your {trading_name} application"),
            body,
        })
        .await;
    if let Err(error) = sent {
        // The decision stands; the customer also sees it when they log in.
        tracing::error!(%error, "KYB decision email not sent");
    }
    Ok(to)
}
