//! The JSON API of SPEC §7, one module per area. The same router answers the browser and,
//! in-process, the server render (DESIGN.md §2 step 4).

pub mod engagement;
pub mod error;
pub mod onboarding;

use std::sync::Arc;

use axum::Router;

use crate::config::Config;
use crate::store::Db;

/// What every API handler may use.
#[derive(Clone)]
pub struct ApiState {
    pub config: Arc<Config>,
    pub db: Db,
    pub notify: Arc<crate::providers::notify::Notifications>,
}

pub fn router(state: ApiState) -> Router {
    Router::new()
        .merge(engagement::routes())
        .merge(onboarding::routes())
        // Unknown API paths answer in the API's own error format, not with a page.
        .route(
            "/v1/{*rest}",
            axum::routing::any(|| async { error::AppError::NotFound }),
        )
        .route(
            "/v2/{*rest}",
            axum::routing::any(|| async { error::AppError::NotFound }),
        )
        .with_state(state)
}
