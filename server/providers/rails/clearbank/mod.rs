//! ClearBank as the sponsor bank's rails (issue 33 point 1), as its UK API documents them
//! (clearbank.github.io, "Getting started" and "Faster payments"; the FPS initiation API 3.0):
//!
//! - every call carries `Authorization: Bearer <token>`; a call with a body also carries
//!   `DigitalSignature` (base64 RSA PKCS #1 v1.5 over the SHA-256 of the exact body, with the
//!   bank's private key) and `X-Request-Id`, ClearBank's duplicate check for 24 hours: the
//!   transfer's id, so a try repeated after a time-out is answered 409 and never sent twice;
//! - UK local: `POST /v3/payments/fps` (FPS initiation 3.0), answered 202 with each instruction
//!   `Accepted` or why not; SEPA: `POST /payments/cross-border/v2/payments` (SCT UK, the fields
//!   of an ISO 20022 pain.001 as JSON: the API takes no XML, so the bank's pain.001 is not sent
//!   as such); SWIFT in the currencies ClearBank's multi-currency payments carry:
//!   `POST /v1/mccy/payments`. The transfer's id, without hyphens, is the end-to-end id, which
//!   ClearBank checks for duplicates too. 400/422 refuse a payment; 429 and 5xx are retried;
//! - webhooks (`events.rs`) are signed by ClearBank the same way (checked with its public key)
//!   and answered 200 with `{"Nonce": n}`, signed with the bank's key. Delivery is at least once
//!   and in any order: the events carry ClearBank's own ids, which the bank keeps.
//!
//! Why ClearBank rather than Modulr: its API reference, webhook catalogue and signing rules are
//! published (and were available offline to build against), it is a UK clearing bank with
//! direct Faster Payments access, and it offers Confirmation of Payee through the same API.
//! What ClearBank does not carry (SWIFT in sterling or leks) is refused at planning
//! (`carries`), never queued for a rail that will not take it.

pub mod cop;
mod events;
pub mod names;
pub mod requests;

use axum::http::HeaderMap;
use base64::Engine;
use rsa::pkcs1v15::{Signature, SigningKey, VerifyingKey};
use rsa::pkcs8::{DecodePrivateKey, DecodePublicKey};
use rsa::signature::{SignatureEncoding, Signer, Verifier};
use rsa::{RsaPrivateKey, RsaPublicKey};
use secrecy::ExposeSecret;
use serde_json::Value;

use super::{Dispatch, Notification, OutgoingPayment, PaymentRails, Pending, RailError};
use crate::config::ClearBankSettings;
use crate::domain::payments::payee::Scheme;

/// The currencies of ClearBank's multi-currency payments (the API's `currencyCode`) that the
/// bank holds.
const MCCY: &[&str] = &["EUR", "USD", "CHF"];

/// Whether ClearBank carries a scheme in a currency: Faster Payments in sterling, SEPA in euros,
/// SWIFT through multi-currency payments.
pub fn carries(scheme: Scheme, currency: &str) -> bool {
    match scheme {
        Scheme::Local => currency == "GBP",
        Scheme::Sepa => currency == "EUR",
        Scheme::Swift => MCCY.contains(&currency),
    }
}

pub struct ClearBank {
    base_url: String,
    token: secrecy::SecretString,
    signer: SigningKey<sha2::Sha256>,
    checker: VerifyingKey<sha2::Sha256>,
    client: reqwest::Client,
}

impl ClearBank {
    pub fn new(settings: &ClearBankSettings) -> anyhow::Result<Self> {
        let private =
            RsaPrivateKey::from_pkcs8_pem(settings.private_key.expose_secret()).map_err(|e| {
                anyhow::anyhow!("BANK_CLEARBANK_PRIVATE_KEY is no PKCS #8 RSA key: {e}")
            })?;
        let public = RsaPublicKey::from_public_key_pem(&settings.webhook_key)
            .map_err(|e| anyhow::anyhow!("BANK_CLEARBANK_WEBHOOK_KEY is no RSA public key: {e}"))?;
        Ok(Self {
            base_url: settings.base_url.trim_end_matches('/').to_string(),
            token: settings.token.clone(),
            signer: SigningKey::new(private),
            checker: VerifyingKey::new(public),
            client: reqwest::Client::builder()
                .timeout(settings.timeout)
                .build()?,
        })
    }

    /// The `DigitalSignature` of a body.
    pub fn sign(&self, body: &[u8]) -> String {
        base64::engine::general_purpose::STANDARD.encode(self.signer.sign(body).to_bytes())
    }

    fn verify(&self, headers: &HeaderMap, body: &[u8]) -> Result<(), RailError> {
        let given = headers
            .get("digitalsignature")
            .and_then(|v| v.to_str().ok())
            .ok_or(RailError::BadWebhook("no DigitalSignature"))?;
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(given.trim())
            .map_err(|_| RailError::BadWebhook("DigitalSignature is not base64"))?;
        let signature = Signature::try_from(bytes.as_slice())
            .map_err(|_| RailError::BadWebhook("DigitalSignature is not a signature"))?;
        self.checker
            .verify(body, &signature)
            .map_err(|_| RailError::BadWebhook("DigitalSignature does not match"))
    }

    /// A signed call: its status and body, or why there was no answer.
    async fn call(
        &self,
        path: &str,
        request_id: &str,
        body: Vec<u8>,
    ) -> Result<(u16, String), String> {
        self.call_with("POST", path, Some(request_id), Some(body))
            .await
    }

