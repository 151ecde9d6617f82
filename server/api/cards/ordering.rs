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
use crate::domain::audit::AuditEvent;
use crate::domain::cards::embossing::embossed;
use crate::domain::cards::shipping::{self, ShippingAddress, ShippingType};
use crate::domain::cards::status::{order_condition, CardStatus, OrderCondition};
use crate::domain::profiles::access::ProfileType;
use crate::services::cards::issuing;
use crate::store;
use crate::store::cards::CreateError;

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(fetch))
        .routes(routes!(order))
        .routes(routes!(shipping_addresses))
        .routes(routes!(choose_shipping_address))
}

#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardList {
    results: Vec<CardView>,
    /// SPEC §3 `cardOrderCondition` of the caller in this profile.
    order_condition: OrderCondition,
}

/// The caller's order condition: a live card of their own blocks another order.
async fn condition(
    state: &ApiState,
    profile: &SelectedProfile,
) -> Result<OrderCondition, AppError> {
    let own =
        store::cards::for_profile(&state.db, &profile.profile_id, Some(&profile.user_id)).await?;
    let statuses: Vec<CardStatus> = own
        .iter()
        .filter(|c| !c.is_corporate)
        .map(|c| c.status)
        .collect();
    // Holders of a corporate card were given it; they do not order their own.
    let orders = profile.access.loads_accounts();
    Ok(order_condition(orders, &statuses))
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
    let cards = store::cards::for_profile(&state.db, &profile.profile_id, holder).await?;
    Ok(Json(CardList {
        results: cards.iter().map(view).collect(),
        order_condition: condition(&state, &profile).await?,
    }))
}

/// One shipping address the profile can choose.
#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShippingOption {
    #[serde(rename = "type")]
    pub(super) kind: ShippingType,
    pub(super) address: ShippingAddress,
}

/// SPEC §3 Profile `cardShippingAddressType` and the addresses to choose from.
#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShippingAddresses {
    options: Vec<ShippingOption>,
    /// The profile's choice, if made.
    card_shipping_address_type: Option<ShippingType>,
    /// The address cards go to now, if one is chosen.
    chosen: Option<ShippingAddress>,
}

/// The registered and trading addresses the bank knows for the profile.
pub async fn known_addresses(
    state: &ApiState,
    profile: &SelectedProfile,
) -> Result<Vec<(ShippingType, ShippingAddress)>, AppError> {
    if profile.kind == ProfileType::Business {
        return Ok(
            store::onboardings::by_profile(&state.db, &profile.profile_id)
                .await?
                .map(|onboarding| shipping::of_business(&onboarding.data))
                .unwrap_or_default(),
        );
    }
    let person = store::users::details(&state.db, &profile.user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let text = |v: &Option<String>| v.clone().unwrap_or_default();
    Ok(shipping::of_person(
        &text(&person.building_number),
        &text(&person.address1),
        &text(&person.city),
        &text(&person.postcode),
        &text(&person.country),
    )
    .map(|home| vec![(ShippingType::Registered, home)])
    .unwrap_or_default())
}

async fn addresses(
    state: &ApiState,
    profile: &SelectedProfile,
) -> Result<ShippingAddresses, AppError> {
    let known = known_addresses(state, profile).await?;
    let choice = store::cards::shipping_choice(&state.db, &profile.profile_id).await?;
    let kind = choice
        .as_ref()
        .and_then(|(kind, _)| ShippingType::parse(kind));
    let chosen = match (kind, choice) {
        (Some(ShippingType::Other), Some((_, address))) => address,
        (Some(kind), _) => known
            .iter()
            .find(|(k, _)| *k == kind)
            .map(|(_, a)| a.clone()),
        _ => None,
    };
    Ok(ShippingAddresses {
        options: known
            .into_iter()
            .map(|(kind, address)| ShippingOption { kind, address })
            .collect(),
        card_shipping_address_type: kind,
        chosen,
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
    kind: Option<ShippingType>,
    /// With type `other`: the address typed in.
    address: Option<ShippingAddress>,
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
        known => {
            if !known_addresses(&state, &profile)
                .await?
                .iter()
                .any(|(k, _)| *k == known)
            {
                return Err(AppError::field("type", "This address is not known yet"));
            }
            None
        }
    };
    store::cards::set_shipping_choice(
        &state.db,
        &profile.profile_id,
        kind.as_str(),
        other.as_ref(),
    )
    .await?;
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
    let not_now = || {
        refused(
            StatusCode::CONFLICT,
            "order_disallowed",
            "You have a card already. Close it before you order a new one.",
        )
    };
    if !condition(&state, &profile).await?.may_order() {
        return Err(not_now());
    }
    let account = issuing::card_account(&state.db, &profile.profile_id).await?;
    let address = addresses(&state, &profile)
        .await?
        .chosen
        .ok_or_else(|| AppError::field("shippingAddress", "Select a shipping address"))?;
    let person = store::users::details(&state.db, &profile.user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let holder_name = embossed(&format!("{} {}", person.name, person.surname));
    let now = state.db.now_ms();
    let mut tries = 0;
    let id = loop {
        let drawn = issuing::draw(&state.config, now);
        let card = drawn.card(&issuing::Holder {
            profile_id: &profile.profile_id,
            user_id: &profile.user_id,
            bank_account_id: &account.id,
            name: &holder_name,
            is_corporate: false,
            shipping_address: &address,
        });
        match store::cards::create(&state.db, &card, now).await {
            Ok(id) => break id,
            Err(CreateError::LiveCard) => {
                // Either a concurrent order won, or the number repeated.
                if !condition(&state, &profile).await?.may_order() || tries >= 3 {
                    return Err(not_now());
                }
                tries += 1;
            }
            Err(CreateError::Sql(error)) => return Err(error.into()),
        }
    };
    let card = store::cards::by_id(&state.db, &id)
        .await?
        .ok_or(AppError::NotFound)?;
    store::audit::record(
        &state.db,
        Some(&profile.user_id),
        AuditEvent::CardOrdered,
        &ip.to_string(),
        &format!("card {id} on profile {}", profile.profile_id),
    )
    .await?;
    Ok(Json(view(&card)))
}
