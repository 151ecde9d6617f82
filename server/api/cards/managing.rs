//! Activating, freezing, unfreezing and closing a card, unblocking its PIN, and its controls and
//! daily limits (SPEC §7: PATCH /v2/cards/status, POST /v2/cards/pin/unblock,
//! POST /v2/cards/limits/fetch, PATCH /v2/cards/limits; SPEC §4: only active and inactive cards
//! are managed). Closing needs an approval with purpose card_closure for this card.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{managed, refused, view, CardView};
use crate::api::client_ip::ClientIp;
use crate::api::common_answers::Empty;
use crate::api::error::{ApiJson, AppError};
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
use crate::domain::accounts::money;
use crate::domain::auth::password;
use crate::domain::cards::controls::LimitType;
use crate::domain::cards::pin;
use crate::domain::cards::status::{CardAction, CardStatus, ClosureReason};
use crate::domain::ids::UserId;
use crate::services::cards::managing::{self, Actor, Limit, ManageError};
use crate::services::cards::CardRow;

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(change_status))
        .routes(routes!(unblock_pin))
        .routes(routes!(limits))
        .routes(routes!(change_limit))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct StatusChange {
    pub card_id: String,
    pub action: Option<CardAction>,
    /// Activation of a delivered card: the last four digits printed on it.
    pub last_digits: String,
    /// Activation of a delivered card: the PIN the holder chooses.
    pub pin: String,
    /// Closing: why (SPEC §3 closure reasons).
    pub reason: Option<ClosureReason>,
    /// Closing: the approval with purpose card_closure (POST /v2/auth/mfa/generate).
    pub request_id: String,
}

fn not_manageable() -> AppError {
    refused(
        StatusCode::CONFLICT,
        "card_not_manageable",
        "This card cannot be changed in its current state.",
    )
}

impl From<ManageError> for AppError {
    fn from(error: ManageError) -> Self {
        match error {
            ManageError::NotManageable => not_manageable(),
            ManageError::NotHolder | ManageError::NoSuchControl => AppError::NotFound,
            ManageError::ApprovalRequired => refused(
                StatusCode::FORBIDDEN,
                "approval_required",
                "Approve closing the card first.",
            ),
            ManageError::AboveCeiling(kind) => AppError::field(
                "dailyLimit",
                &format!(
                    "The limit can be at most {}",
                    money::display(kind.ceiling(), money::Currency::Gbp)
                ),
            ),
            ManageError::Storage(error) => error.into(),
        }
    }
}

/// SPEC §7 PATCH /v2/cards/status: activate (a delivered card, with its last four digits and a
/// new PIN; or a frozen one), freeze, unfreeze, close.
#[utoipa::path(patch, path = "/v2/cards/status", tag = "cards", request_body = StatusChange,
    responses((status = 200, body = CardView)))]
async fn change_status(
    State(state): State<ApiState>,
    ip: ClientIp,
    profile: SelectedProfile,
    ApiJson(input): ApiJson<StatusChange>,
) -> Result<Json<CardView>, AppError> {
    let card = managed(&state, &profile, &input.card_id).await?;
    Ok(Json(
        change(&state, &ip, &profile.user_id, card, &input).await?,
    ))
}

/// Moves `card` as `input` asks, for `actor` (the holder, or the company's Account Owner):
/// activation is the holder's, closing needs the actor's card_closure approval.
pub async fn change(
    state: &ApiState,
    ip: &ClientIp,
    actor: &UserId,
    card: CardRow,
    input: &StatusChange,
) -> Result<CardView, AppError> {
    let action = input
        .action
        .ok_or_else(|| AppError::field("action", "Field is required"))?;
    card.status.after(action).ok_or_else(not_manageable)?;
    let ip = ip.to_string();
    let who = Actor {
        user_id: actor,
        ip: &ip,
    };
    let moved = match (card.status, action) {
        (CardStatus::ActivationPending, CardAction::Activate) => {
            // Only the holder activates: they have the card in their hands.
            if card.user_id != actor {
                return Err(AppError::NotFound);
            }
            let mut fields = std::collections::BTreeMap::new();
            if input.last_digits.trim() != card.last_four {
                fields.insert(
                    "lastDigits".to_string(),
                    "These are not the last four digits of this card".to_string(),
                );
            }
            if let Err(message) = pin::check(input.pin.trim()) {
                fields.insert("pin".to_string(), message.to_string());
            }
            if !fields.is_empty() {
                return Err(AppError::Fields(fields));
            }
            let typed = input.pin.trim().to_string();
            let hash = state.cpu.run(move || password::hash(&typed)).await?;
            managing::activate(&state.db, &who, &card, &hash).await?
        }
        (_, CardAction::Close) => {
            let reason = input
                .reason
                .ok_or_else(|| AppError::field("reason", "Field is required"))?;
            managing::close(&state.db, &who, &card, reason, &input.request_id).await?
        }
        _ => managing::apply(&state.db, &who, &card, action).await?,
    };
    Ok(view(&moved))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct CardRef {
    pub card_id: String,
}

/// SPEC §7 POST /v2/cards/pin/unblock: after three wrong PINs at terminals.
#[utoipa::path(post, path = "/v2/cards/pin/unblock", tag = "cards", request_body = CardRef,
    responses((status = 200, body = Empty)))]
