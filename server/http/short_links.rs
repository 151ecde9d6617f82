//! `/s/{code}`: a short link of the bank (POST /v2/short-links/take) leads to the path it was
//! made for; any other code is the app's page-not-found.

use axum::extract::{Path, Request, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

use super::{pages, AppState};
use crate::api::client_ip::ClientIp;

pub async fn follow(
    State(state): State<AppState>,
    ip: ClientIp,
    Path(code): Path<String>,
    request: Request,
) -> Response {
    match crate::services::engagement::referrals::resolve(&state.api.db, &code).await {
        Ok(Some(target)) => (
            StatusCode::FOUND,
            [(header::LOCATION, target)],
            [(header::CACHE_CONTROL, "no-store")],
        )
            .into_response(),
        Ok(None) => pages::page(State(state), ip, request).await,
        Err(error) => {
            tracing::error!(%error, "reading a short link failed");
            pages::failure(&state)
        }
    }
}
