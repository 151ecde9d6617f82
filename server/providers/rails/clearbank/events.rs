//! ClearBank's webhooks as the bank's rail events (clearbank.github.io, the webhook pages):
//!
//! - Faster Payments: `TransactionSettled` (v6; a debit of ours settles, a credit with
//!   `IsReturn` brings one back, any other credit is money in), `TransactionRejected`,
//!   `PaymentMessageAssesmentFailed` and `PaymentMessageValidationFailed` (one failure per
//!   end-to-end id);
//! - SEPA (SCT UK): `Payments.CrossBorder.OutboundPaymentCompleted`, `…OutboundPaymentFailed`,
//!   `…OutboundPaymentReturnCompleted`, and money in by `…InboundPaymentCompleted`;
//! - SWIFT (multi-currency payments): `Payments.Mccy.TransactionSettled` (ours settles, any
//!   other is money in), `…PaymentAssessmentFailed`, `…PaymentValidationFailed`,
//!   `…TransactionCancelled`.
//!
//! Money in is keyed by ClearBank's `TransactionId` alone: its docs give one payment the same
//! id in every webhook that reports it, so a payment reported twice, or by two webhook kinds, is
//! credited once. Anything else is answered and not acted on.

use serde_json::Value;

use super::transfer_of;
use crate::domain::payments::payee::Scheme;
use crate::providers::rails::{RailError, RailEvent};

fn text(v: &Value) -> String {
    v.as_str().unwrap_or_default().trim().to_string()
}

/// A decimal as ClearBank writes it (a JSON number or a string), read as text so no float
/// rounds it.
fn minor(v: &Value) -> Result<i64, RailError> {
    let amount = match v {
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.clone(),
        _ => return Err(RailError::BadWebhook("a payment without its amount")),
    };
    crate::domain::accounts::money::parse_decimal(&amount)
        .filter(|m| *m > 0)
        .ok_or(RailError::BadWebhook("an amount that is not money"))
}

/// One of ours reported, or something the bank did not send.
fn ours(event_key: String, e2e: &str, then: impl FnOnce(String, String) -> RailEvent) -> RailEvent {
    match transfer_of(e2e) {
        Some(transfer_id) => then(event_key, transfer_id),
        None => RailEvent::Ignored {
            event_key,
            what: format!("a payment the bank did not send ({e2e})"),
        },
    }
}

fn failed(reason: String) -> impl FnOnce(String, String) -> RailEvent {
    move |event_key, transfer_id| RailEvent::Failed {
        event_key,
        transfer_id,
        reason: if reason.is_empty() {
            "Rejected".into()
        } else {
            reason
        },
    }
}

fn joined(parts: impl IntoIterator<Item = String>, sep: &str) -> String {
    parts
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(sep)
}

