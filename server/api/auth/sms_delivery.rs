//! Twilio's delivery reports of the texts the bank sends (codes, security notices):
//! `POST /v2/webhooks/sms`, form-encoded and signed with X-Twilio-Signature. A forged or altered
//! report is refused (403, as Twilio's own libraries answer) and changes nothing; a report that
//! arrives twice or after a later one changes nothing either (`services::auth::texts`).
//! Without Twilio configured the path does not exist.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::Json;

use crate::api::common_answers::Empty;
use crate::api::error::AppError;
use crate::api::ApiState;
use crate::providers::twilio;

#[utoipa::path(post, path = "/v2/webhooks/sms", tag = "auth",
    request_body(content = String, content_type = "application/x-www-form-urlencoded",
        description = "Twilio's status callback (MessageSid, MessageStatus, ErrorCode…), as signed"),
    responses((status = 200, body = Empty)))]
pub async fn delivery_report(
    State(state): State<ApiState>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Result<Json<Empty>, AppError> {
    let settings = state.config.twilio.as_ref().ok_or(AppError::NotFound)?;
    let given = headers
        .get("x-twilio-signature")
        .and_then(|v| v.to_str().ok());
    let report =
        twilio::read_report(settings, &state.config.base_url, given, &body).ok_or_else(|| {
            tracing::warn!("an SMS delivery report with a wrong signature");
            AppError::Forbidden
        })?;
    crate::services::auth::texts::delivery_reported(&state.db, &report).await?;
    Ok(Json(Empty {}))
}
