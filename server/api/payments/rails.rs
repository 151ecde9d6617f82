//! The sponsor bank's notifications (issue 33 point 1): `POST /v2/webhooks/rails`, signed by
//! the rail (ClearBank: `DigitalSignature`, RSA over the body). A forged or altered one is
//! refused and changes nothing; a true one is acted on (`services::payments::rails`) and
//! answered as the rail expects (ClearBank: `{"Nonce": n}`, signed by the bank), including when
//! it was seen before, so the rail stops sending it. Without a rail that notifies, the path does
//! not exist.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::error::AppError;
use crate::api::ApiState;

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new().routes(routes!(rail_webhook))
}

/// The answer the rail checks: the notification's nonce, signed in `DigitalSignature`.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct RailWebhookAnswer {
    #[serde(rename = "Nonce")]
    pub nonce: i64,
}

#[utoipa::path(post, path = "/v2/webhooks/rails", tag = "transfers",
    request_body(content = String, description = "The rail's JSON notification, as signed"),
    responses((status = 200, body = RailWebhookAnswer)))]
async fn rail_webhook(
    State(state): State<ApiState>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Result<Response, AppError> {
    let rails = state.rails.as_ref().ok_or(AppError::NotFound)?;
    let notification = rails.read_webhook(&headers, &body).map_err(|error| {
        tracing::warn!(%error, "a payment rail's notification refused");
        AppError::unauthorized(
            "bad_signature",
            "Refused",
            "The webhook signature does not match.",
        )
    })?;
    for event in &notification.events {
        // A failure here answers 500: the rail sends the notification again later.
        crate::services::payments::rails::notified(&state.db, rails.name(), event)
            .await
            .map_err(|error| AppError::Internal(error.into()))?;
    }
    let mut answer = (
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        notification.reply_body,
    )
        .into_response();
    for (name, value) in notification.reply_headers {
        if let Ok(value) = axum::http::HeaderValue::from_str(&value) {
            answer.headers_mut().insert(name, value);
        }
    }
    Ok(answer)
}
