//! SPEC §3 "Transfer request" as the API carries it: the terms an approval is asked for, and the
//! submit that carries them under the client's id. Its checks live in `transfer`.

use super::payee::Scheme;
use super::receiver::Receiver;
use super::recipient::RecipientInput;

/// SPEC §3 Transfer request `sender`.
#[derive(serde::Serialize, serde::Deserialize, utoipa::ToSchema, Default, Clone)]
#[serde(rename_all = "camelCase", default)]
pub struct Sender {
    pub bank_account_id: String,
}

/// The terms of a transfer: what an approval is asked for and what a submit carries.
#[derive(serde::Serialize, serde::Deserialize, utoipa::ToSchema, Default, Clone)]
#[serde(rename_all = "camelCase", default)]
pub struct TransferTermsBody {
    /// A decimal string, e.g. "1250.00": parsed exactly, never through floating point.
    pub amount: String,
    pub sender: Sender,
    pub receiver: Receiver,
    /// The payment reference.
    pub details: String,
    pub scheme: Option<Scheme>,
}

/// SPEC §3 "Transfer request".
#[derive(serde::Serialize, serde::Deserialize, utoipa::ToSchema, Default, Clone)]
#[serde(rename_all = "camelCase", default)]
pub struct TransferBody {
    /// A UUID the client makes once per transfer: the idempotency key.
    pub id: String,
    /// The approval (POST /v2/auth/mfa/generate with purpose transfer, then /mfa/verify).
    pub request_id: String,
    #[serde(flatten)]
    pub terms: TransferTermsBody,
    /// Ids of finished uploads of type txn_attch.
    pub attachments: Vec<String>,
    /// Confirmation of Payee (beyond SPEC): the check the payer reviewed on a UK local transfer,
    /// and whether they agreed to pay despite its answer.
    pub payee_check: Option<PayeeConsentBody>,
}

/// The payer's word on a Confirmation of Payee check (`POST /v2/payees/check`).
#[derive(serde::Serialize, serde::Deserialize, utoipa::ToSchema, Default, Clone, Debug)]
#[serde(rename_all = "camelCase", default)]
pub struct PayeeConsentBody {
    /// The check's id.
    pub id: String,
    /// They still want to pay this account after a close match, no match or an account of the
    /// other type.
    pub accepted: bool,
}

/// At most this many files go with one transfer.
pub const MAX_ATTACHMENTS: usize = 10;

impl TransferTermsBody {
    /// The payee as the recipient rules check it, with the reference.
    pub fn payee_input(&self) -> RecipientInput {
        let r = &self.receiver;
        // A SWIFT payee named by account number travels in the IBAN field of the recipient rules.
        let iban = if r.iban.trim().is_empty() {
            r.account_number.clone()
        } else {
            r.iban.clone()
        };
        RecipientInput {
            scheme: self.scheme,
            name: r.name.clone(),
            kind: r.kind,
            alias: r.alias.clone(),
            iban,
            uk_sort_code: r.uk_sort_code.clone(),
            uk_account_number: r.uk_account_number.clone(),
            bic: r.bic.clone(),
            routing_code: r.routing_code.clone(),
            reference: self.details.clone(),
            currency: None,
            swift_address: r.swift_address.clone(),
        }
    }
}

impl TransferBody {
    /// The client's id in its one spelling (lower-case, hyphenated); none when it is not a UUID.
    pub fn canonical_id(&self) -> Option<String> {
        uuid::Uuid::parse_str(self.id.trim())
            .ok()
            .map(|id| id.hyphenated().to_string())
    }
}
