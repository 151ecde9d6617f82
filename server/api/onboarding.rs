//! Reference data for onboarding forms.

use axum::extract::State;
use axum::http::header;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::current_user::CurrentUser;
use super::error::{ApiJson, AppError};
use super::ApiState;
use crate::domain::onboarding::addresses::{self, AddressMatch};
use crate::domain::onboarding::countries::{self, Country};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(list_countries))
        .routes(routes!(search_addresses))
}

#[derive(serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddressQuery {
    #[serde(default)]
    postal_code: String,
}

#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct AddressResults {
    results: Vec<AddressMatch>,
}

/// SPEC §5: the search runs on 5 to 10 postcode characters. Only the sandbox has a
/// look-up (a bundled sample); a live bank without a provider says so and the person types
/// the address.
#[utoipa::path(post, path = "/v2/countries/addresses/search", tag = "onboarding",
    request_body = AddressQuery,
    responses((status = 200, body = AddressResults)))]
async fn search_addresses(
    State(state): State<ApiState>,
    _user: CurrentUser,
    ApiJson(query): ApiJson<AddressQuery>,
) -> Result<Json<AddressResults>, AppError> {
    let length = query.postal_code.trim().chars().count();
    if !(5..=10).contains(&length) {
        return Err(AppError::field(
            "postalCode",
            "Enter 5 to 10 characters of the postcode",
        ));
    }
    if !state.config.sandbox {
        return Err(AppError::refused(
            StatusCode::SERVICE_UNAVAILABLE,
            "address_search_unavailable",
            "Address search unavailable",
            "Address search is not available. Please enter your address.",
        ));
    }
    Ok(Json(AddressResults {
        results: addresses::search(&query.postal_code),
    }))
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
