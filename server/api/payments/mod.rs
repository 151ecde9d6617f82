//! Payments (SPEC §7 Recipients; the transfers follow): every call acts for the selected profile
//! and needs its transaction right (SPEC §6).

pub mod approvals;
pub mod attachments;
pub mod fees;
pub mod payee_check;
pub mod rails;
pub mod recipients;
pub mod transfers;

use utoipa_axum::router::OpenApiRouter;

use super::ApiState;

pub fn routes() -> OpenApiRouter<ApiState> {
    recipients::routes()
        .merge(fees::routes())
        .merge(transfers::routes())
        .merge(attachments::routes())
        .merge(approvals::routes())
        .merge(rails::routes())
        .merge(payee_check::routes())
}
