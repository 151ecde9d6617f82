//! Reference data for onboarding forms.

use axum::extract::State;
use axum::http::header;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::current_user::CurrentUser;
use crate::api::error::{ApiJson, ApiQuery, AppError};
use crate::api::ApiState;
use crate::domain::onboarding::business_options::{self as options, Choice};
use crate::domain::onboarding::countries::{self, Country};
use crate::providers::addresses::AddressMatch;
use crate::rate_limit::{Limit, UserKey};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(list_countries))
        .routes(routes!(search_addresses))
        .routes(routes!(account_usage))
        .routes(routes!(turnover))
        .routes(routes!(business_types))
}

/// SPEC §7 account-usage: the answers the wizard offers about how the account will be used.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountUsage {
    pub source_of_funds: Vec<Choice>,
    pub business_size: Vec<Choice>,
    pub transaction_count: Vec<Choice>,
    pub transaction_volume_gbp: Vec<Choice>,
    pub transaction_volume_eur: Vec<Choice>,
    pub purpose_description: Vec<Choice>,
    pub sending_counterparties: Vec<Choice>,
    pub receiving_counterparties: Vec<Choice>,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct UsageQuery {
    /// The lists wanted, comma-separated; all are small, so every list is answered.
    #[allow(dead_code)]
    pub fields: Option<String>,
    /// yyyy-MM-dd: a company younger than a year is offered start-up capital as its source.
    pub incorporation_date: Option<String>,
}

#[utoipa::path(get, path = "/v1/utils/account-usage", tag = "onboarding", params(UsageQuery),
    responses((status = 200, body = AccountUsage)))]
async fn account_usage(
    State(state): State<ApiState>,
    _user: CurrentUser,
    ApiQuery(query): ApiQuery<UsageQuery>,
) -> Json<AccountUsage> {
    let incorporated = query.incorporation_date.as_deref().and_then(|text| {
        time::Date::parse(
            text,
            time::macros::format_description!("[year]-[month]-[day]"),
        )
        .ok()
    });
    Json(AccountUsage {
        source_of_funds: options::sources_of_funds(
            incorporated,
            crate::domain::london::today(state.db.now_ms()),
        ),
        business_size: options::BUSINESS_SIZES.to_vec(),
        transaction_count: options::TRANSACTION_COUNTS.to_vec(),
        transaction_volume_gbp: options::VOLUMES_GBP.to_vec(),
        transaction_volume_eur: options::VOLUMES_EUR.to_vec(),
        purpose_description: options::PURPOSES.to_vec(),
        sending_counterparties: options::SENDING_COUNTERPARTIES.to_vec(),
        receiving_counterparties: options::RECEIVING_COUNTERPARTIES.to_vec(),
    })
}

/// SPEC §7 turnover: monthly volumes by currency, and transaction counts.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Turnover {
    pub transaction_count: Vec<Choice>,
    pub volume_gbp: Vec<Choice>,
    pub volume_eur: Vec<Choice>,
}

#[utoipa::path(get, path = "/v1/utils/turnover", tag = "onboarding",
    responses((status = 200, body = Turnover)))]
async fn turnover() -> impl IntoResponse {
    (
        [(header::CACHE_CONTROL, "public, max-age=86400")],
        Json(Turnover {
            transaction_count: options::TRANSACTION_COUNTS.to_vec(),
            volume_gbp: options::VOLUMES_GBP.to_vec(),
            volume_eur: options::VOLUMES_EUR.to_vec(),
        }),
    )
}

/// SPEC §7 business-types: the industries (SPEC §5 'Select industry type').
#[utoipa::path(get, path = "/v1/utils/business-types", tag = "onboarding",
    responses((status = 200, body = Vec<Choice>)))]
async fn business_types() -> impl IntoResponse {
    (
        [(header::CACHE_CONTROL, "public, max-age=86400")],
        Json(options::BUSINESS_TYPES.to_vec()),
    )
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddressQuery {
    #[serde(default)]
    pub postal_code: String,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct AddressResults {
    pub results: Vec<AddressMatch>,
}

/// SPEC §5: the search runs on 5 to 10 postcode characters. The look-up is the configured
/// address service (Ideal Postcodes) or the sandbox's sample; without one, or when it does not
/// answer, the person is told to type the address.
#[utoipa::path(post, path = "/v2/countries/addresses/search", tag = "onboarding",
    request_body = AddressQuery,
    responses((status = 200, body = AddressResults)))]
async fn search_addresses(
    State(state): State<ApiState>,
    user: CurrentUser,
    ApiJson(query): ApiJson<AddressQuery>,
) -> Result<Json<AddressResults>, AppError> {
    let length = query.postal_code.trim().chars().count();
    if !(5..=10).contains(&length) {
        return Err(AppError::field(
            "postalCode",
            "Enter 5 to 10 characters of the postcode",
        ));
    }
    state
        .limiter
        .check(Limit::AddressSearchesPerUser, &UserKey(&user.user_id))
        .await?;
    let unavailable = || {
        AppError::refused(
            StatusCode::SERVICE_UNAVAILABLE,
            "address_search_unavailable",
            "Address search unavailable",
            "Address search is not available. Please enter your address.",
        )
    };
    let lookup = state.addresses.as_ref().ok_or_else(unavailable)?;
    let found = lookup.find(&query.postal_code).await;
    if state.config.ideal_postcodes.is_some() {
        let party = crate::providers::party::IDEAL_POSTCODES;
        crate::services::outside_parties::answered(&state.db, party, &found).await;
    }
    let results = found.map_err(|error| {
        tracing::warn!(%error, "address search failed");
        unavailable()
    })?;
    Ok(Json(AddressResults { results }))
}

/// SPEC §9 caches countries forever on the client; a day is plenty for shared caches.
#[utoipa::path(get, path = "/v1/utils/countries", tag = "onboarding",
    responses((status = 200, body = Vec<Country>)))]
async fn list_countries() -> impl IntoResponse {
    (
        [(header::CACHE_CONTROL, "public, max-age=86400")],
        Json(countries::all()),
    )
}
