//! The sandbox acquirer: its hosted page is the bank's own (`/sandbox/pay/{checkout}`, in
//! `http/payment_page.rs`), its outcomes reach the bank as signed notifications to
//! `POST /v2/webhooks/acquirer`, and it refunds at once.

use super::{
    Acquirer, AcquirerError, AcquirerEvent, HostedCheckout, NewCheckout, Pending, RefundAnswer,
    RefundRequest,
};

/// What the sandbox reports of a checkout on its hosted page: paid (with its payment id) or
/// declined.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutEvent {
    pub checkout_id: String,
    pub payment_id: String,
    pub paid: bool,
}

/// The sandbox acquirer signs its notifications with HMAC-SHA256 of the body, hex, in
/// `X-Signature`, keyed by the sandbox secret (`BANK_IDENTITY_SANDBOX_SECRET`, which signs the
/// sandbox's webhooks) under a label of its own.
pub struct SandboxAcquirer {
    secret: secrecy::SecretString,
}

const SIGNATURE: &str = "x-signature";

impl SandboxAcquirer {
    pub fn new(secret: secrecy::SecretString) -> Self {
        Self { secret }
    }

    fn sign(&self, body: &[u8]) -> String {
        use secrecy::ExposeSecret;
        super::hmac_hex(
            self.secret.expose_secret().as_bytes(),
            &[b"sandbox-acquirer:", body],
        )
    }

    /// The notification of `event` as the sandbox sends it: its body and signature header.
    pub fn notification(&self, event: &CheckoutEvent) -> (Vec<u8>, (&'static str, String)) {
        let body = serde_json::to_vec(event).expect("an event serialises");
        let signature = self.sign(&body);
        (body, (SIGNATURE, signature))
    }
}

impl Acquirer for SandboxAcquirer {
    fn party(&self) -> Option<&'static str> {
        None
    }

    fn wallet_in_page(&self) -> bool {
        true
    }

    fn start_checkout<'a>(&'a self, checkout: &'a NewCheckout<'a>) -> Pending<'a, HostedCheckout> {
        // The sandbox's page is the bank's own, on the origin the person uses.
        let url = format!("/sandbox/pay/{}", checkout.checkout_id);
        Box::pin(async move { Ok(HostedCheckout { url }) })
    }

    fn refund<'a>(&'a self, refund: &'a RefundRequest<'a>) -> Pending<'a, RefundAnswer> {
        let id = format!("sandbox-refund-{}", refund.refund_id);
        Box::pin(async move { Ok(RefundAnswer::Refunded(id)) })
    }

    fn read_webhook(
        &self,
        headers: &axum::http::HeaderMap,
        body: &[u8],
    ) -> Result<AcquirerEvent, AcquirerError> {
        use secrecy::ExposeSecret;
        let key = self.secret.expose_secret().as_bytes();
        super::check_signature(headers, SIGNATURE, key, &[b"sandbox-acquirer:", body])?;
        let event: CheckoutEvent =
            serde_json::from_slice(body).map_err(|e| AcquirerError::Body(e.to_string()))?;
        Ok(if event.paid {
            AcquirerEvent::Paid {
                checkout_id: event.checkout_id,
                fee_id: None,
                payment_id: event.payment_id,
            }
        } else {
            AcquirerEvent::Declined {
                checkout_id: event.checkout_id,
            }
        })
    }
}
