//! The sandbox money-in page: a form that credits an account as an inbound payment (the same
//! booking as `bank money-in`). Sandbox mode only; the post must come from this site.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Form;
use minijinja::context;

use super::AppState;
use crate::providers::sandbox_payments;

#[derive(serde::Deserialize, Default)]
#[serde(default)]
pub struct MoneyIn {
    account: String,
    amount: String,
    payer: String,
    reference: String,
}

pub async fn form(State(state): State<AppState>) -> Response {
    render(&state, &MoneyIn::default(), None, None)
}

pub async fn submit(
    State(state): State<AppState>,
    headers: HeaderMap,
    Form(input): Form<MoneyIn>,
) -> Response {
    if !crate::api::origin_allowed(&headers, &state.config.base_url) {
        return StatusCode::FORBIDDEN.into_response();
    }
    match sandbox_payments::credit(
        &state.api.db,
        &input.account,
        &input.amount,
        &input.payer,
        &input.reference,
    )
    .await
    {
        Ok(done) => render(
            &state,
            &MoneyIn::default(),
            Some(
                context! { amount => done.amount, iban => done.iban, in_suspense => done.in_suspense },
            ),
            None,
        ),
        Err(error) => {
            tracing::warn!(%error, "sandbox money in refused");
            render(&state, &input, None, Some(error.to_string()))
        }
    }
}

fn render(
    state: &AppState,
    input: &MoneyIn,
    done: Option<minijinja::Value>,
    error: Option<String>,
) -> Response {
    let status = if error.is_some() {
        StatusCode::UNPROCESSABLE_ENTITY
    } else {
        StatusCode::OK
    };
    super::pages::template_page(
        state,
        "money_in.html",
        status,
        context! {
            done, error,
            account => input.account, amount => input.amount,
            payer => input.payer, reference => input.reference,
        },
    )
}
