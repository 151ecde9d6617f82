//! Currency exchange before the page hydrates (issue 12 point 5): the select step is a GET form
//! the server answers with a quote, and the approve step posts the quote here. The quote's id is
//! the conversion's id, so a re-sent form converts once. Errors go back to the select step as a
//! code the page turns into its message, with a fresh quote.

use axum::extract::{Request, State};
use axum::response::{IntoResponse, Redirect, Response};

use super::transfer_forms::{code, read};
use super::AppState;
use crate::api::exchange::conversions::{self, ExchangeBody};

pub async fn convert(State(state): State<AppState>, request: Request) -> Response {
    let (profile, _, pairs) = match read(&state, request).await {
        Ok(read) => read,
        Err(response) => return response,
    };
    let get = |name: &str| {
        pairs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.trim().to_string())
            .unwrap_or_default()
    };
    let quote_id = get("quoteId");
    let body = ExchangeBody {
        id: quote_id.clone(),
        quote_id,
    };
    match conversions::execute(&state.api, &profile, &body).await {
        Ok(done) => Redirect::to(&format!(
            "/currency-converter?done={}",
            done.transaction_id()
        ))
        .into_response(),
        Err(error) => {
            let kind = get("type");
            let side = if kind == "inverse" { "buy" } else { "sell" };
            let mut back = url::form_urlencoded::Serializer::new(String::new());
            back.append_pair("from", &get("from"))
                .append_pair("to", &get("to"))
                .append_pair(
                    "type",
                    if kind == "inverse" {
                        "inverse"
                    } else {
                        "direct"
                    },
                )
                .append_pair(side, &get("amount").replace(',', ""))
                .append_pair("error", &code(&error));
            Redirect::to(&format!("/currency-converter?{}", back.finish())).into_response()
        }
    }
}
