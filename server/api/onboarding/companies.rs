//! Company search for the business wizard (SPEC §7 POST /v2/companies/search; §5 2+ characters).

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::current_user::CurrentUser;
use crate::api::error::{ApiJson, AppError};
use crate::api::ApiState;
use crate::providers::companies::CompanyMatch;
use crate::rate_limit::{Limit, UserKey};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new().routes(routes!(search))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyQuery {
    #[serde(default)]
    pub search_keyword: String,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct CompanyResults {
    pub results: Vec<CompanyMatch>,
}

fn unavailable() -> AppError {
    AppError::refused(
        StatusCode::SERVICE_UNAVAILABLE,
        "company_search_unavailable",
        "Company search unavailable",
        "Company search is not available. Please enter your company's details.",
    )
}

#[utoipa::path(post, path = "/v2/companies/search", tag = "onboarding",
    request_body = CompanyQuery, responses((status = 200, body = CompanyResults)))]
async fn search(
    State(state): State<ApiState>,
    user: CurrentUser,
    ApiJson(query): ApiJson<CompanyQuery>,
) -> Result<Json<CompanyResults>, AppError> {
    let keyword = query.search_keyword.trim();
    let length = keyword.chars().count();
    if !(2..=160).contains(&length) {
        return Err(AppError::field(
            "searchKeyword",
            "Enter at least 2 characters of the company's name or number",
        ));
    }
    // Every search may cost a call to the register: one person cannot drain the bank's quota.
    state
        .limiter
        .check(Limit::CompanySearchesPerUser, &UserKey(&user.user_id))
        .await?;
    let register = state.companies.as_ref().ok_or_else(unavailable)?;
    let found = register.search(keyword).await;
    if state.config.companies_house.is_some() {
        let party = crate::providers::party::COMPANIES_HOUSE;
        crate::services::outside_parties::answered(&state.db, party, &found).await;
    }
    let results = found.map_err(|error| {
        tracing::warn!(%error, "company search failed");
        unavailable()
    })?;
    Ok(Json(CompanyResults { results }))
}
