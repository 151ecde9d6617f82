//! Feature flags (issue 32 point 6): `GET /back-office/api/flags` each flag as configured,
//! overridden and in force, with its last change; `POST /back-office/api/flags` sets one on,
//! off, or back to its configured value, with a reason. Admin only.

use axum::extract::State;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::customers::actor;
use super::session::CurrentStaff;
use crate::api::client_ip::ClientIp;
use crate::api::error::{ApiJson, AppError};
use crate::api::ApiState;
use crate::domain::engagement::features::Flag;
use crate::domain::london::iso_time;
use crate::services::backoffice::flags;

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new().routes(routes!(list, set))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FlagView {
    pub name: Flag,
    /// As the bank's configuration (environment) sets it.
    pub configured: bool,
    /// An operator's override, if any.
    pub overridden: Option<bool>,
    /// In force now.
    pub on: bool,
    pub changed_by: Option<String>,
    pub changed_why: Option<String>,
    pub changed_at: Option<String>,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct FlagList {
    pub flags: Vec<FlagView>,
}

/// Every flag, as configured and in force, with its last change.
#[utoipa::path(get, path = "/back-office/api/flags", tag = super::TAG,
    responses((status = 200, body = FlagList)))]
async fn list(
    State(state): State<ApiState>,
    _staff: CurrentStaff,
) -> Result<Json<FlagList>, AppError> {
    let states = flags::list(&state.db, &state.config).await?;
    Ok(Json(FlagList {
        flags: states
            .into_iter()
            .map(|s| {
                let (by, why, at) = match s.last_change {
                    Some((by, why, at)) => (by, Some(why), Some(iso_time(at))),
                    None => (None, None, None),
                };
                FlagView {
                    name: s.flag,
                    configured: s.configured,
                    overridden: s.overridden,
                    on: s.on,
                    changed_by: by,
                    changed_why: why,
                    changed_at: at,
                }
            })
            .collect(),
    }))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct FlagChange {
    pub name: Flag,
    /// true or false to override; null for the configured value.
    pub on: Option<bool>,
    pub reason: String,
}

/// Sets a flag, or returns it to its configured value.
#[utoipa::path(post, path = "/back-office/api/flags", tag = super::TAG,
    request_body = FlagChange, responses((status = 200, body = FlagList)))]
async fn set(
    State(state): State<ApiState>,
    staff: CurrentStaff,
    ip: ClientIp,
    ApiJson(change): ApiJson<FlagChange>,
) -> Result<Json<FlagList>, AppError> {
    let ip = ip.to_string();
    flags::set(
        &state.db,
        &actor(&staff, &ip),
        change.name,
        change.on,
        &change.reason,
    )
    .await?;
    list(State(state), staff).await
}