    /// A call with any method: a body is signed and sent with its request id.
    async fn call_with(
        &self,
        method: &str,
        path: &str,
        request_id: Option<&str>,
        body: Option<Vec<u8>>,
    ) -> Result<(u16, String), String> {
        let method = reqwest::Method::from_bytes(method.as_bytes()).map_err(|e| e.to_string())?;
        let mut request = self
            .client
            .request(method, format!("{}{path}", self.base_url))
            .bearer_auth(self.token.expose_secret());
        if let Some(request_id) = request_id {
            request = request.header("X-Request-Id", request_id);
        }
        if let Some(body) = body {
            request = request
                .header("DigitalSignature", self.sign(&body))
                .header("Content-Type", "application/json")
                .body(body);
        }
        let answer = request.send().await.map_err(|e| e.to_string())?;
        let status = answer.status().as_u16();
        Ok((status, answer.text().await.unwrap_or_default()))
    }

    async fn post(
        &self,
        path: &str,
        request_id: &str,
        body: Vec<u8>,
    ) -> Result<Dispatch, RailError> {
        let (status, text) = self
            .call(path, request_id, body)
            .await
            .map_err(|e| RailError::Unavailable(format!("ClearBank did not answer: {e}")))?;
        match status {
            200..=202 => instruction_answer(&text),
            // The same X-Request-Id within 24 hours: the first try was taken.
            409 => Ok(Dispatch::Accepted),
            400 | 422 => Err(RailError::Refused(problem(&text))),
            // The bank's own credentials or ClearBank's service: never the payer's fault, so the
            // payment waits and is tried again.
            _ => Err(RailError::Unavailable(format!(
                "ClearBank answered {status}: {}",
                problem(&text)
            ))),
        }
    }
}

/// A 202's verdict: Faster Payments answer per instruction (`transactions[].response`); the
/// other APIs take the payment as a whole.
fn instruction_answer(text: &str) -> Result<Dispatch, RailError> {
    let body: Value = serde_json::from_str(text).unwrap_or(Value::Null);
    let response = body["transactions"][0]["response"]
        .as_str()
        .unwrap_or("Accepted");
    match response {
        "Accepted" => Ok(Dispatch::Accepted),
        // The bank's own funding at ClearBank: the payment waits until it is topped up.
        "InsufficientFunds" => Err(RailError::Unavailable(
            "the bank's account at ClearBank has insufficient funds".into(),
        )),
        other => Err(RailError::Refused(format!("ClearBank: {other}"))),
    }
}

/// An RFC 7807 answer's title, detail and field errors, for the log and the reason a payer
/// reads.
fn problem(text: &str) -> String {
    let body: Value = serde_json::from_str(text).unwrap_or(Value::Null);
    let mut parts: Vec<String> = ["title", "detail"]
        .iter()
        .filter_map(|k| body[k].as_str().map(str::to_string))
        .collect();
    if let Some(errors) = body["errors"].as_object() {
        for (field, messages) in errors {
            for message in messages.as_array().into_iter().flatten() {
                parts.push(format!("{field}: {}", message.as_str().unwrap_or_default()));
            }
        }
    }
    if parts.is_empty() {
        text.chars().take(200).collect()
    } else {
        parts.join("; ")
    }
}

/// The transfer's id as an end-to-end id (at most 35 characters: a UUID without its hyphens),
/// and back.
pub fn end_to_end(transfer_id: &str) -> String {
    transfer_id.replace('-', "")
}

fn transfer_of(end_to_end: &str) -> Option<String> {
    uuid::Uuid::try_parse(end_to_end.trim())
        .ok()
        .map(|id| id.hyphenated().to_string())
}

impl PaymentRails for ClearBank {
    fn name(&self) -> &'static str {
        "clearbank"
    }

    fn party(&self) -> Option<&'static str> {
        Some(crate::providers::party::CLEARBANK_PAYMENTS)
    }

    fn send<'a>(&'a self, payment: &'a OutgoingPayment) -> Pending<'a, Dispatch> {
        Box::pin(async move {
            if !carries(payment.scheme, payment.currency) {
                // Refused at planning; one planned before the configuration changed waits.
                return Err(RailError::Unavailable(format!(
                    "ClearBank does not carry {} in {}",
                    payment.scheme.label(),
                    payment.currency
                )));
            }
            let (path, body) = match payment.scheme {
                Scheme::Local => ("/v3/payments/fps", requests::fps(payment)?),
                Scheme::Sepa => (
                    "/payments/cross-border/v2/payments",
                    requests::sepa(payment)?,
                ),
                Scheme::Swift => ("/v1/mccy/payments", requests::mccy(payment)?),
            };
            self.post(path, &payment.transfer_id, body).await
        })
    }

    fn read_webhook(&self, headers: &HeaderMap, body: &[u8]) -> Result<Notification, RailError> {
        self.verify(headers, body)?;
        let envelope: Value =
            serde_json::from_slice(body).map_err(|_| RailError::BadWebhook("not JSON"))?;
        let nonce = envelope["Nonce"]
            .as_i64()
            .ok_or(RailError::BadWebhook("no Nonce"))?;
        let kind = envelope["Type"].as_str().unwrap_or_default();
        let events = events::read(kind, &envelope["Payload"])?;
        let reply_body = serde_json::to_vec(&serde_json::json!({"Nonce": nonce}))
            .expect("a JSON value serialises");
        let signature = self.sign(&reply_body);
        Ok(Notification {
            events,
            reply_body,
            reply_headers: vec![("DigitalSignature", signature)],
        })
    }
}
