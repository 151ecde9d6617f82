//! What the sandbox providers' decision pages (the lender's and the acquirer's) share: the page
//! is reached with the provider's signed token, and a choice made on it reaches the bank as the
//! provider's signed webhook through the API router, after which the person goes back to the
//! bank's screen. The pages themselves change nothing.

use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};

use super::AppState;

#[derive(serde::Deserialize, Default)]
#[serde(default)]
pub struct TokenQuery {
    pub token: String,
}

#[derive(serde::Deserialize, Default)]
#[serde(default)]
pub struct Choice {
    pub token: String,
    pub decision: String,
}

/// A choice is a form post from the bank's own page: another origin is refused.
pub fn refused(state: &AppState, headers: &HeaderMap) -> Option<Response> {
    (!crate::api::origin_allowed(headers, &state.config.base_url))
        .then(|| StatusCode::FORBIDDEN.into_response())
}

/// Delivers the provider's signed decision to `webhook` and sends the person `back`; a refusal
/// by the bank is logged and shown as the failure page.
pub async fn deliver(
    state: &AppState,
    webhook: &str,
    (body, (header, signature)): (Vec<u8>, (&str, String)),
    back: &str,
) -> Response {
    match crate::api::loopback_post(&state.api, webhook, (header, &signature), body).await {
        Ok(status) if status.is_success() => Redirect::to(back).into_response(),
        outcome => {
            tracing::error!(
                ?outcome,
                webhook,
                "the bank refused a sandbox provider's decision"
            );
            super::pages::failure(state)
        }
    }
}
