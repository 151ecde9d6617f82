//! Checkout.com's published API (api.checkout.com, Unified Payments API) as the activation
//! fee's acquirer. A fee is paid on Checkout.com's Hosted Payments Page (`POST /hosted-payments`,
//! 3-D Secure on; Apple Pay shows there where the bank's domain is enrolled with Checkout.com,
//! which validates the merchant and receives the token, so the bank never handles either);
//! outcomes and refunds come by webhook, signed with HMAC-SHA256 of the body in `Cko-Signature`;
//! a refund is `POST /payments/{id}/refunds`. Every creating call carries `Cko-Idempotency-Key`
//! (the bank's own id), so a retry after a time-out makes nothing twice.

use secrecy::ExposeSecret;
use serde_json::{json, Value};

use super::{
    Acquirer, AcquirerError, AcquirerEvent, HostedCheckout, NewCheckout, Pending, RefundAnswer,
    RefundRequest,
};
use crate::config::CheckoutComSettings;

pub struct CheckoutCom {
    base_url: String,
    secret_key: secrecy::SecretString,
    processing_channel_id: String,
    webhook_secret: secrecy::SecretString,
    client: reqwest::Client,
}

const SIGNATURE: &str = "cko-signature";

impl CheckoutCom {
    pub fn new(settings: &CheckoutComSettings) -> anyhow::Result<Self> {
        Ok(Self {
            base_url: settings.base_url.trim_end_matches('/').to_string(),
            secret_key: settings.secret_key.clone(),
            processing_channel_id: settings.processing_channel_id.clone(),
            webhook_secret: settings.webhook_secret.clone(),
            client: reqwest::Client::builder()
                .timeout(settings.timeout)
                .build()?,
        })
    }

    /// A call with the secret key and an idempotency key: its status and JSON body.
    async fn post(
        &self,
        path: &str,
        idempotency_key: &str,
        body: &Value,
    ) -> Result<(u16, Value), AcquirerError> {
        let answer = self
            .client
            .post(format!("{}{path}", self.base_url))
            .bearer_auth(self.secret_key.expose_secret())
            .header("Cko-Idempotency-Key", idempotency_key)
            .json(body)
            .send()
            .await
            .map_err(|e| AcquirerError::Unavailable(format!("Checkout.com did not answer: {e}")))?;
        let status = answer.status().as_u16();
        let text = answer.text().await.unwrap_or_default();
        Ok((status, serde_json::from_str(&text).unwrap_or(Value::Null)))
    }

    /// The signature of a notification's body, as Checkout.com makes it (tests sign with it).
    pub fn sign(&self, body: &[u8]) -> String {
        super::hmac_hex(self.webhook_secret.expose_secret().as_bytes(), &[body])
    }
}

/// A refusal's error codes (`{"error_type": …, "error_codes": [...]}`), for the log and the
/// reason operations read.
fn reason(status: u16, body: &Value) -> String {
    let kind = body["error_type"].as_str().unwrap_or("error");
    let codes: Vec<&str> = body["error_codes"]
        .as_array()
        .map(|codes| codes.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    if codes.is_empty() {
        format!("Checkout.com answered {status} ({kind})")
    } else {
        format!(
            "Checkout.com answered {status} ({kind}: {})",
            codes.join(", ")
        )
    }
}

/// 4xx but 429 is refused for good (the request or the payment is wrong); anything else is
/// Checkout.com's trouble (or the bank's credentials), tried again.
fn failure(status: u16, body: &Value) -> AcquirerError {
    match status {
        400..=428 | 430..=499 if status != 401 => AcquirerError::Refused(reason(status, body)),
        _ => AcquirerError::Unavailable(reason(status, body)),
    }
}

/// Ids Checkout.com gives are letters, digits and underscores; anything else never reaches a
/// path.
fn plain_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 64
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// The body of a Hosted Payments Page for a fee.
pub fn hosted_payment_body(checkout: &NewCheckout<'_>, processing_channel_id: &str) -> Value {
    json!({
        "amount": checkout.amount_minor,
        "currency": checkout.currency,
        "payment_type": "Regular",
        "reference": checkout.reference,
        "description": "Account activation",
        "processing_channel_id": processing_channel_id,
        "billing": { "address": { "country": checkout.country } },
        "success_url": checkout.return_url,
        "failure_url": checkout.return_url,
        "cancel_url": checkout.return_url,
        "3ds": { "enabled": true },
        "capture": true,
        "allow_payment_methods": ["card", "applepay"],
        "metadata": { "fee_id": checkout.fee_id, "checkout_id": checkout.checkout_id },
    })
}

impl Acquirer for CheckoutCom {
    fn party(&self) -> Option<&'static str> {
        Some(crate::providers::party::CHECKOUT_COM)
    }

    fn wallet_in_page(&self) -> bool {
        false
    }

    fn start_checkout<'a>(&'a self, checkout: &'a NewCheckout<'a>) -> Pending<'a, HostedCheckout> {
        Box::pin(async move {
            let body = hosted_payment_body(checkout, &self.processing_channel_id);
            let (status, answer) = self
                .post("/hosted-payments", checkout.checkout_id, &body)
                .await?;
            if status != 200 && status != 201 {
                return Err(failure(status, &answer));
            }
            let url = answer["_links"]["redirect"]["href"]
                .as_str()
                .filter(|url| url.starts_with("https://") || url.starts_with("http://"))
                .ok_or_else(|| {
                    AcquirerError::Unavailable("Checkout.com gave no payment page".into())
                })?;
            Ok(HostedCheckout { url: url.into() })
        })
    }

    fn refund<'a>(&'a self, refund: &'a RefundRequest<'a>) -> Pending<'a, RefundAnswer> {
        Box::pin(async move {
            if !plain_id(refund.payment_id) {
                return Err(AcquirerError::Refused(format!(
                    "{} is not a Checkout.com payment",
                    refund.payment_id
                )));
            }
            let body = json!({
                "amount": refund.amount_minor,
                "reference": refund.refund_id,
                "metadata": { "refund_id": refund.refund_id },
            });
            let path = format!("/payments/{}/refunds", refund.payment_id);
            let (status, answer) = self.post(&path, refund.refund_id, &body).await?;
            match status {
                200..=202 => Ok(RefundAnswer::Accepted(
                    answer["action_id"].as_str().unwrap_or_default().into(),
                )),
                _ => Err(failure(status, &answer)),
            }
        })
    }

    fn read_webhook(
        &self,
        headers: &axum::http::HeaderMap,
        body: &[u8],
    ) -> Result<AcquirerEvent, AcquirerError> {
        let key = self.webhook_secret.expose_secret().as_bytes();
        super::check_signature(headers, SIGNATURE, key, &[body])?;
        let event: Value =
            serde_json::from_slice(body).map_err(|e| AcquirerError::Body(e.to_string()))?;
        Ok(event_of(&event))
    }
}