async fn unblock_pin(
    State(state): State<ApiState>,
    ip: ClientIp,
    profile: SelectedProfile,
    ApiJson(input): ApiJson<CardRef>,
) -> Result<Json<Empty>, AppError> {
    let card = managed(&state, &profile, &input.card_id).await?;
    let ip = ip.to_string();
    let who = Actor {
        user_id: &profile.user_id,
        ip: &ip,
    };
    managing::unblock_pin(&state.db, &who, &card).await?;
    Ok(Json(Empty {}))
}

/// A control and its daily limit (SPEC §3 card controls and limit types).
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LimitView {
    #[serde(rename = "type")]
    pub kind: LimitType,
    pub enabled: bool,
    /// GBP, a decimal string.
    pub daily_limit: String,
    /// The most that may be set.
    pub ceiling: String,
    /// Approved today (London) of this kind.
    pub spent_today: String,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardLimits {
    pub card_id: String,
    pub pin_blocked: bool,
    pub limits: Vec<LimitView>,
}

async fn limits_of(state: &ApiState, card: &CardRow) -> Result<CardLimits, AppError> {
    let limits = managing::limits(&state.db, card)
        .await?
        .into_iter()
        .map(
            |Limit {
                 control,
                 spent_today,
             }| LimitView {
                kind: control.kind,
                enabled: control.enabled,
                daily_limit: money::decimal(control.daily_limit),
                ceiling: money::decimal(control.kind.ceiling()),
                spent_today: money::decimal(spent_today),
            },
        )
        .collect();
    Ok(CardLimits {
        card_id: card.id.to_string(),
        pin_blocked: card.pin_failures >= pin::TRIES,
        limits,
    })
}

/// SPEC §7 POST /v2/cards/limits/fetch {cardId}.
#[utoipa::path(post, path = "/v2/cards/limits/fetch", tag = "cards", request_body = CardRef,
    responses((status = 200, body = CardLimits)))]
async fn limits(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(input): ApiJson<CardRef>,
) -> Result<Json<CardLimits>, AppError> {
    let card = managed(&state, &profile, &input.card_id).await?;
    Ok(Json(limits_of(&state, &card).await?))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct LimitChange {
    pub card_id: String,
    #[serde(rename = "type")]
    pub kind: Option<LimitType>,
    /// Switches the control on or off; unchanged when absent.
    pub enabled: Option<bool>,
    /// GBP, a decimal string; unchanged when absent.
    pub daily_limit: Option<String>,
}

/// SPEC §7 PATCH /v2/cards/limits: one control on or off, or its daily limit.
#[utoipa::path(patch, path = "/v2/cards/limits", tag = "cards", request_body = LimitChange,
    responses((status = 200, body = CardLimits)))]
async fn change_limit(
    State(state): State<ApiState>,
    ip: ClientIp,
    profile: SelectedProfile,
    ApiJson(input): ApiJson<LimitChange>,
) -> Result<Json<CardLimits>, AppError> {
    let kind = input
        .kind
        .ok_or_else(|| AppError::field("type", "Field is required"))?;
    let card = managed(&state, &profile, &input.card_id).await?;
    if !card.status.is_manageable() {
        return Err(not_manageable());
    }
    let daily_limit = match input.daily_limit.as_deref().map(str::trim) {
        None => None,
        Some(text) => Some(
            money::parse_decimal(text)
                .ok_or_else(|| AppError::field("dailyLimit", "Please, select right amount"))?,
        ),
    };
    let ip = ip.to_string();
    let who = Actor {
        user_id: &profile.user_id,
        ip: &ip,
    };
    managing::set_limit(&state.db, &who, &card, kind, input.enabled, daily_limit).await?;
    Ok(Json(limits_of(&state, &card).await?))
}
