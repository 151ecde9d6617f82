//! The sandbox acquirer's hosted payment page for the activation fee (sandbox mode only): the
//! card form, then a 3-D Secure step, then back to the bank's card screen, which polls the fee
//! every 2 s (SPEC §4). The card number is checked and forgotten. The outcome reaches the bank
//! as a real acquirer's would: a signed notification to `POST /v2/webhooks/acquirer`, sent
//! through the API router; the page itself settles nothing.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::Form;
use minijinja::context;

use super::AppState;
use crate::domain::accounts::money;
use crate::domain::onboarding::fee::CheckoutState;
use crate::providers::acquirer::{self, CardRefusal, CheckoutEvent, SandboxAcquirer};
use crate::services::onboarding::fee::{self, Fee};

#[derive(serde::Deserialize, Default)]
#[serde(default)]
pub struct CardForm {
    number: String,
    expiry: String,
    cvc: String,
}

#[derive(serde::Deserialize, Default)]
#[serde(default)]
pub struct ChallengeForm {
    result: String,
}

fn return_url(id: &str) -> String {
    format!("/account-activation/card?checkout={id}")
}

async fn open_checkout(state: &AppState, id: &str) -> Option<Fee> {
    fee::open_checkout(&state.api.db, id).await.ok().flatten()
}

pub async fn form(State(state): State<AppState>, Path(id): Path<String>) -> Response {
    match open_checkout(&state, &id).await {
        Some(fee) if fee.checkout_state == Some(CheckoutState::Challenged) => {
            page(&state, "3ds", &fee, None)
        }
        Some(fee) => page(&state, "form", &fee, None),
        None => gone(&state),
    }
}

pub async fn pay(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Form(card): Form<CardForm>,
) -> Response {
    if !crate::api::origin_allowed(&headers, &state.config.base_url) {
        return StatusCode::FORBIDDEN.into_response();
    }
    let Some(fee) = open_checkout(&state, &id).await else {
        return gone(&state);
    };
    let today = jiff::Timestamp::from_millisecond(state.api.db.now_ms())
        .map(|t| t.to_zoned(jiff::tz::TimeZone::UTC).date())
        .map(|d| (i32::from(d.year()), d.month() as u8))
        .unwrap_or((2026, 1));
    match acquirer::check_card(&card.number, &card.expiry, &card.cvc, today) {
        Ok(()) => {
            let _ = fee::checkout_challenged(&state.api.db, &id).await;
            Redirect::to(&format!("/sandbox/pay/{id}/3ds")).into_response()
        }
        Err(CardRefusal::Declined) => match notify(&state, &id, false).await {
            Ok(()) => Redirect::to(&return_url(&id)).into_response(),
            Err(()) => super::pages::failure(&state),
        },
        Err(refusal) => page(&state, "form", &fee, Some(refusal.message())),
    }
}

pub async fn challenge(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Form(answer): Form<ChallengeForm>,
) -> Response {
    if !crate::api::origin_allowed(&headers, &state.config.base_url) {
        return StatusCode::FORBIDDEN.into_response();
    }
    let Some(fee) = open_checkout(&state, &id).await else {
        return Redirect::to(&return_url(&id)).into_response();
    };
    if fee.checkout_state != Some(CheckoutState::Challenged) {
        return Redirect::to(&format!("/sandbox/pay/{id}")).into_response();
    }
    match notify(&state, &id, answer.result == "approve").await {
        Ok(()) => Redirect::to(&return_url(&id)).into_response(),
        Err(()) => super::pages::failure(&state),
    }
}

/// Tells the bank the checkout's outcome, as the acquirer does: a signed notification to its
/// webhook, through the API router.
async fn notify(state: &AppState, checkout_id: &str, paid: bool) -> Result<(), ()> {
    let event = CheckoutEvent {
        checkout_id: checkout_id.to_string(),
        payment_id: format!("card-{checkout_id}"),
        paid,
    };
    let acquirer = SandboxAcquirer::new(state.config.identity.sandbox_secret.clone());
    let (body, (header, signature)) = acquirer.notification(&event);
    match crate::api::loopback_post(
        &state.api,
        "/v2/webhooks/acquirer",
        (header, &signature),
        body,
    )
    .await
    {
        Ok(status) if status.is_success() => Ok(()),
        outcome => {
            tracing::error!(
                ?outcome,
                "the bank refused the sandbox acquirer's notification"
            );
            Err(())
        }
    }
}

fn gone(state: &AppState) -> Response {
    super::pages::template_page(
        state,
        "payment_page.html",
        StatusCode::NOT_FOUND,
        context! { step => "gone" },
    )
}

fn page(state: &AppState, step: &str, fee: &Fee, error: Option<&str>) -> Response {
    let status = if error.is_some() {
        StatusCode::UNPROCESSABLE_ENTITY
    } else {
        StatusCode::OK
    };
    super::pages::template_page(
        state,
        "payment_page.html",
        status,
        context! {
            step, error,
            id => fee.checkout_id,
            amount => money::display(fee.amount_minor, fee.currency),
        },
    )
}