/// What a notification (`{"id", "type", "data": {...}}`) reports.
pub fn event_of(event: &Value) -> AcquirerEvent {
    let kind = event["type"].as_str().unwrap_or_default();
    let data = &event["data"];
    let text = |value: &Value| value.as_str().map(str::to_string);
    let checkout = text(&data["metadata"]["checkout_id"]);
    let refund = text(&data["metadata"]["refund_id"]).or_else(|| text(&data["reference"]));
    match (kind, checkout, refund) {
        ("payment_captured", Some(checkout_id), _) => match text(&data["id"]) {
            Some(payment_id) => AcquirerEvent::Paid {
                checkout_id,
                fee_id: text(&data["metadata"]["fee_id"]),
                payment_id,
            },
            None => AcquirerEvent::Ignored("a capture naming no payment".into()),
        },
        (
            "payment_declined"
            | "payment_expired"
            | "payment_canceled"
            | "payment_voided"
            | "payment_capture_declined",
            Some(checkout_id),
            _,
        ) => AcquirerEvent::Declined { checkout_id },
        ("payment_refunded", _, Some(refund_id)) => AcquirerEvent::Refunded { refund_id },
        ("payment_refund_declined", _, Some(refund_id)) => AcquirerEvent::RefundDeclined {
            refund_id,
            reason: data["response_summary"]
                .as_str()
                .unwrap_or("refused by Checkout.com")
                .into(),
        },
        (other, _, _) => AcquirerEvent::Ignored(other.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notifications_read_as_events() {
        let paid = json!({"id": "evt_1", "type": "payment_captured", "data": {
            "id": "pay_1", "amount": 4900, "metadata": {"checkout_id": "c1", "fee_id": "f1"}}});
        assert_eq!(
            event_of(&paid),
            AcquirerEvent::Paid {
                checkout_id: "c1".into(),
                fee_id: Some("f1".into()),
                payment_id: "pay_1".into()
            }
        );
        let declined = json!({"type": "payment_declined", "data": {"id": "pay_2",
            "metadata": {"checkout_id": "c2"}}});
        assert_eq!(
            event_of(&declined),
            AcquirerEvent::Declined {
                checkout_id: "c2".into()
            }
        );
        let refunded = json!({"type": "payment_refunded", "data": {"id": "pay_1",
            "reference": "r1"}});
        assert_eq!(
            event_of(&refunded),
            AcquirerEvent::Refunded {
                refund_id: "r1".into()
            }
        );
        let refused = json!({"type": "payment_refund_declined", "data": {"id": "pay_1",
            "metadata": {"refund_id": "r2"}, "response_summary": "Refund not allowed"}});
        assert_eq!(
            event_of(&refused),
            AcquirerEvent::RefundDeclined {
                refund_id: "r2".into(),
                reason: "Refund not allowed".into()
            }
        );
        let approved = json!({"type": "payment_approved", "data": {"id": "pay_1",
            "metadata": {"checkout_id": "c1"}}});
        assert_eq!(
            event_of(&approved),
            AcquirerEvent::Ignored("payment_approved".into())
        );
    }

    #[test]
    fn refusals_and_trouble() {
        let body = json!({"error_type": "request_invalid", "error_codes": ["amount_invalid"]});
        assert!(
            matches!(failure(422, &body), AcquirerError::Refused(r) if r.contains("amount_invalid"))
        );
        assert!(matches!(failure(401, &body), AcquirerError::Unavailable(_)));
        assert!(matches!(failure(429, &body), AcquirerError::Unavailable(_)));
        assert!(matches!(
            failure(502, &Value::Null),
            AcquirerError::Unavailable(_)
        ));
        assert!(plain_id("pay_mbabizu24mvu3mela5njyhpit4"));
        assert!(!plain_id("../balances"));
    }
}
