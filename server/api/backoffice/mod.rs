//! The back office's calls (issue 32), under `/back-office/api` beside its pages, so its own
//! cookie (scoped to `/back-office`) reaches them and nothing else. Tagged `backOffice` in the
//! OpenAPI document; each has a row in the rights table with the staff duty it needs. SPEC §1's
//! adminPanel flag gates them with the pages (`http/back_office.rs`).

pub mod content;
pub mod customers;
pub mod flags;
pub mod health;
pub mod identity;
pub mod inbox;
pub mod kyb;
pub mod members;
pub mod payments;
pub mod proposals;
pub mod session;
pub mod sign_in;

use utoipa_axum::router::OpenApiRouter;

use super::ApiState;

pub const TAG: &str = "backOffice";

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .merge(sign_in::routes())
        .merge(kyb::routes())
        .merge(customers::routes())
        .merge(proposals::routes())
        .merge(health::routes())
        .merge(flags::routes())
        .merge(inbox::routes())
        .merge(payments::routes())
        .merge(content::routes())
        .merge(members::routes())
        .merge(identity::routes())
}
