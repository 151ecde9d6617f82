//! Factoring's invoices (issue 30 point 5): those the business may offer a lender now: sent, in
//! pounds, with money outstanding, due at least 7 days ahead, not financed already. Applying is
//! `POST /v2/loan-applications {type: factoring, invoiceIds}` (loans.rs).

use axum::extract::State;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::error::AppError;
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
use crate::domain::accounts::money::{Currency, Money};
use crate::domain::lending::application::Product;
use crate::domain::lending::factoring;
use crate::domain::london;
use crate::services::lending::factoring as service;

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new().routes(routes!(invoices))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FactoringInvoice {
    pub id: String,
    pub number: String,
    pub partner_name: String,
    /// yyyy-MM-dd.
    pub due_date: String,
    pub outstanding: f64,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FactoringInvoices {
    pub results: Vec<FactoringInvoice>,
    /// The earliest due date an invoice may have (yyyy-MM-dd).
    pub due_from: String,
    /// The share of what is outstanding a factor advances, in percent.
    pub advance_percent: i64,
}

#[utoipa::path(post, path = "/v2/factoring/invoices/fetch", tag = "lending",
    responses((status = 200, body = FactoringInvoices)))]
async fn invoices(
    State(state): State<ApiState>,
    profile: SelectedProfile,
) -> Result<Json<FactoringInvoices>, AppError> {
    if super::lender_for(&state, Product::Factoring).is_none() {
        return Err(AppError::unavailable(
            "lending_unavailable",
            "Finance is not available at the moment.",
        ));
    }
    let due_from = factoring::due_from(london::today(state.db.now_ms())).to_string();
    let open = service::candidates(&state.db, &profile.profile_id, &due_from).await?;
    Ok(Json(FactoringInvoices {
        results: open
            .into_iter()
            .map(|c| FactoringInvoice {
                outstanding: Money::new(c.outstanding, Currency::Gbp).major(),
                id: c.id,
                number: c.number,
                partner_name: c.partner_name,
                due_date: c.due_date,
            })
            .collect(),
        due_from,
        advance_percent: factoring::advance(100),
    }))
}
