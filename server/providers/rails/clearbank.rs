//! ClearBank as the sponsor bank's rails (issue 33 point 1), as its UK API documents them
//! (clearbank.github.io, "Getting started" and "Faster payments"; the FPS initiation API 3.0):
//!
//! - every call carries `Authorization: Bearer <token>`; a call with a body also carries
//!   `DigitalSignature` (base64 RSA PKCS #1 v1.5 over the SHA-256 of the exact body, with the
//!   bank's private key) and `X-Request-Id`, ClearBank's duplicate check for 24 hours: the
//!   transfer's id, so a try repeated after a time-out is answered 409 and never sent twice;
//! - `POST /v3/payments/fps` takes a UK payment (the transfer's id, without hyphens, is its
//!   `endToEndIdentification`, which ClearBank checks for duplicates too) and answers 202 with
//!   each instruction `Accepted` or why not; 400/422 refuse it; 429 and 5xx are retried later;
//! - webhooks (`TransactionSettled`, `TransactionRejected`, `PaymentMessageAssesmentFailed`,
//!   `PaymentMessageValidationFailed`) are signed by ClearBank the same way (checked with its
//!   public key) and answered 200 with `{"Nonce": n}`, signed with the bank's key. Delivery is
//!   at least once and in any order: the events carry ClearBank's own ids, which the bank keeps.
//!
//! Why ClearBank rather than Modulr: its API reference, webhook catalogue and signing rules are
//! published (and were available offline to build against), it is a UK clearing bank with
//! direct Faster Payments access, and it offers Confirmation of Payee through the same API.
//! SEPA and SWIFT through ClearBank's cross-border API are not built yet: with ClearBank
//! configured such transfers are refused at planning (`carries`), never settled by a made-up
//! outcome.

use std::time::Duration;

use axum::http::HeaderMap;
use base64::Engine;
use rsa::pkcs1v15::{Signature, SigningKey, VerifyingKey};
use rsa::pkcs8::{DecodePrivateKey, DecodePublicKey};
use rsa::signature::{SignatureEncoding, Signer, Verifier};
use rsa::{RsaPrivateKey, RsaPublicKey};
use secrecy::ExposeSecret;
use serde_json::Value;

use super::{Dispatch, Notification, OutgoingPayment, PaymentRails, Pending, RailError, RailEvent};
use crate::config::ClearBankSettings;
use crate::domain::payments::payee::Scheme;

/// The schemes sent through ClearBank so far.
pub const SCHEMES: &[Scheme] = &[Scheme::Local];

