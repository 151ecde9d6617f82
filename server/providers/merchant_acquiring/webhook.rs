//! The sandbox acquirer's decision webhook: JSON signed with HMAC-SHA256 of the raw body, hex,
//! in `X-Acquirer-Signature`.

use axum::http::HeaderMap;
use secrecy::SecretString;

use super::{AcquiringError, MerchantDecision};
use crate::domain::lending::application::MerchantState;
use crate::providers::identity::webhook::sign;

pub const HEADER: &str = "x-acquirer-signature";

#[derive(serde::Deserialize, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct Body {
    application_ref: String,
    status: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    merchant_id: Option<String>,
}

pub fn body(decision: &MerchantDecision) -> Vec<u8> {
    serde_json::to_vec(&Body {
        application_ref: decision.provider_ref.clone(),
        status: decision.state.as_str().to_string(),
        note: decision.note.clone(),
        merchant_id: decision.merchant_id.clone(),
    })
    .unwrap_or_default()
}

pub fn read(
    secret: &SecretString,
    headers: &HeaderMap,
    body: &[u8],
) -> Result<MerchantDecision, AcquiringError> {
    let given = headers
        .get(HEADER)
        .and_then(|v| v.to_str().ok())
        .ok_or(AcquiringError::BadWebhook("no signature"))?;
    if !crate::domain::auth::secrets::same(&sign(secret, body), given) {
        return Err(AcquiringError::BadWebhook("signature does not match"));
    }
    let body: Body =
        serde_json::from_slice(body).map_err(|_| AcquiringError::BadWebhook("unreadable body"))?;
    Ok(MerchantDecision {
        provider_ref: body.application_ref,
        state: MerchantState::parse(&body.status)
            .ok_or(AcquiringError::BadWebhook("unknown status"))?,
        note: body.note,
        merchant_id: body.merchant_id,
    })
}
