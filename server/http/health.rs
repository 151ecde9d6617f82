use axum::extract::State;
use axum::http::StatusCode;

use super::AppState;

/// The process is up and serving.
pub async fn healthz() -> &'static str {
    "ok"
}

/// The database answers: the instance can take traffic.
pub async fn readyz(State(state): State<AppState>) -> (StatusCode, &'static str) {
    if state.api.db.ping().await {
        (StatusCode::OK, "ready")
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, "database unreachable")
    }
}
