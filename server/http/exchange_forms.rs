//! Currency exchange before the page hydrates (issue 12 point 5): the select step is a GET form
//! the server answers with a quote, and the approve step posts the quote here, which is the
//! API's own call (`POST /v1/bank/currency-exchange`) through the one door of plain forms
//! (`forms.rs`). The quote's id is the conversion's id, so a re-sent form converts once. Errors
//! go back to the select step as a code the page turns into its message, with a fresh quote.

use axum::extract::State;
use axum::http::Method;
use axum::response::{IntoResponse, Redirect, Response};
use serde_json::json;

use super::forms::{back, url, FormPost};
use super::AppState;

pub async fn convert(State(state): State<AppState>, form: FormPost) -> Response {
    let quote = form.get("quoteId");
    let answer = form
        .call(
            &state,
            Method::POST,
            "/v1/bank/currency-exchange",
            Some(json!({"id": quote, "quoteId": quote})),
        )
        .await;
    if let Some(txn) = answer.text("/transaction/id").filter(|_| answer.ok()) {
        return Redirect::to(&url("/currency-converter", &[("done", txn)])).into_response();
    }
    let inverse = form.get("type") == "inverse";
    let amount = form.get("amount").replace(',', "");
    let (from, to) = (form.get("from"), form.get("to"));
    back(
        &answer,
        "/currency-converter",
        &[
            ("from", &from),
            ("to", &to),
            ("type", if inverse { "inverse" } else { "direct" }),
            (if inverse { "buy" } else { "sell" }, &amount),
        ],
        &["amount"],
    )
}
