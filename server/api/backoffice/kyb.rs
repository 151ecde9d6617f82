//! The KYB queue (issue 32 point 3): `GET /back-office/api/kyb` the businesses waiting,
//! `POST /back-office/api/kyb/case` one applicant's case, `POST /back-office/api/kyb/decision`
//! the decision (approve, reject, or request more with what the bank needs).

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::customers::{actor, customer_id as applicant_id};
use super::session::CurrentStaff;
use crate::api::client_ip::ClientIp;
use crate::api::error::{ApiJson, AppError};
use crate::api::ApiState;
use crate::domain::london::iso_time;
use crate::domain::onboarding::business::BusinessData;
use crate::domain::onboarding::kyc::KycStatus;
use crate::domain::onboarding::review::KybDecision;
use crate::services::backoffice::kyb::{self, Waiting};
use crate::services::onboarding::review::DecisionError;

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(queue))
        .routes(routes!(case))
        .routes(routes!(decide))
}

/// A business waiting for review, as the queue lists it.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KybWaiting {
    pub user_id: String,
    pub applicant: String,
    pub email: String,
    pub company_name: String,
    pub company_number: String,
    pub country: String,
    /// kyb_pending (waiting for the bank) or kyb_requested (waiting for the applicant).
    pub status: KycStatus,
    /// RFC 3339, UTC.
    pub submitted_at: String,
}

fn waiting(item: &Waiting) -> KybWaiting {
    let (person, application) = (&item.applicant, &item.application);
    KybWaiting {
        user_id: person.id.to_string(),
        applicant: format!("{} {}", person.name, person.surname),
        email: person.email.clone(),
        company_name: application.data.name.clone(),
        company_number: application.data.number.clone(),
        country: application.data.country.clone(),
        status: person.kyc_status,
        submitted_at: application.submitted_at.map(iso_time).unwrap_or_default(),
    }
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct KybQueue {
    pub waiting: Vec<KybWaiting>,
}

/// The businesses waiting for the bank's review, oldest submission first.
#[utoipa::path(get, path = "/back-office/api/kyb", tag = super::TAG,
    responses((status = 200, body = KybQueue)))]
async fn queue(
    State(state): State<ApiState>,
    staff: CurrentStaff,
    ip: ClientIp,
) -> Result<Json<KybQueue>, AppError> {
    let ip = ip.to_string();
    let items = kyb::queue(&state.db, &actor(&staff, &ip)).await?;
    Ok(Json(KybQueue {
        waiting: items.iter().map(waiting).collect(),
    }))
}

/// The identity check of the applicant, as the provider last reported it.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IdentityCheckView {
    pub provider: String,
    pub applicant_id: String,
    /// submitted, approved, retry or rejected.
    pub review: String,
    pub updated_at: String,
}

/// Everything the applicant submitted, for the decision.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KybCase {
    pub summary: KybWaiting,
    pub phone: Option<String>,
    /// The company's details, addresses and activity, as the applicant gave them.
    pub business: BusinessData,
    /// What each coded answer in `business` means ("GB" → "United Kingdom").
    pub labels: std::collections::BTreeMap<String, String>,
    pub identity: Option<IdentityCheckView>,
    /// What the bank last asked for, and the applicant's answer.
    pub review_note: Option<String>,
    pub additional_info: Option<String>,
}

pub(super) fn identity_view(
    (provider, applicant_id, review, at): (String, String, String, i64),
) -> IdentityCheckView {
    IdentityCheckView {
        provider,
        applicant_id,
        review,
        updated_at: iso_time(at),
    }
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KybApplicant {
    pub user_id: String,
}

/// One applicant's case; 404 when they have no submitted application. Opening it is logged.
#[utoipa::path(post, path = "/back-office/api/kyb/case", tag = super::TAG,
    request_body = KybApplicant, responses((status = 200, body = KybCase)))]
async fn case(
    State(state): State<ApiState>,
    staff: CurrentStaff,
    ip: ClientIp,
    ApiJson(input): ApiJson<KybApplicant>,
) -> Result<Json<KybCase>, AppError> {
    let user_id = applicant_id(&input.user_id)?;
    let ip = ip.to_string();
    let found = kyb::case(&state.db, &actor(&staff, &ip), &user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let application = &found.waiting.application;
    Ok(Json(KybCase {
        summary: waiting(&found.waiting),
        phone: found.phone.map(|(code, number)| format!("{code} {number}")),
        business: application.data.clone(),
        labels: application.data.labels(),
        identity: found.identity.map(identity_view),
        review_note: application.review_note.clone(),
        additional_info: application.additional_info.clone(),
    }))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KybDecisionInput {
    pub user_id: String,
    pub decision: KybDecision,
    /// What the bank needs (required to request more).
    #[serde(default)]
    pub note: Option<String>,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct KybDecided {
    /// The applicant's status now.
    pub status: KycStatus,
}

/// The decision on the business; the applicant is told by email and sees it in the app.
#[utoipa::path(post, path = "/back-office/api/kyb/decision", tag = super::TAG,
    request_body = KybDecisionInput, responses((status = 200, body = KybDecided)))]
async fn decide(
    State(state): State<ApiState>,
    staff: CurrentStaff,
    ip: ClientIp,
    ApiJson(input): ApiJson<KybDecisionInput>,
) -> Result<Json<KybDecided>, AppError> {
    let user_id = applicant_id(&input.user_id)?;
    let ip = ip.to_string();
    let status = kyb::decide(
        &state.db,
        &state.notify,
        &state.config.company.trading_name,
        &actor(&staff, &ip),
        &user_id,
        input.decision,
        input.note.as_deref(),
    )
    .await
    .map_err(|error| match error {
        DecisionError::UnknownCustomer => AppError::NotFound,
        DecisionError::NotInReview(_) => AppError::refused(
            StatusCode::CONFLICT,
            "not_in_review",
            "Already decided",
            "This business is not waiting for a review any more.",
        ),
        DecisionError::NoteRequired => {
            AppError::field("note", "Say what the business needs to send")
        }
        DecisionError::Sql(error) => AppError::Database(error),
    })?;
    Ok(Json(KybDecided { status }))
}
