//! The card list, ordering a card and where it is sent (SPEC §7: POST /v2/cards/fetch,
//! /v2/cards/order, /v2/cards/shipping-addresses/fetch, PATCH /v2/cards/shipping-addresses).
//! A new card starts in `draft`; the delivery job (`jobs.rs`) moves it on.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{refused, view, CardView};
use crate::api::client_ip::ClientIp;
use crate::api::error::{ApiJson, AppError};
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
use crate::domain::cards::shipping::{ShippingAddress, ShippingType};
use crate::domain::cards::status::OrderCondition;
use crate::services::cards::ordering::{self, OrderError, ShippingError};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(fetch))
        .routes(routes!(order))
        .routes(routes!(shipping_addresses))
        .routes(routes!(choose_shipping_address))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardList {
    pub results: Vec<CardView>,
    /// SPEC §3 `cardOrderCondition` of the caller in this profile.
    pub order_condition: OrderCondition,
}

/// The caller as a use case about ordering cards sees them.
fn orderer<'a>(profile: &'a SelectedProfile, ip: &'a str) -> ordering::Orderer<'a> {
    ordering::Orderer {
        profile_id: &profile.profile_id,
        user_id: &profile.user_id,
        kind: profile.kind,
        // Holders of a corporate card were given it; they do not order their own.
        may_hold_own_card: profile.access.loads_accounts(),
        ip,
    }
}

/// SPEC §7 POST /v2/cards/fetch: the caller's cards; an Account Owner sees every card of the
/// company.
#[utoipa::path(post, path = "/v2/cards/fetch", tag = "cards",
    responses((status = 200, body = CardList)))]
async fn fetch(
    State(state): State<ApiState>,
    profile: SelectedProfile,
) -> Result<Json<CardList>, AppError> {
    let holder = (!profile.access.is_admin()).then_some(profile.user_id.as_str());
    let cards = ordering::cards(&state.db, &profile.profile_id, holder).await?;
    Ok(Json(CardList {
        results: cards.iter().map(view).collect(),
        order_condition: ordering::condition(&state.db, &orderer(&profile, "")).await?,
    }))
}

/// One shipping address the profile can choose.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShippingOption {
    #[serde(rename = "type")]
    pub kind: ShippingType,
    pub address: ShippingAddress,
}

/// SPEC §3 Profile `cardShippingAddressType` and the addresses to choose from.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShippingAddresses {
    pub options: Vec<ShippingOption>,
    /// The profile's choice, if made.
    pub card_shipping_address_type: Option<ShippingType>,
    /// The address cards go to now, if one is chosen.
    pub chosen: Option<ShippingAddress>,
}

/// The registered and trading addresses the bank knows for the profile.
pub async fn known_addresses(
    state: &ApiState,
    profile: &SelectedProfile,
) -> Result<Vec<(ShippingType, ShippingAddress)>, AppError> {
    Ok(ordering::known_addresses(
        &state.db,
        &profile.profile_id,
        profile.kind,
        &profile.user_id,
    )
    .await?)
}

async fn addresses(
    state: &ApiState,
    profile: &SelectedProfile,
) -> Result<ShippingAddresses, AppError> {
    let shipping = ordering::shipping(&state.db, &orderer(profile, "")).await?;
    Ok(ShippingAddresses {
        options: shipping
            .known
            .into_iter()
            .map(|(kind, address)| ShippingOption { kind, address })
            .collect(),
        card_shipping_address_type: shipping.choice,
        chosen: shipping.chosen,
    })
}

#[utoipa::path(post, path = "/v2/cards/shipping-addresses/fetch", tag = "cards",
    responses((status = 200, body = ShippingAddresses)))]
async fn shipping_addresses(
    State(state): State<ApiState>,
    profile: SelectedProfile,
) -> Result<Json<ShippingAddresses>, AppError> {
    Ok(Json(addresses(&state, &profile).await?))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct ShippingChoice {
    #[serde(rename = "type")]
    pub kind: Option<ShippingType>,
    /// With type `other`: the address typed in.
    pub address: Option<ShippingAddress>,
}

/// Chooses where the profile's cards go: a known address, or another one typed in.
#[utoipa::path(patch, path = "/v2/cards/shipping-addresses", tag = "cards",
    request_body = ShippingChoice, responses((status = 200, body = ShippingAddresses)))]
async fn choose_shipping_address(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(input): ApiJson<ShippingChoice>,
) -> Result<Json<ShippingAddresses>, AppError> {
    let kind = input
        .kind
        .ok_or_else(|| AppError::field("type", "Field is required"))?;
    let other = match kind {
        ShippingType::Other => Some(
            input
                .address
                .unwrap_or_default()
                .checked()
                .map_err(AppError::Fields)?,
        ),
        _ => None,
    };
    ordering::choose(&state.db, &orderer(&profile, ""), kind, other.as_ref())
        .await
        .map_err(|error| match error {
            ShippingError::Unknown => AppError::field("type", "This address is not known yet"),
            ShippingError::Storage(error) => error.into(),
        })?;
    Ok(Json(addresses(&state, &profile).await?))
}

/// SPEC §7 POST /v2/cards/order: a card for the caller, spending from the profile's primary
/// GBP account, sent to the chosen address.
#[utoipa::path(post, path = "/v2/cards/order", tag = "cards",
    responses((status = 200, body = CardView)))]
async fn order(
    State(state): State<ApiState>,
    ip: ClientIp,
    profile: SelectedProfile,
) -> Result<Json<CardView>, AppError> {
    let ip = ip.to_string();
    let card = ordering::order(&state.db, &state.config, &orderer(&profile, &ip))
        .await
        .map_err(|error| match error {
            OrderError::NotNow => refused(
                StatusCode::CONFLICT,
                "order_disallowed",
                "You have a card already. Close it before you order a new one.",
            ),
            OrderError::NoAddress => {
                AppError::field("shippingAddress", "Select a shipping address")
            }
            OrderError::NoPerson => AppError::NotFound,
            OrderError::Issue(error) => error.into(),
            OrderError::Storage(error) => error.into(),
        })?;
    Ok(Json(view(&card)))
}
