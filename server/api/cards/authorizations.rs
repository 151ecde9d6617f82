//! A card's holds (SPEC §7 Authorizations: POST /v2/authorizations/fetch {page 1, limit 20,
//! cardId, bankAccountId} and /take {cardId, id}; SPEC §9 holds limit 20): payments the card
//! approved whose money is held until the merchant captures or releases it.

use axum::extract::State;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::managed;
use crate::api::accounts::transactions::iso_time;
use crate::api::error::{ApiJson, AppError};
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
use crate::domain::accounts::money;
use crate::domain::cards::controls::LimitType;
use crate::domain::paging::Paging;
use crate::services::accounts::history::Acceptor;
use crate::services::cards::authorizations::{self, Authorization};

/// SPEC §9: card holds, 20 a page.
const PAGE_SIZE: i64 = 20;

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(fetch))
        .routes(routes!(take))
}

/// SPEC §3 "Card authorization hold".
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HoldView {
    pub id: String,
    pub card_id: String,
    pub bank_account_id: String,
    /// A decimal string.
    pub amount: String,
    pub currency: crate::domain::accounts::money::Currency,
    #[serde(rename = "type")]
    pub kind: LimitType,
    pub acceptor: Acceptor,
    /// The pending transaction it shows as.
    pub transaction_id: Option<String>,
    /// RFC 3339.
    pub created_at: String,
}

fn view(auth: &Authorization) -> HoldView {
    HoldView {
        id: auth.id.clone(),
        card_id: auth.card_id.to_string(),
        bank_account_id: auth.bank_account_id.to_string(),
        amount: money::decimal(auth.amount),
        currency: auth.currency,
        kind: auth.kind,
        acceptor: auth.acceptor.clone(),
        transaction_id: auth.transaction_id.as_ref().map(ToString::to_string),
        created_at: iso_time(auth.created_at),
    }
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct HoldsRequest {
    pub page: Option<i64>,
    pub limit: Option<i64>,
    pub card_id: String,
    /// When given, it must be the card's account.
    pub bank_account_id: Option<String>,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HoldsPage {
    pub results: Vec<HoldView>,
    pub total_pages: i64,
    pub total_results: i64,
    pub page: i64,
}

#[utoipa::path(post, path = "/v2/authorizations/fetch", tag = "cards", request_body = HoldsRequest,
    responses((status = 200, body = HoldsPage)))]
async fn fetch(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(input): ApiJson<HoldsRequest>,
) -> Result<Json<HoldsPage>, AppError> {
    let paging = Paging::parse(input.page, input.limit, PAGE_SIZE, PAGE_SIZE)
        .map_err(|(field, message)| AppError::field(field, &message))?;
    let card = managed(&state, &profile, &input.card_id).await?;
    if input
        .bank_account_id
        .as_deref()
        .is_some_and(|id| !id.is_empty() && id != card.bank_account_id)
    {
        return Err(AppError::NotFound);
    }
    let (holds, total) =
        authorizations::holds(&state.db, &card.id, paging.limit(), paging.offset()).await?;
    Ok(Json(HoldsPage {
        results: holds.iter().map(view).collect(),
        total_pages: paging.total_pages(total),
        total_results: total,
        page: paging.page(),
    }))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct HoldRef {
    pub card_id: String,
    pub id: String,
}

#[utoipa::path(post, path = "/v2/authorizations/take", tag = "cards", request_body = HoldRef,
    responses((status = 200, body = HoldView)))]
async fn take(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(input): ApiJson<HoldRef>,
) -> Result<Json<HoldView>, AppError> {
    let card = managed(&state, &profile, &input.card_id).await?;
    authorizations::of_card(&state.db, &card.id, &input.id)
        .await?
        .map(|auth| Json(view(&auth)))
        .ok_or(AppError::NotFound)
}
