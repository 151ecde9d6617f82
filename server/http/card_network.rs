//! The sandbox card network's page (issue 14 point 4): authorise a payment with a card at a
//! sandbox merchant, then capture, reverse or refund it, as `bank card-network` does. Sandbox
//! mode only, this machine only; the post must come from this site.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Form;
use minijinja::context;

use super::AppState;
use crate::providers::card_network;

#[derive(serde::Deserialize, Default)]
#[serde(default)]
pub struct NetworkForm {
    message: String,
    card: String,
    amount: String,
    kind: String,
    merchant: String,
    network_id: String,
}

pub async fn form(State(state): State<AppState>) -> Response {
    render(&state, &NetworkForm::default(), None, None)
}

pub async fn submit(
    State(state): State<AppState>,
    headers: HeaderMap,
    Form(input): Form<NetworkForm>,
) -> Response {
    if !crate::api::origin_allowed(&headers, &state.config.base_url) {
        return StatusCode::FORBIDDEN.into_response();
    }
    let db = &state.api.db;
    let vault = &state.config.cards.vault;
    let done = match input.message.as_str() {
        "authorize" => {
            card_network::authorize(
                db,
                vault,
                &input.card,
                &input.amount,
                &input.kind,
                &input.merchant,
            )
            .await
        }
        "capture" => card_network::capture(db, &input.network_id).await,
        "reverse" => card_network::reverse(db, &input.network_id).await,
        "refund" => card_network::refund(db, &input.network_id, &input.amount).await,
        _ => return StatusCode::UNPROCESSABLE_ENTITY.into_response(),
    };
    match done {
        Ok(auth) => {
            let line = card_network::describe(&auth);
            let kept = NetworkForm {
                network_id: auth.network_id.clone(),
                card: input.card.clone(),
                kind: input.kind.clone(),
                merchant: input.merchant.clone(),
                ..NetworkForm::default()
            };
            render(
                &state,
                &kept,
                Some(context! { line, network_id => auth.network_id }),
                None,
            )
        }
        Err(error) => {
            tracing::warn!(%error, "sandbox card network message refused");
            render(&state, &input, None, Some(error.to_string()))
        }
    }
}

fn render(
    state: &AppState,
    input: &NetworkForm,
    done: Option<minijinja::Value>,
    error: Option<String>,
) -> Response {
    let status = if error.is_some() {
        StatusCode::UNPROCESSABLE_ENTITY
    } else {
        StatusCode::OK
    };
    let merchants: Vec<String> = crate::demo::past_year::merchants()
        .into_iter()
        .map(|m| m.name)
        .collect();
    let kinds = [
        ("contactless", "Contactless, in a shop"),
        ("online", "Online purchase"),
        ("atm", "Cash machine withdrawal"),
    ];
    super::pages::template_page(
        state,
        "card_network.html",
        status,
        context! {
            done, error, merchants, kinds,
            card => input.card, amount => input.amount, kind => input.kind,
            merchant => input.merchant, network_id => input.network_id,
        },
    )
}
