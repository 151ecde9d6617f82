//! Staff (issue 32 point 1, admin): `GET /back-office/api/staff` every member with their role and
//! state, `POST /back-office/api/staff/disable` disables one at once (their sessions end).
//! Adding a member is a four-eyes proposal (`proposals.rs`).

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::customers::actor;
use super::session::CurrentStaff;
use crate::api::client_ip::ClientIp;
use crate::api::error::{ApiJson, AppError};
use crate::api::ApiState;
use crate::domain::backoffice::staff::StaffRole;
use crate::domain::london::iso_time;
use crate::services::backoffice::staff::{self, DisableError};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(disable))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemberOfStaff {
    pub id: String,
    pub email: String,
    pub role: StaffRole,
    /// When they created their passkey; None while the enrolment link is unused.
    pub enrolled_at: Option<String>,
    pub disabled_at: Option<String>,
    /// The signed-in member themselves.
    pub you: bool,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct MembersOfStaff {
    pub members: Vec<MemberOfStaff>,
}

async fn list_now(state: &ApiState, me: &CurrentStaff) -> Result<MembersOfStaff, AppError> {
    Ok(MembersOfStaff {
        members: staff::members(&state.db)
            .await?
            .into_iter()
            .map(|m| MemberOfStaff {
                you: m.id == me.0.id,
                enrolled_at: m.enrolled_at.map(iso_time),
                disabled_at: m.disabled_at.map(iso_time),
                id: m.id,
                email: m.email,
                role: m.role,
            })
            .collect(),
    })
}

/// Every member of staff, by email.
#[utoipa::path(get, path = "/back-office/api/staff", tag = super::TAG,
    responses((status = 200, body = MembersOfStaff)))]
async fn list(
    State(state): State<ApiState>,
    staff: CurrentStaff,
) -> Result<Json<MembersOfStaff>, AppError> {
    Ok(Json(list_now(&state, &staff).await?))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffDisable {
    pub staff_id: String,
    pub reason: String,
}

impl From<DisableError> for AppError {
    fn from(error: DisableError) -> Self {
        match error {
            DisableError::NoReason => AppError::field("reason", "Say why, in a few words"),
            DisableError::Yourself => AppError::refused(
                StatusCode::CONFLICT,
                "yourself",
                "Not yourself",
                "Another administrator must disable your access.",
            ),
            DisableError::NotActive => AppError::refused(
                StatusCode::CONFLICT,
                "not_active",
                "Not possible",
                "This member is disabled already.",
            ),
            DisableError::Sql(error) => AppError::Database(error),
        }
    }
}

/// Disables a member at once; their sessions end.
#[utoipa::path(post, path = "/back-office/api/staff/disable", tag = super::TAG,
    request_body = StaffDisable, responses((status = 200, body = MembersOfStaff)))]
async fn disable(
    State(state): State<ApiState>,
    staff: CurrentStaff,
    ip: ClientIp,
    ApiJson(input): ApiJson<StaffDisable>,
) -> Result<Json<MembersOfStaff>, AppError> {
    let ip = ip.to_string();
    staff::disable(
        &state.db,
        &actor(&staff, &ip),
        &input.staff_id,
        &input.reason,
    )
    .await?;
    Ok(Json(list_now(&state, &staff).await?))
}
