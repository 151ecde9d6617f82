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
use crate::domain::audit::AuditEvent;
use crate::domain::auth::mfa::Purpose;
use crate::domain::auth::password;
use crate::domain::cards::access::binding;
use crate::domain::cards::controls::LimitType;
use crate::domain::cards::pin;
use crate::domain::cards::status::{CardAction, CardStatus, ClosureReason};
use crate::store;
use crate::store::cards::{CardRow, Control};

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
    last_digits: String,
    /// Activation of a delivered card: the PIN the holder chooses.
    pin: String,
    /// Closing: why (SPEC §3 closure reasons).
    reason: Option<ClosureReason>,
    /// Closing: the approval with purpose card_closure (POST /v2/auth/mfa/generate).
    request_id: String,
}

fn not_manageable() -> AppError {
    refused(
        StatusCode::CONFLICT,
        "card_not_manageable",
        "This card cannot be changed in its current state.",
    )
}

async fn audit(state: &ApiState, ip: &ClientIp, who: &str, event: AuditEvent, card: &CardRow) {
    let detail = format!("card {} of {}", card.id, card.user_id);
    if let Err(error) =
        store::audit::record(&state.db, Some(who), event, &ip.to_string(), &detail).await
    {
        tracing::error!(%error, event = event.as_str(), "audit record failed");
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
    actor: &str,
    card: CardRow,
    input: &StatusChange,
) -> Result<CardView, AppError> {
    let action = input
        .action
        .ok_or_else(|| AppError::field("action", "Field is required"))?;
    let to = card.status.after(action).ok_or_else(not_manageable)?;
    let now = state.db.now_ms();
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
            store::cards::activate(&state.db, &card.id, &hash, now).await?
        }
        (_, CardAction::Close) => {
            let reason = input
                .reason
                .ok_or_else(|| AppError::field("reason", "Field is required"))?;
            let mut conn = state.db.pool.acquire().await?;
            let approved = store::mfa::consume_approval(
                &mut conn,
                input.request_id.trim(),
                actor,
                Purpose::CardClosure,
                &binding(Purpose::CardClosure, &card.id),
                now,
            )
            .await?;
            drop(conn);
            if !approved {
                return Err(refused(
                    StatusCode::FORBIDDEN,
                    "approval_required",
                    "Approve closing the card first.",
                ));
            }
            store::cards::move_status(&state.db, &card.id, card.status, to, Some(reason), now)
                .await?
        }
        _ => store::cards::move_status(&state.db, &card.id, card.status, to, None, now).await?,
    };
    if !moved {
        // Another request changed the card first.
        return Err(not_manageable());
    }
    audit(state, ip, actor, AuditEvent::card(action), &card).await;
    let card = store::cards::by_id(&state.db, &card.id)
        .await?
        .ok_or(AppError::NotFound)?;
    Ok(view(&card))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct CardRef {
    card_id: String,
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
    if !card.status.is_manageable() {
        return Err(not_manageable());
    }
    store::cards::unblock_pin(&state.db, &card.id, state.db.now_ms()).await?;
    audit(
        &state,
        &ip,
        &profile.user_id,
        AuditEvent::CardPinUnblocked,
        &card,
    )
    .await;
    Ok(Json(Empty {}))
}

/// A control and its daily limit (SPEC §3 card controls and limit types).
#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LimitView {
    #[serde(rename = "type")]
    kind: LimitType,
    enabled: bool,
    /// GBP, a decimal string.
    daily_limit: String,
    /// The most that may be set.
    ceiling: String,
    /// Approved today (London) of this kind.
    spent_today: String,
}

#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardLimits {
    card_id: String,
    pin_blocked: bool,
    limits: Vec<LimitView>,
}

async fn limits_of(state: &ApiState, card: &CardRow) -> Result<CardLimits, AppError> {
    let controls = store::cards::controls(&state.db, &card.id).await?;
    let today = crate::domain::london::day_of(state.db.now_ms());
    let mut limits = Vec::with_capacity(controls.len());
    for control in controls {
        let spent =
            store::card_authorizations::spent_on(&state.db, &card.id, control.kind, &today).await?;
        limits.push(LimitView {
            kind: control.kind,
            enabled: control.enabled,
            daily_limit: money::decimal(control.daily_limit),
            ceiling: money::decimal(control.kind.ceiling()),
            spent_today: money::decimal(spent),
        });
    }
    Ok(CardLimits {
        card_id: card.id.clone(),
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
    card_id: String,
    #[serde(rename = "type")]
    kind: Option<LimitType>,
    /// Switches the control on or off; unchanged when absent.
    enabled: Option<bool>,
    /// GBP, a decimal string; unchanged when absent.
    daily_limit: Option<String>,
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
    let current = store::cards::controls(&state.db, &card.id)
        .await?
        .into_iter()
        .find(|c| c.kind == kind)
        .ok_or(AppError::NotFound)?;
    let daily_limit = match input.daily_limit.as_deref().map(str::trim) {
        None => current.daily_limit,
        Some(text) => match money::parse_decimal(text) {
            Some(minor) if minor <= kind.ceiling() => minor,
            Some(_) => {
                return Err(AppError::field(
                    "dailyLimit",
                    &format!(
                        "The limit can be at most {}",
                        money::display(kind.ceiling(), money::Currency::Gbp)
                    ),
                ))
            }
            None => return Err(AppError::field("dailyLimit", "Please, select right amount")),
        },
    };
    let control = Control {
        kind,
        enabled: input.enabled.unwrap_or(current.enabled),
        daily_limit,
    };
    store::cards::set_control(&state.db, &card.id, control).await?;
    audit(
        &state,
        &ip,
        &profile.user_id,
        AuditEvent::CardLimitsChanged,
        &card,
    )
    .await;
    Ok(Json(limits_of(&state, &card).await?))
}
