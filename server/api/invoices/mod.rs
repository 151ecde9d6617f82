//! Invoicing (SPEC §7 Invoices and partners; issue 29). Reading needs the invoice right,
//! writing its full level, and both a business profile (SPEC §6): `api/rights.rs` gates every
//! call before it reaches here.

pub mod documents;
pub mod drafts;
pub mod partners;
pub mod sending;

use utoipa_axum::router::OpenApiRouter;

use super::ApiState;

pub fn routes() -> OpenApiRouter<ApiState> {
    partners::routes()
        .merge(drafts::routes())
        .merge(documents::routes())
        .merge(sending::routes())
}
