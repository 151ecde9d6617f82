//! While the database cannot be reached (a failover in progress, a restart, a cut network), the
//! bank answers 503 with `Retry-After` instead of a 500: clients and load balancers retry, people
//! see "try again in a moment", and monitoring tells an outage from a bug (issue 34 point 6).
//! Every failed request is checked here, whatever path it took (API, page, plain form post), so
//! no handler needs to know which of its errors mean the database is away: a 500 is a 503 when
//! its error was a failover's (`DatabaseAway`: the connection lost, the server shutting down, a
//! node still read-only, which answers `SELECT 1` at the moment of its promotion), or when the
//! database does not answer `SELECT 1`. The check costs only requests that already failed; the
//! pool reconnects by itself once the database is back.

use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::AppState;
use crate::api::error::DatabaseAway;

/// What clients are told to wait before trying again: about what a standby's promotion takes.
pub const RETRY_AFTER_S: &str = "5";
pub const CODE: &str = "unavailable";
pub const MESSAGE: &str =
    "The Internet bank cannot be reached right now. Please try again in a few seconds.";
/// How long the check waits for the database before calling it away.
const PROBE: Duration = Duration::from_secs(2);

pub async fn guard(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    if response.status() != StatusCode::INTERNAL_SERVER_ERROR {
        return response;
    }
    let away = response.extensions().get::<DatabaseAway>().is_some();
    if !away && reachable(&state).await {
        return response;
    }
    tracing::warn!("the database cannot be reached: answering 503 instead of 500");
    let json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    let mut answer = if json {
        let body = crate::api::error::ErrorBody {
            code: CODE.into(),
            title: "Not available".into(),
            message: MESSAGE.into(),
            fields: None,
        };
        (StatusCode::SERVICE_UNAVAILABLE, axum::Json(body)).into_response()
    } else {
        super::pages::unavailable(&state, MESSAGE)
    };
    answer
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static(RETRY_AFTER_S));
    answer
}

async fn reachable(state: &AppState) -> bool {
    matches!(
        tokio::time::timeout(PROBE, state.api.db.ping()).await,
        Ok(true)
    )
}
