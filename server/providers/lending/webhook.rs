//! The sandbox lender's decision webhook: a JSON body signed with HMAC-SHA256 of its raw bytes,
//! hex, in `X-Lender-Signature`. Amounts are decimal text, never floating point.

use axum::http::HeaderMap;
use secrecy::SecretString;

use super::{Decision, LendingError};
use crate::domain::accounts::money::{decimal, parse_decimal};
use crate::domain::lending::application::LoanState;
use crate::providers::identity::webhook::sign;

pub const HEADER: &str = "x-lender-signature";

#[derive(serde::Deserialize, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct Body {
    application_ref: String,
    status: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    offered_amount: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    paid_amount: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
}

/// The body the sandbox lender sends for a decision.
pub fn body(decision: &Decision) -> Vec<u8> {
    serde_json::to_vec(&Body {
        application_ref: decision.provider_ref.clone(),
        status: decision.state.as_str().to_string(),
        offered_amount: decision.offered_amount.map(decimal),
        paid_amount: decision.paid_amount.map(decimal),
        reason: decision.reason.clone(),
    })
    .unwrap_or_default()
}

pub fn read(
    secret: &SecretString,
    headers: &HeaderMap,
    body: &[u8],
) -> Result<Decision, LendingError> {
    let given = headers
        .get(HEADER)
        .and_then(|v| v.to_str().ok())
        .ok_or(LendingError::BadWebhook("no signature"))?;
    if !crate::domain::auth::secrets::same(&sign(secret, body), given) {
        return Err(LendingError::BadWebhook("signature does not match"));
    }
    let body: Body =
        serde_json::from_slice(body).map_err(|_| LendingError::BadWebhook("unreadable body"))?;
    let amount = |text: Option<String>| match text {
        None => Ok(None),
        Some(text) => parse_decimal(&text)
            .map(Some)
            .ok_or(LendingError::BadWebhook("unreadable amount")),
    };
    Ok(Decision {
        provider_ref: body.application_ref,
        state: LoanState::parse(&body.status).ok_or(LendingError::BadWebhook("unknown status"))?,
        offered_amount: amount(body.offered_amount)?,
        paid_amount: amount(body.paid_amount)?,
        reason: body.reason,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signed_decision_reads_and_a_forged_one_does_not() {
        let secret = SecretString::from("whsec");
        let decision = Decision {
            provider_ref: "sbx-1".into(),
            state: LoanState::Approved,
            offered_amount: None,
            paid_amount: Some(2_500_000),
            reason: None,
        };
        let bytes = body(&decision);
        let mut headers = HeaderMap::new();
        headers.insert(HEADER, sign(&secret, &bytes).parse().unwrap());
        assert_eq!(read(&secret, &headers, &bytes).unwrap(), decision);
        let mut forged = HeaderMap::new();
        forged.insert(
            HEADER,
            sign(&SecretString::from("guess"), &bytes).parse().unwrap(),
        );
        assert!(read(&secret, &forged, &bytes).is_err());
        assert!(read(&secret, &HeaderMap::new(), &bytes).is_err());
    }
}
