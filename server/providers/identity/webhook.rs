//! Sumsub's webhook format (https://docs.sumsub.com/docs/user-verification-webhooks), which the
//! sandbox speaks too: a JSON body signed with HMAC-SHA256 of the raw bytes, hex, in
//! `X-Payload-Digest` (`X-Payload-Digest-Alg: HMAC_SHA256_HEX`).

use crate::domain::ids::UserId;
use axum::http::HeaderMap;
use hmac::{Hmac, Mac};
use secrecy::{ExposeSecret, SecretString};
use sha2::Sha256;

use super::IdentityError;

pub use crate::domain::onboarding::review::Review;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebhookEvent {
    /// The bank's user id, which the applicant carries as `externalUserId`.
    pub user_id: String,
    pub applicant_id: String,
    /// None for the kinds of event the bank does not act on.
    pub review: Option<Review>,
}

pub fn sign(secret: &SecretString, body: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.expose_secret().as_bytes())
        .expect("HMAC takes keys of any length");
    mac.update(body);
    hex::encode(mac.finalize().into_bytes())
}

#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct Body {
    #[serde(rename = "type")]
    kind: String,
    applicant_id: String,
    external_user_id: String,
    review_result: Option<ReviewResult>,
}

#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct ReviewResult {
    review_answer: String,
    review_reject_type: Option<String>,
}

pub fn read(
    secret: &SecretString,
    headers: &HeaderMap,
    body: &[u8],
) -> Result<WebhookEvent, IdentityError> {
    let alg = headers
        .get("x-payload-digest-alg")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("HMAC_SHA256_HEX");
    if alg != "HMAC_SHA256_HEX" {
        return Err(IdentityError::BadWebhook("unsupported digest algorithm"));
    }
    let given = headers
        .get("x-payload-digest")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| hex::decode(v).ok())
        .ok_or(IdentityError::BadWebhook("no signature"))?;
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.expose_secret().as_bytes())
        .expect("HMAC takes keys of any length");
    mac.update(body);
    // Compared in constant time by the MAC itself.
    mac.verify_slice(&given)
        .map_err(|_| IdentityError::BadWebhook("signature does not match"))?;
    let body: Body =
        serde_json::from_slice(body).map_err(|_| IdentityError::BadWebhook("unreadable body"))?;
    let review = match body.kind.as_str() {
        "applicantPending" => Some(Review::Submitted),
        "applicantReviewed" => body.review_result.map(|result| {
            match (
                result.review_answer.as_str(),
                result.review_reject_type.as_deref(),
            ) {
                ("GREEN", _) => Review::Approved,
                (_, Some("RETRY")) => Review::Retry,
                _ => Review::Rejected,
            }
        }),
        _ => None,
    };
    Ok(WebhookEvent {
        user_id: body.external_user_id,
        applicant_id: body.applicant_id,
        review,
    })
}

/// A webhook body as Sumsub sends it, for the sandbox and for tests.
pub fn body(applicant_id: &str, user_id: &UserId, review: Review) -> Vec<u8> {
    let value = match review {
        Review::Submitted => serde_json::json!({
            "type": "applicantPending", "applicantId": applicant_id, "externalUserId": user_id,
            "reviewStatus": "pending",
        }),
        Review::Approved | Review::Retry | Review::Rejected => serde_json::json!({
            "type": "applicantReviewed", "applicantId": applicant_id, "externalUserId": user_id,
            "reviewStatus": "completed",
            "reviewResult": match review {
                Review::Approved => serde_json::json!({"reviewAnswer": "GREEN"}),
                Review::Retry => serde_json::json!({"reviewAnswer": "RED", "reviewRejectType": "RETRY"}),
                _ => serde_json::json!({"reviewAnswer": "RED", "reviewRejectType": "FINAL"}),
            },
        }),
    };
    value.to_string().into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(digest: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert("x-payload-digest", digest.parse().unwrap());
        headers.insert("x-payload-digest-alg", "HMAC_SHA256_HEX".parse().unwrap());
        headers
    }

    #[test]
    fn a_signed_review_reads_and_a_forged_one_does_not() {
        let secret = SecretString::from("whsec");
        let body = body("app-1", &UserId::from("user-1"), Review::Retry);
        let event = read(&secret, &headers(&sign(&secret, &body)), &body).unwrap();
        assert_eq!(event.review, Some(Review::Retry));
        assert_eq!(event.user_id, "user-1");
        let forged = sign(&SecretString::from("guess"), &body);
        assert!(read(&secret, &headers(&forged), &body).is_err());
        let mut altered = body.clone();
        altered[10] ^= 1;
        assert!(read(&secret, &headers(&sign(&secret, &body)), &altered).is_err());
        assert!(read(&secret, &HeaderMap::new(), &body).is_err());
    }
}
