//! Reference data for onboarding forms.

use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::{Json, Router};

use super::ApiState;
use crate::domain::onboarding::countries;

pub fn routes() -> Router<ApiState> {
    Router::new().route("/v1/utils/countries", get(list_countries))
}

/// SPEC §9 caches countries forever on the client; a day is plenty for shared caches.
async fn list_countries() -> impl IntoResponse {
    (
        [(header::CACHE_CONTROL, "public, max-age=86400")],
        Json(countries::all()),
    )
}
