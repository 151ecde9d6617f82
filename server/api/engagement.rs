//! Feature flags and system settings.

use axum::extract::State;
use axum::http::{header, HeaderMap};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::{Json, Router};

use super::error::{ApiJson, AppError};
use super::ApiState;
use crate::domain::engagement::features::FeatureFlags;
use crate::domain::engagement::settings::{Setting, SettingError};
use crate::store;

pub fn routes() -> Router<ApiState> {
    Router::new()
        .route("/v1/features", get(features))
        .route("/v1/utils/settings", get(settings).post(put_setting))
}

#[derive(serde::Serialize)]
struct FeatureEntry {
    name: &'static str,
    state: &'static str,
}

/// The effective flags: configuration, then the overrides stored in the database.
pub async fn effective_flags(state: &ApiState) -> Result<FeatureFlags, sqlx::Error> {
    let overrides = store::features::overrides(&state.db).await?;
    Ok(state.config.features.with_overrides(&overrides))
}

async fn features(State(state): State<ApiState>) -> Result<impl IntoResponse, AppError> {
    let flags = effective_flags(&state).await?;
    let entries: Vec<FeatureEntry> = crate::domain::engagement::features::FLAG_NAMES
        .iter()
        .map(|name| FeatureEntry {
            name,
            state: if flags.get(name) { "on" } else { "off" },
        })
        .collect();
    Ok(([(header::CACHE_CONTROL, "no-cache")], Json(entries)))
}

async fn settings(State(state): State<ApiState>) -> Result<impl IntoResponse, AppError> {
    Ok((
        [(header::CACHE_CONTROL, "no-cache")],
        Json(store::settings::all(&state.db).await?),
    ))
}

#[derive(serde::Deserialize)]
struct SettingInput {
    name: String,
    value: serde_json::Value,
}

/// System settings change what every customer's app shows, so only operators holding the
/// configured ops token may write them.
async fn put_setting(
    State(state): State<ApiState>,
    headers: HeaderMap,
    ApiJson(input): ApiJson<SettingInput>,
) -> Result<Json<Setting>, AppError> {
    let expected = state
        .config
        .ops_token
        .as_ref()
        .map(secrecy::ExposeSecret::expose_secret)
        .ok_or(AppError::Forbidden)?;
    let presented = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or_default();
    if !constant_time_eq(presented.as_bytes(), expected.as_bytes()) {
        return Err(AppError::Forbidden);
    }
    let setting = Setting::parse(&input.name, &input.value).map_err(|error| match error {
        SettingError::UnknownName => AppError::field("name", "Unknown setting"),
        SettingError::InvalidValue(message) => AppError::field("value", message),
    })?;
    store::settings::put(&state.db, &setting).await?;
    Ok(Json(setting))
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}
