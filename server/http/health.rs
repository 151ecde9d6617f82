use axum::extract::State;
use axum::http::StatusCode;

use super::AppState;

/// The process is up and serving.
pub async fn healthz() -> &'static str {
    "ok"
}

/// The database answers and the process is not shutting down: the instance can take traffic.
pub async fn readyz(State(state): State<AppState>) -> (StatusCode, &'static str) {
    if state.lifecycle.is_draining() {
        (StatusCode::SERVICE_UNAVAILABLE, "shutting down")
    } else if state.api.db.ping().await {
        (StatusCode::OK, "ready")
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, "database unreachable")
    }
}
