//! Corporate cards (issue 14 point 5; SPEC §7 Invitations /cards/*). An Account Owner gives an
//! employee a card with a card invitation (POST /v2/invitations, purpose card, sent to one of
//! the addresses answered here); accepting it makes the card (`issuing.rs`). The employee, a
//! card user who loads no accounts, sees and activates their card through the calls below,
//! found by who they are: never another person's card.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::managing::{change, StatusChange};
use super::ordering::{known_addresses, ShippingOption};
use super::{refused, view, CardView};
use crate::api::client_ip::ClientIp;
use crate::api::current_user::CurrentUser;
use crate::api::error::{ApiJson, AppError};
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
use crate::domain::cards::status::CardAction;
use crate::domain::ids::{CardId, UserId};
use crate::services::cards;

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(shipping_addresses))
        .routes(routes!(status, change_status))
}

/// The company's addresses a corporate card can go to.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct CardShippingOptions {
    /// Registered and trading, as the bank knows them; `other` (typed in) is always possible.
    pub options: Vec<ShippingOption>,
}

/// The addresses of the company a corporate card can be sent to (the card invitation form).
#[utoipa::path(post, path = "/v2/invitations/cards/shipping-addresses", tag = "cards",
    responses((status = 200, body = CardShippingOptions)))]
async fn shipping_addresses(
    State(state): State<ApiState>,
    profile: SelectedProfile,
) -> Result<Json<CardShippingOptions>, AppError> {
    Ok(Json(CardShippingOptions {
        options: known_addresses(&state, &profile)
            .await?
            .into_iter()
            .map(|(kind, address)| ShippingOption { kind, address })
            .collect(),
    }))
}

/// A corporate card as its holder sees it.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GivenCard {
    pub card: CardView,
    /// The company that gave it.
    pub company: String,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct GivenCards {
    pub results: Vec<GivenCard>,
}

/// The corporate cards given to the caller, newest first, by the companies they still belong to.
async fn given(state: &ApiState, user_id: &UserId) -> Result<Vec<GivenCard>, AppError> {
    Ok(cards::given_to(&state.db, user_id)
        .await?
        .iter()
        .map(|(card, company)| GivenCard {
            card: view(card),
            company: company.clone(),
        })
        .collect())
}

/// The caller's corporate cards and where each stands (the card invitation page).
#[utoipa::path(post, path = "/v2/invitations/cards/status", tag = "cards",
    responses((status = 200, body = GivenCards)))]
async fn status(
    State(state): State<ApiState>,
    user: CurrentUser,
) -> Result<Json<GivenCards>, AppError> {
    Ok(Json(GivenCards {
        results: given(&state, &user.user_id).await?,
    }))
}

/// The employee activates (last four digits and a new PIN), freezes or unfreezes their
/// corporate card; closing it is the company's.
#[utoipa::path(patch, path = "/v2/invitations/cards/status", tag = "cards",
    request_body = StatusChange, responses((status = 200, body = CardView)))]
async fn change_status(
    State(state): State<ApiState>,
    ip: ClientIp,
    user: CurrentUser,
    ApiJson(input): ApiJson<StatusChange>,
) -> Result<Json<CardView>, AppError> {
    let card_id = CardId::from(input.card_id.trim());
    let card = cards::given(&state.db, &user.user_id, &card_id)
        .await?
        .ok_or(AppError::NotFound)?;
    if input.action == Some(CardAction::Close) {
        return Err(refused(
            StatusCode::FORBIDDEN,
            "card_close_by_company",
            "Your company closes corporate cards. Please ask your Account Owner, or freeze the card now.",
        ));
    }
    Ok(Json(
        change(&state, &ip, &user.user_id, card, &input).await?,
    ))
}
