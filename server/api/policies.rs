//! SPEC §2 terms-and-policies: which policy version is in force, which pages its acceptance
//! covers, and when the person accepted each version (SPEC names no path for it).

use axum::extract::State;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::current_user::CurrentUser;
use super::error::AppError;
use super::ApiState;
use crate::domain::policies::{PATHS, VERSION};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new().routes(routes!(acceptances))
}

#[derive(serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Acceptance {
    /// The version accepted: the date its texts were updated (yyyy-MM-dd).
    pub version: String,
    /// When, ISO 8601.
    pub accepted_at: String,
}

#[derive(serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PolicyAcceptances {
    /// The version in force (yyyy-MM-dd).
    pub version: String,
    /// The policy pages an acceptance covers.
    pub covers: Vec<String>,
    /// What the person accepted, newest first.
    pub accepted: Vec<Acceptance>,
}

/// The person's acceptances of the bank's policies.
#[utoipa::path(get, path = "/v2/users/policies", tag = "users",
    responses((status = 200, body = PolicyAcceptances)))]
async fn acceptances(
    State(state): State<ApiState>,
    user: CurrentUser,
) -> Result<Json<PolicyAcceptances>, AppError> {
    let accepted = crate::services::users::policies::accepted(&state.db, &user.user_id).await?;
    Ok(Json(PolicyAcceptances {
        version: VERSION.to_string(),
        covers: PATHS.iter().map(|p| p.to_string()).collect(),
        accepted: accepted
            .into_iter()
            .map(|(version, at)| Acceptance {
                version,
                accepted_at: crate::domain::london::iso_time(at),
            })
            .collect(),
    }))
}
