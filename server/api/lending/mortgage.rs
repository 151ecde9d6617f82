//! The mortgage's steps (SPEC §2 Mortgage: start, basic, finance, status; §3 Mortgage basic,
//! Business finances, Property finances): the draft with what the bank prefills, and each part
//! saved on its own. Submitting is `POST /v2/loan-applications {type: mortgage}` (loans.rs).

use axum::extract::State;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::loans::{view, LoanApplicationView};
use crate::api::error::{ApiJson, AppError};
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
use crate::domain::lending::application::Product;
use crate::domain::lending::mortgage::{BusinessFinances, MortgageBasic, PropertyFinances};
use crate::services::lending::loans as applications;
use crate::services::lending::mortgage::{self as service, MortgageDraft, SaveError};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(fetch))
        .routes(routes!(save_basic))
        .routes(routes!(save_business))
        .routes(routes!(save_property))
}

/// The mortgage as its screens show it: the saved parts, what the bank fills in for the basic
/// step (the company's name and number, the person's name), the latest application, and when
/// another may be made (SPEC §8).
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MortgageView {
    pub basic: Option<MortgageBasic>,
    pub business_finances: Option<BusinessFinances>,
    pub property_finances: Option<PropertyFinances>,
    pub prefill: MortgageBasic,
    pub application: Option<LoanApplicationView>,
    pub next_application_from: Option<String>,
}

fn unavailable() -> AppError {
    AppError::unavailable(
        "lending_unavailable",
        "Finance is not available at the moment.",
    )
}

async fn answer(
    state: &ApiState,
    profile: &SelectedProfile,
    draft: MortgageDraft,
) -> Result<Json<MortgageView>, AppError> {
    let company =
        crate::services::invoices::documents::seller(&state.db, &profile.profile_id).await?;
    let person = crate::services::auth::user(&state.db, &profile.user_id)
        .await?
        .ok_or(AppError::Forbidden)?;
    let latest = applications::of_profile(&state.db, &profile.profile_id, Product::Mortgage)
        .await?
        .into_iter()
        .next();
    let next = applications::next_from(&state.db, &profile.profile_id, Product::Mortgage).await?;
    Ok(Json(MortgageView {
        basic: draft.basic,
        business_finances: draft.business,
        property_finances: draft.property,
        prefill: MortgageBasic {
            name: format!("{} {}", person.name, person.surname)
                .trim()
                .to_string(),
            company_name: company.name,
            company_number: company.registration_number.unwrap_or_default(),
            ..MortgageBasic::default()
        },
        application: latest.map(view),
        next_application_from: next,
    }))
}

fn refused(error: SaveError) -> AppError {
    match error {
        SaveError::Invalid(errors) => AppError::Fields(errors),
        SaveError::Storage(error) => error.into(),
    }
}

#[utoipa::path(post, path = "/v2/mortgage/fetch", tag = "lending",
    responses((status = 200, body = MortgageView)))]
async fn fetch(
    State(state): State<ApiState>,
    profile: SelectedProfile,
) -> Result<Json<MortgageView>, AppError> {
    if super::lender_for(&state, Product::Mortgage).is_none() {
        return Err(unavailable());
    }
    let draft = service::draft(&state.db, &profile.profile_id).await?;
    answer(&state, &profile, draft).await
}

#[utoipa::path(put, path = "/v2/mortgage/basic", tag = "lending",
    request_body = MortgageBasic, responses((status = 200, body = MortgageView)))]
async fn save_basic(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(basic): ApiJson<MortgageBasic>,
) -> Result<Json<MortgageView>, AppError> {
    if super::lender_for(&state, Product::Mortgage).is_none() {
        return Err(unavailable());
    }
    super::limit(&state, &profile).await?;
    let draft = service::save_basic(&state.db, &profile.profile_id, &basic)
        .await
        .map_err(refused)?;
    answer(&state, &profile, draft).await
}

#[utoipa::path(put, path = "/v2/mortgage/business-finances", tag = "lending",
    request_body = BusinessFinances, responses((status = 200, body = MortgageView)))]
async fn save_business(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(finances): ApiJson<BusinessFinances>,
) -> Result<Json<MortgageView>, AppError> {
    if super::lender_for(&state, Product::Mortgage).is_none() {
        return Err(unavailable());
    }
    super::limit(&state, &profile).await?;
    let draft = service::save_business(&state.db, &profile.profile_id, &finances)
        .await
        .map_err(refused)?;
    answer(&state, &profile, draft).await
}

#[utoipa::path(put, path = "/v2/mortgage/property-finances", tag = "lending",
    request_body = PropertyFinances, responses((status = 200, body = MortgageView)))]
async fn save_property(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(finances): ApiJson<PropertyFinances>,
) -> Result<Json<MortgageView>, AppError> {
    if super::lender_for(&state, Product::Mortgage).is_none() {
        return Err(unavailable());
    }
    super::limit(&state, &profile).await?;
    let draft = service::save_property(&state.db, &profile.profile_id, &finances)
        .await
        .map_err(refused)?;
    answer(&state, &profile, draft).await
}
