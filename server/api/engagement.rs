//! Feature flags and system settings.

use axum::extract::State;
use axum::http::{header, HeaderMap};
use axum::response::IntoResponse;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::error::{ApiJson, AppError};
use super::ApiState;
use crate::domain::engagement::features::FeatureFlags;
use crate::domain::engagement::settings::{Setting, SettingError};
use crate::services::engagement::settings;

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(features))
        .routes(routes!(settings, put_setting))
}

crate::domain::named_enum! {
    /// SPEC §3 feature entry state.
    pub enum FeatureState {
        On = "on",
        Off = "off",
    }
}

/// SPEC §3 "Feature entry".
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct FeatureEntry {
    pub name: crate::domain::engagement::features::Flag,
    pub state: FeatureState,
}

/// The effective flags: configuration, then the overrides stored in the database.
pub async fn effective_flags(state: &ApiState) -> Result<FeatureFlags, sqlx::Error> {
    crate::services::engagement::features::flags(&state.db, &state.config).await
}

/// SPEC §3 feature entries: every flag of SPEC §1 with its effective state.
pub async fn feature_entries(state: &ApiState) -> Result<Vec<FeatureEntry>, sqlx::Error> {
    let flags = effective_flags(state).await?;
    Ok(crate::domain::engagement::features::Flag::ALL
        .into_iter()
        .map(|flag| FeatureEntry {
            name: flag,
            state: if flags.get(flag) {
                FeatureState::On
            } else {
                FeatureState::Off
            },
        })
        .collect())
}

/// The feature flags of SPEC §1 as they stand for this bank.
#[utoipa::path(get, path = "/v1/features", tag = "engagement",
    responses((status = 200, body = Vec<FeatureEntry>)))]
async fn features(State(state): State<ApiState>) -> Result<impl IntoResponse, AppError> {
    let entries = feature_entries(&state).await?;
    Ok(([(header::CACHE_CONTROL, "no-cache")], Json(entries)))
}

/// System settings (SPEC §3): the named entries `events` and `surveys`.
#[utoipa::path(get, path = "/v1/utils/settings", tag = "engagement",
    responses((status = 200, body = Vec<Setting>)))]
async fn settings(State(state): State<ApiState>) -> Result<impl IntoResponse, AppError> {
    Ok((
        [(header::CACHE_CONTROL, "no-cache")],
        Json(settings::all(&state.db).await?),
    ))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct SettingInput {
    pub name: String,
    /// A list of names.
    #[schema(value_type = Vec<String>)]
    pub value: serde_json::Value,
}

/// System settings change what every customer's app shows, so only operators holding the
/// configured ops token may write them.
#[utoipa::path(post, path = "/v1/utils/settings", tag = "engagement", request_body = SettingInput,
    security(("ops_token" = [])),
    responses((status = 200, body = Setting)))]
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
    settings::put(&state.db, &setting).await?;
    Ok(Json(setting))
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}
