//! Identity checks that need a look (issue 32 point 3): `GET /back-office/api/identity-checks`,
//! for compliance. The provider decides each check; the member opens the customer's record to
//! act (restrict, answer, chase the provider).

use axum::extract::State;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::customers::actor;
use super::session::CurrentStaff;
use crate::api::client_ip::ClientIp;
use crate::api::error::AppError;
use crate::api::ApiState;
use crate::domain::backoffice::identity::LookReason;
use crate::domain::london::iso_time;
use crate::services::backoffice::identity;

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new().routes(routes!(queue))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckNeedingLook {
    pub user_id: String,
    pub name: String,
    pub email: String,
    /// Where the person's onboarding stands (SPEC §4 KYC status).
    pub kyc_status: String,
    pub provider: String,
    /// The provider's last review: submitted, retry or rejected.
    pub review: String,
    pub reviewed_at: String,
    pub why: LookReason,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct IdentityQueue {
    pub checks: Vec<CheckNeedingLook>,
}

/// Identity checks stalled at the provider, people stuck after a request for a new photo, and
/// recent final refusals, the oldest first.
#[utoipa::path(get, path = "/back-office/api/identity-checks", tag = super::TAG,
    responses((status = 200, body = IdentityQueue)))]
async fn queue(
    State(state): State<ApiState>,
    staff: CurrentStaff,
    ip: ClientIp,
) -> Result<Json<IdentityQueue>, AppError> {
    let ip = ip.to_string();
    let queue = identity::queue(&state.db, &actor(&staff, &ip)).await?;
    Ok(Json(IdentityQueue {
        checks: queue
            .into_iter()
            .map(|(check, why)| CheckNeedingLook {
                name: format!("{} {}", check.name, check.surname)
                    .trim()
                    .to_string(),
                reviewed_at: iso_time(check.updated_at),
                user_id: check.user_id,
                email: check.email,
                kyc_status: check.kyc_status,
                provider: check.provider,
                review: check.review,
                why,
            })
            .collect(),
    }))
}