/// The events one webhook reports.
pub(super) fn read(kind: &str, payload: &Value) -> Result<Vec<RailEvent>, RailError> {
    let id = text(&payload["TransactionId"]);
    let key = |prefix: &str| format!("{prefix}:{id}");
    let settled = |event_key, transfer_id| RailEvent::Settled {
        event_key,
        transfer_id,
    };
    Ok(match kind {
        "TransactionSettled" => {
            if id.is_empty() {
                return Err(RailError::BadWebhook("a settlement without TransactionId"));
            }
            let e2e = text(&payload["EndToEndTransactionId"]);
            let credit = text(&payload["DebitCreditCode"]).eq_ignore_ascii_case("Credit");
            let is_return = payload["IsReturn"].as_bool().unwrap_or(false);
            vec![match (credit, is_return) {
                (false, _) => ours(key(kind), &e2e, settled),
                (true, true) => {
                    let reason = return_reason(payload);
                    ours(key(kind), &e2e, move |event_key, transfer_id| {
                        RailEvent::Returned {
                            event_key,
                            transfer_id,
                            reason,
                        }
                    })
                }
                (true, false) => faster_payment_in(&id, payload)?,
            }]
        }
        "TransactionRejected" => {
            let reason = joined(
                [
                    text(&payload["CancellationCode"]),
                    text(&payload["CancellationReason"]),
                ],
                " ",
            );
            vec![ours(
                key(kind),
                &text(&payload["EndToEndTransactionId"]),
                failed(reason),
            )]
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
            failures
                .iter()
                .map(|failure| {
                    let e2e = text(&failure["EndToEndId"]);
                    let reasons = failure["Reasons"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .map(text);
                    ours(
                        format!("{kind}:{message}:{e2e}"),
                        &e2e,
                        failed(joined(reasons, "; ")),
                    )
                })
                .collect()
        }
        "Payments.CrossBorder.OutboundPaymentCompleted" => {
            vec![ours(
                key(kind),
                &text(&payload["EndToEndIdentification"]),
                settled,
            )]
        }
        "Payments.CrossBorder.OutboundPaymentFailed" => {
            let reasons = payload["StatusReasonInformation"]
                .as_array()
                .into_iter()
                .flatten()
                .flat_map(|r| {
                    r["AdditionalInformation"]
                        .as_array()
                        .cloned()
                        .unwrap_or_default()
                })
                .map(|r| text(&r));
            let reason = joined(reasons, "; ");
            vec![ours(
                key(kind),
                &text(&payload["EndToEndIdentification"]),
                failed(reason),
            )]
        }
        "Payments.CrossBorder.OutboundPaymentReturnCompleted" => {
            let info = &payload["TransactionInformation"];
            let why = &info["ReturnReasonInformation"][0];
            let detail = joined(
                why["AdditionalInformation"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(text),
                "; ",
            );
            let reason = match (text(&why["ReasonCode"]), detail) {
                (code, detail) if code.is_empty() && detail.is_empty() => {
                    "Returned by the payee's bank".to_string()
                }
                (code, detail) => format!(
                    "Returned by the payee's bank ({})",
                    joined([code, detail], " ")
                ),
            };
            vec![ours(
                key(kind),
                &text(&info["OriginalEndToEndIdentification"]),
                move |event_key, transfer_id| RailEvent::Returned {
                    event_key,
                    transfer_id,
                    reason,
                },
            )]
        }
        "Payments.CrossBorder.InboundPaymentCompleted" => vec![sepa_in(&id, payload)?],
        "Payments.Mccy.TransactionSettled" => {
            let e2e = text(&payload["EndToEndId"]);
            match transfer_of(&e2e) {
                Some(_) => vec![ours(key(kind), &e2e, settled)],
                None => vec![mccy_in(&id, payload)?],
            }
        }
        "Payments.Mccy.PaymentAssessmentFailed" => {
            vec![ours(
                key(kind),
                &text(&payload["EndToEndId"]),
                failed(text(&payload["Error"])),
            )]
        }
        "Payments.Mccy.PaymentValidationFailed" => {
            let reasons = payload["Errors"].as_array().into_iter().flatten().map(text);
            vec![ours(
                key(kind),
                &text(&payload["EndToEndId"]),
                failed(joined(reasons, "; ")),
            )]
        }
        "Payments.Mccy.TransactionCancelled" => {
            let reason = joined(
                [
                    text(&payload["CancellationCode"]),
                    text(&payload["CancellationReason"]),
                ],
                ": ",
            );
            vec![ours(
                key(kind),
                &text(&payload["EndToEndId"]),
                failed(reason),
            )]
        }
        other => vec![RailEvent::Ignored {
            event_key: key(other),
            what: format!("a {other} notification"),
        }],
    })
}

/// Why a Faster Payment came back: the scheme's return code when ClearBank passes it on.
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

fn incoming_key(id: &str) -> Result<String, RailError> {
    if id.is_empty() {
        return Err(RailError::BadWebhook("money in without TransactionId"));
    }
    Ok(format!("in:{id}"))
}

fn faster_payment_in(id: &str, payload: &Value) -> Result<RailEvent, RailError> {
    let account = &payload["Account"];
    let counterpart = &payload["CounterpartAccount"];
    let payer = ["TransactionOwnerName", "OwnerName"]
        .iter()
        .map(|k| text(&counterpart[k]))
        .find(|s| !s.is_empty() && s != "Not Provided")
        .unwrap_or_else(|| "Unknown payer".into());
    Ok(RailEvent::Incoming {
        event_key: incoming_key(id)?,
        scheme: Scheme::Local,
        account_iban: text(&account["IBAN"]),
        currency: match text(&payload["CurrencyCode"]) {
            c if c.is_empty() => "GBP".into(),
            c => c,
        },
        amount_minor: minor(&payload["Amount"])?,
        payer,
        payer_account: [text(&counterpart["IBAN"]), text(&counterpart["BBAN"])]
            .into_iter()
            .find(|s| !s.is_empty()),
        reference: text(&payload["Reference"]),
    })
}

fn sepa_in(id: &str, payload: &Value) -> Result<RailEvent, RailError> {
    let amount = &payload["InterbankSettlementAmount"];
    let payer = [
        text(&payload["UltimateDebtor"]["Name"]),
        text(&payload["Debtor"]["Name"]),
    ]
    .into_iter()
    .find(|s| !s.is_empty())
    .unwrap_or_else(|| "Unknown payer".into());
    let remittance = &payload["RemittanceInformation"];
    let reference = joined(
        remittance["Unstructured"]
            .as_array()
            .into_iter()
            .flatten()
            .map(text),
        " ",
    );
    Ok(RailEvent::Incoming {
        event_key: incoming_key(id)?,
        scheme: Scheme::Sepa,
        account_iban: text(&payload["CreditorAccount"]["IBAN"]),
        currency: text(&amount["Currency"]),
        amount_minor: minor(&amount["Amount"])?,
        payer,
        payer_account: Some(text(&payload["DebtorAccount"]["IBAN"])).filter(|s| !s.is_empty()),
        reference,
    })
}

fn iban_in(identifiers: &Value) -> Option<String> {
    identifiers
        .as_array()
        .into_iter()
        .flatten()
        .find(|i| i["Kind"] == "IBAN")
        .map(|i| text(&i["Identifier"]))
}

fn mccy_in(id: &str, payload: &Value) -> Result<RailEvent, RailError> {
    let currency = text(&payload["InstructedCurrency"]);
    Ok(RailEvent::Incoming {
        event_key: incoming_key(id)?,
        scheme: if currency == "EUR" {
            Scheme::Sepa
        } else {
            Scheme::Swift
        },
        account_iban: iban_in(&payload["UltimateCreditorAccountIdentifiers"]).unwrap_or_default(),
        currency,
        amount_minor: minor(&payload["InstructedAmount"])?,
        payer: match text(&payload["UltimateDebtorName"]) {
            name if name.is_empty() => "Unknown payer".into(),
            name => name,
        },
        payer_account: iban_in(&payload["UltimateDebtorAccountIdentifiers"]),
        reference: text(&payload["Reference"]),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const E2E: &str = "0193a3c45b6d7e8f9a0b1c2d3e4f5a6b";
    const OURS: &str = "0193a3c4-5b6d-7e8f-9a0b-1c2d3e4f5a6b";

    #[test]
    fn faster_payments() {
        let settled = json!({"TransactionId": "d9162680", "EndToEndTransactionId": E2E,
            "DebitCreditCode": "Debit", "IsReturn": false, "Amount": 12.5});
        assert_eq!(
            read("TransactionSettled", &settled).unwrap(),
            vec![RailEvent::Settled {
                event_key: "TransactionSettled:d9162680".into(),
                transfer_id: OURS.into(),
            }]
        );
        let credit = json!({"TransactionId": "t2", "EndToEndTransactionId": "x",
            "DebitCreditCode": "Credit", "IsReturn": false, "Amount": 88.52, "CurrencyCode": "GBP",
            "Reference": "Rent", "Account": {"IBAN": "GB00CUBK11223312345678"},
            "CounterpartAccount": {"BBAN": "CUBK44556687654321", "OwnerName": "JANE DOE",
                                   "TransactionOwnerName": "JANE DOE"}});
        match &read("TransactionSettled", &credit).unwrap()[0] {
            RailEvent::Incoming {
                amount_minor,
                payer,
                account_iban,
                event_key,
                ..
            } => {
                assert_eq!(*amount_minor, 8852);
                assert_eq!(payer, "JANE DOE");
                assert_eq!(account_iban, "GB00CUBK11223312345678");
                assert_eq!(event_key, "in:t2");
            }
            other => panic!("{other:?}"),
        }
        let failed = json!({"MessageId": "m1", "AssesmentFailure": [
            {"EndToEndId": E2E, "Reasons": ["Insufficient Funds"]}]});
        assert!(matches!(
            &read("PaymentMessageAssesmentFailed", &failed).unwrap()[0],
            RailEvent::Failed { reason, .. } if reason == "Insufficient Funds"
        ));
    }

    #[test]
    fn sepa_and_swift() {
        let returned = json!({"TransactionId": "r1", "TransactionInformation": {
            "OriginalEndToEndIdentification": E2E,
            "ReturnReasonInformation": [{"ReasonCode": "AC04", "AdditionalInformation": ["Account closed"]}]}});
        assert_eq!(
            read(
                "Payments.CrossBorder.OutboundPaymentReturnCompleted",
                &returned
            )
            .unwrap(),
            vec![RailEvent::Returned {
                event_key: "Payments.CrossBorder.OutboundPaymentReturnCompleted:r1".into(),
                transfer_id: OURS.into(),
                reason: "Returned by the payee's bank (AC04 Account closed)".into(),
            }]
        );
        let sepa_in = json!({"TransactionId": "ad80", "InterbankSettlementAmount": {"Amount": 72.59, "Currency": "EUR"},
            "DebtorAccount": {"IBAN": "ES9242"}, "CreditorAccount": {"IBAN": "GB00HRBR1"},
            "Debtor": {"Name": "Rico Hernandes"}, "RemittanceInformation": {"Unstructured": ["MyRef 1"]}});
        let mccy_in = json!({"TransactionId": "ad80", "EndToEndId": "theirs", "InstructedAmount": 72.59,
            "InstructedCurrency": "EUR", "UltimateDebtorName": "Rico Hernandes", "Reference": "MyRef 1",
            "UltimateCreditorAccountIdentifiers": [{"Kind": "IBAN", "Identifier": "GB00HRBR1"}]});
        let a = read("Payments.CrossBorder.InboundPaymentCompleted", &sepa_in).unwrap();
        let b = read("Payments.Mccy.TransactionSettled", &mccy_in).unwrap();
        let key = |e: &RailEvent| match e {
            RailEvent::Incoming {
                event_key,
                amount_minor,
                ..
            } => (event_key.clone(), *amount_minor),
            other => panic!("{other:?}"),
        };
        assert_eq!(
            key(&a[0]),
            ("in:ad80".into(), 7259),
            "one payment, one key, whichever reports it"
        );
        assert_eq!(key(&a[0]), key(&b[0]));
        let cancelled = json!({"TransactionId": "c1", "EndToEndId": E2E,
            "CancellationCode": "RejectedByScheme", "CancellationReason": "Contact ClearBank"});
        assert!(matches!(
            &read("Payments.Mccy.TransactionCancelled", &cancelled).unwrap()[0],
            RailEvent::Failed { reason, .. } if reason == "RejectedByScheme: Contact ClearBank"
        ));
    }
}
