//! Reference data for onboarding forms.

use axum::extract::State;
use axum::http::header;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::{Json, Router};

use super::current_user::CurrentUser;
use super::error::{ApiJson, AppError};
use super::ApiState;
use crate::domain::onboarding::{addresses, countries};

pub fn routes() -> Router<ApiState> {
    Router::new()
        .route("/v1/utils/countries", get(list_countries))
        .route("/v2/countries/addresses/search", post(search_addresses))
}

#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct AddressQuery {
    #[serde(default)]
    postal_code: String,
}

/// SPEC §5: the search runs on 5 to 10 postcode characters. Only the sandbox has a
/// look-up (a bundled sample); a live bank without a provider says so and the person types
/// the address.
async fn search_addresses(
    State(state): State<ApiState>,
    _user: CurrentUser,
    ApiJson(query): ApiJson<AddressQuery>,
) -> Result<Json<serde_json::Value>, AppError> {
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
    Ok(Json(
        serde_json::json!({ "results": addresses::search(&query.postal_code) }),
    ))
}

/// SPEC §9 caches countries forever on the client; a day is plenty for shared caches.
async fn list_countries() -> impl IntoResponse {
    (
        [(header::CACHE_CONTROL, "public, max-age=86400")],
        Json(countries::all()),
    )
}