/// ClearBank answers a webhook's sender within 5 seconds; a payment call gets a little longer.
const TIMEOUT: Duration = Duration::from_secs(10);

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
            client: reqwest::Client::builder().timeout(TIMEOUT).build()?,
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

    async fn post(
        &self,
        path: &str,
        request_id: &str,
        body: Vec<u8>,
    ) -> Result<Dispatch, RailError> {
        let signature = self.sign(&body);
        let answer = self
            .client
            .post(format!("{}{path}", self.base_url))
            .bearer_auth(self.token.expose_secret())
            .header("DigitalSignature", signature)
            .header("X-Request-Id", request_id)
            .header("Content-Type", "application/json")
            .body(body)
            .send()
            .await
            .map_err(|e| RailError::Unavailable(format!("ClearBank did not answer: {e}")))?;
        let status = answer.status().as_u16();
        let text = answer.text().await.unwrap_or_default();
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

/// The 202's verdict on the one instruction sent.
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

/// An RFC 7807 answer's title and detail, for the log and the reason a payer reads.
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

/// The transfer's id as an `endToEndIdentification` (at most 35 characters: a UUID without its
/// hyphens), and back.
pub fn end_to_end(transfer_id: &str) -> String {
    transfer_id.replace('-', "")
}

fn transfer_of(end_to_end: &str) -> Option<String> {
    uuid::Uuid::try_parse(end_to_end.trim())
        .ok()
        .map(|id| id.hyphenated().to_string())
}

/// Faster Payments' character set (the FPS page's pattern); anything else becomes a space.
fn fps_text(text: &str, max: usize) -> String {
    let allowed = |c: char| c.is_ascii_alphanumeric() || "/-?:().,'+ #=!\"%&*<>;{@".contains(c);
    text.chars()
        .map(|c| if allowed(c) { c } else { ' ' })
        .take(max)
        .collect::<String>()
        .trim()
        .to_string()
}

/// The body of `POST /v3/payments/fps` for one payment. The amount is written as the exact
/// decimal text of its minor units (the API's number), never through a float.
pub fn fps_body(payment: &OutgoingPayment) -> Result<Vec<u8>, RailError> {
    let id = end_to_end(&payment.transfer_id);
    let creditor_account = match (&payment.payee_sort_code, &payment.payee_account_number) {
        // A sort code and account number: the UK's own identification of an account.
        (Some(sort_code), Some(number)) => serde_json::json!({"other": {
            "identification": format!("{sort_code}{number}"),
            "schemeName": {"proprietary": "SortCodeAccountNumber"},
        }}),
        _ => match &payment.payee_iban {
            Some(iban) => serde_json::json!({"iban": iban}),
            None => return Err(RailError::Refused("the payee has no UK account".into())),
        },
    };
    let address = match fps_text(&payment.payer_address.join(", "), 140) {
        a if a.is_empty() => "UK".to_string(),
        a => a,
    };
    let amount = serde_json::value::RawValue::from_string(crate::domain::accounts::money::decimal(
        payment.amount_minor,
    ))
    .map_err(|e| RailError::Refused(format!("amount: {e}")))?;
    let body = serde_json::json!({"paymentInstructions": [{
        "debtor": {"address": address},
        "paymentInstructionIdentification": id,
        "paymentTypeCode": "SIP",
        "debtorAccount": {"identification": {"iban": payment.payer_iban}},
        "creditTransfers": [{
            "paymentIdentification": {
                "instructionIdentification": id,
                "endToEndIdentification": id,
            },
            "amount": {"currency": "GBP", "instructedAmount": amount},
            "creditor": {"name": fps_text(&payment.payee_name, 140)},
            "creditorAccount": {"identification": creditor_account},
            "remittanceInformation": {
                "structured": {"creditorReferenceInformation": {
                    "reference": fps_text(&payment.reference, 35),
                }},
                "unstructured": {"additionalReferenceInformation": {
                    "reference": fps_text(&payment.reference, 140),
                }},
            },
            "enforceSendToScheme": true,
        }],
    }]});
    Ok(serde_json::to_vec(&body).expect("a JSON value serialises"))
}

impl PaymentRails for ClearBank {
    fn name(&self) -> &'static str {
        "clearbank"
    }

    fn send<'a>(&'a self, payment: &'a OutgoingPayment) -> Pending<'a, Dispatch> {
        Box::pin(async move {
            if !SCHEMES.contains(&payment.scheme) || payment.currency != "GBP" {
                return Err(RailError::Unavailable(format!(
                    "{} transfers are not sent through ClearBank yet",
                    payment.scheme.label()
                )));
            }
            let body = fps_body(payment)?;
            self.post("/v3/payments/fps", &payment.transfer_id, body)
                .await
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
        let events = events(kind, &envelope["Payload"])?;
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

/// The events one webhook reports.
fn events(kind: &str, payload: &Value) -> Result<Vec<RailEvent>, RailError> {
    let text = |v: &Value| v.as_str().unwrap_or_default().trim().to_string();
    match kind {
        "TransactionSettled" => {
            let id = text(&payload["TransactionId"]);
            if id.is_empty() {
                return Err(RailError::BadWebhook("a settlement without TransactionId"));
            }
            let event_key = format!("TransactionSettled:{id}");
            let e2e = text(&payload["EndToEndTransactionId"]);
            let credit = text(&payload["DebitCreditCode"]).eq_ignore_ascii_case("Credit");
            let is_return = payload["IsReturn"].as_bool().unwrap_or(false);
            Ok(vec![match (credit, is_return, transfer_of(&e2e)) {
                (false, _, Some(transfer_id)) => RailEvent::Settled {
                    event_key,
                    transfer_id,
                },
                (true, true, Some(transfer_id)) => RailEvent::Returned {
                    event_key,
                    transfer_id,
                    reason: return_reason(payload),
                },
                (true, false, _) => incoming(event_key, payload)?,
                _ => RailEvent::Ignored {
                    event_key,
                    what: format!("a settlement the bank did not send ({e2e})"),
                },
            }])
        }
        "TransactionRejected" => {
            let id = text(&payload["TransactionId"]);
            let event_key = format!("TransactionRejected:{id}");
            let e2e = text(&payload["EndToEndTransactionId"]);
            let reason = [
                text(&payload["CancellationCode"]),
                text(&payload["CancellationReason"]),
            ]
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
            Ok(vec![match transfer_of(&e2e) {
                Some(transfer_id) if !id.is_empty() => RailEvent::Failed {
                    event_key,
                    transfer_id,
                    reason: if reason.is_empty() {
                        "Rejected".into()
                    } else {
                        reason
                    },
                },
                _ => RailEvent::Ignored {
                    event_key,
                    what: format!("a rejection of nothing the bank sent ({e2e})"),
                },
            }])
        }
        // ClearBank spells the first "Assesment" (sic) in both the type and the field.
        "PaymentMessageAssesmentFailed" | "PaymentMessageValidationFailed" => {
            let message = text(&payload["MessageId"]);
            let field = if kind == "PaymentMessageAssesmentFailed" {
                "AssesmentFailure"
            } else {
                "ValidationFailure"
            };
            let failures = payload[field]
                .as_array()
                .ok_or(RailError::BadWebhook("a failure without its list"))?;
            Ok(failures
                .iter()
                .map(|failure| {
                    let e2e = text(&failure["EndToEndId"]);
                    let event_key = format!("{kind}:{message}:{e2e}");
                    let reasons: Vec<String> = failure["Reasons"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .map(&text)
                        .collect();
                    match transfer_of(&e2e) {
                        Some(transfer_id) => RailEvent::Failed {
                            event_key,
                            transfer_id,
                            reason: reasons.join("; "),
                        },
                        None => RailEvent::Ignored {
                            event_key,
                            what: format!("a failure of nothing the bank sent ({e2e})"),
                        },
                    }
                })
                .collect())
        }
        other => Ok(vec![RailEvent::Ignored {
            event_key: format!(
                "{other}:{}",
                payload["TransactionId"].as_str().unwrap_or("-")
            ),
            what: format!("a {other} notification"),
        }]),
    }
}

/// Why a payment came back: the scheme's return code when ClearBank passes it on.
fn return_reason(payload: &Value) -> String {
    payload["SupplementaryData"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|pair| pair["Name"] == "PaymentReturnCode")
        .and_then(|pair| pair["Value"].as_str())
        .map(|code| format!("Returned by the payee's bank ({code})"))
        .unwrap_or_else(|| "Returned by the payee's bank".into())
}

/// Money in: the amount as ClearBank's decimal, read as text so no float rounds it.
fn incoming(event_key: String, payload: &Value) -> Result<RailEvent, RailError> {
    let amount = match &payload["Amount"] {
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.clone(),
        _ => return Err(RailError::BadWebhook("a credit without its amount")),
    };
    let amount_minor = crate::domain::accounts::money::parse_decimal(&amount)
        .filter(|m| *m > 0)
        .ok_or(RailError::BadWebhook("a credit's amount is not money"))?;
    let account = &payload["Account"];
    let account_iban = account["IBAN"]
        .as_str()
        .or(account["BBAN"].as_str())
        .unwrap_or_default()
        .to_string();
    let counterpart = &payload["CounterpartAccount"];
    let payer = ["TransactionOwnerName", "OwnerName"]
        .iter()
        .filter_map(|k| counterpart[k].as_str())
        .find(|s| !s.trim().is_empty() && *s != "Not Provided")
        .unwrap_or("Unknown payer")
        .to_string();
    let payer_account = counterpart["IBAN"]
        .as_str()
        .or(counterpart["BBAN"].as_str())
        .map(str::to_string);
    Ok(RailEvent::Incoming {
        event_key,
        scheme: Scheme::Local,
        account_iban,
        currency: payload["CurrencyCode"]
            .as_str()
            .unwrap_or("GBP")
            .to_string(),
        amount_minor,
        payer,
        payer_account,
        reference: payload["Reference"]
            .as_str()
            .unwrap_or_default()
            .to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn payment() -> OutgoingPayment {
        OutgoingPayment {
            transfer_id: "0193a3c4-5b6d-7e8f-9a0b-1c2d3e4f5a6b".into(),
            scheme: Scheme::Local,
            currency: "GBP",
            amount_minor: 123_456,
            payer_name: "Bennett & Hale Trading Ltd".into(),
            payer_iban: "GB33HRBR04000400012345".into(),
            payer_address: vec![
                "GB".into(),
                "London".into(),
                "1 Long Lane".into(),
                "EC1A 9HF".into(),
            ],
            payee_name: "Acme Supplies Ltd — café".into(),
            payee_iban: None,
            payee_sort_code: Some("200000".into()),
            payee_account_number: Some("55779911".into()),
            payee_bic: None,
            reference: "Invoice 42 ✓".into(),
        }
    }

    #[test]
    fn a_faster_payment_is_written_as_the_api_documents_it() {
        let body: Value = serde_json::from_slice(&fps_body(&payment()).unwrap()).unwrap();
        let instruction = &body["paymentInstructions"][0];
        let id = "0193a3c45b6d7e8f9a0b1c2d3e4f5a6b";
        assert_eq!(instruction["paymentInstructionIdentification"], id);
        assert_eq!(
            instruction["debtorAccount"]["identification"]["iban"],
            "GB33HRBR04000400012345"
        );
        assert_eq!(
            instruction["debtor"]["address"],
            "GB, London, 1 Long Lane, EC1A 9HF"
        );
        let transfer = &instruction["creditTransfers"][0];
        assert_eq!(
            transfer["paymentIdentification"]["endToEndIdentification"],
            id
        );
        // Exact: the text of the minor units, no float on the way.
        let raw = String::from_utf8(fps_body(&payment()).unwrap()).unwrap();
        assert!(raw.contains("\"instructedAmount\":1234.56"), "{raw}");
        assert_eq!(transfer["creditor"]["name"], "Acme Supplies Ltd   caf");
        assert_eq!(
            transfer["creditorAccount"]["identification"]["other"]["identification"],
            "20000055779911"
        );
        assert_eq!(
            transfer["remittanceInformation"]["structured"]["creditorReferenceInformation"]
                ["reference"],
            "Invoice 42"
        );
        assert_eq!(
            transfer_of(id).as_deref(),
            Some("0193a3c4-5b6d-7e8f-9a0b-1c2d3e4f5a6b")
        );
    }

    #[test]
    fn webhooks_become_events() {
        let settled = serde_json::json!({"TransactionId": "d9162680-7d35-7994-4e38-fa80716899a2",
            "EndToEndTransactionId": "0193a3c45b6d7e8f9a0b1c2d3e4f5a6b", "DebitCreditCode": "Debit",
            "IsReturn": false, "Amount": 12.5});
        assert_eq!(
            events("TransactionSettled", &settled).unwrap(),
            vec![RailEvent::Settled {
                event_key: "TransactionSettled:d9162680-7d35-7994-4e38-fa80716899a2".into(),
                transfer_id: "0193a3c4-5b6d-7e8f-9a0b-1c2d3e4f5a6b".into(),
            }]
        );
        let credit = serde_json::json!({"TransactionId": "t2", "EndToEndTransactionId": "x",
            "DebitCreditCode": "Credit", "IsReturn": false, "Amount": 88.52, "CurrencyCode": "GBP",
            "Reference": "Rent", "Account": {"IBAN": "GB00CUBK11223312345678"},
            "CounterpartAccount": {"BBAN": "CUBK44556687654321", "OwnerName": "JANE DOE",
                                   "TransactionOwnerName": "JANE DOE"}});
        match &events("TransactionSettled", &credit).unwrap()[0] {
            RailEvent::Incoming {
                amount_minor,
                payer,
                account_iban,
                ..
            } => {
                assert_eq!(*amount_minor, 8852);
                assert_eq!(payer, "JANE DOE");
                assert_eq!(account_iban, "GB00CUBK11223312345678");
            }
            other => panic!("{other:?}"),
        }
        let failed = serde_json::json!({"MessageId": "m1", "AssesmentFailure": [
            {"EndToEndId": "0193a3c45b6d7e8f9a0b1c2d3e4f5a6b", "Reasons": ["Insufficient Funds"]}]});
        assert!(matches!(
            &events("PaymentMessageAssesmentFailed", &failed).unwrap()[0],
            RailEvent::Failed { reason, .. } if reason == "Insufficient Funds"
        ));
    }
}
