//! Confirmation of Payee through ClearBank (its CoP outbound API 1.0):
//! `POST /open-banking/outbound/v1/name-verification` with `SchemeName` SortCodeAccountNumber,
//! the sort code and account number as `Identification`, `LegalOwnerType` Personal or Business,
//! and the name in the unstructured form (",,Acme Supplies Ltd"), signed like every call. The
//! answer's `VerificationReport` is `Matched`, or Pay.UK's reason code with the name the account
//! is held in; 422 (no CoP participant), 424 (the participant failed), 5xx or no answer within
//! the time-out: no answer, and the payer is told so.

use serde_json::{json, Value};

use super::ClearBank;
use crate::domain::payments::payee_check::{from_pay_uk, Verdict};
use crate::domain::payments::recipient::PayeeType;
use crate::providers::payee_check::{Checking, PayeeChecker, PayeeQuery};

/// The body of a name verification.
pub fn request(query: &PayeeQuery) -> Vec<u8> {
    let owner_type = match query.payee_type {
        PayeeType::Company => "Business",
        PayeeType::Private => "Personal",
    };
    let body = json!({
        "SchemeName": "SortCodeAccountNumber",
        "Identification": format!("{}{:0>8}", query.sort_code, query.account_number),
        "LegalOwnerType": owner_type,
        // The three-part unstructured form: the whole name in the third part.
        "OwnerName": format!(",,{}", query.name.replace(',', " ").trim()),
        "EndToEndIdentification": query.check_id,
    });
    serde_json::to_vec(&body).expect("a JSON value serialises")
}

/// The answer of a 200.
pub fn verdict(answer: &Value, asked: PayeeType) -> Verdict {
    let report = &answer["Data"]["VerificationReport"];
    let Some(matched) = report["Matched"].as_bool() else {
        return Verdict::unavailable();
    };
    let name = report["Name"]
        .as_str()
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(str::to_string);
    from_pay_uk(
        matched,
        report["ReasonCode"].as_str().unwrap_or_default(),
        name,
        asked,
    )
}

impl PayeeChecker for ClearBank {
    fn name(&self) -> &'static str {
        "clearbank"
    }

    fn party(&self) -> Option<&'static str> {
        Some(crate::providers::party::CLEARBANK_NAME_CHECKS)
    }

    fn check<'a>(&'a self, query: &'a PayeeQuery) -> Checking<'a> {
        Box::pin(async move {
            let body = request(query);
            match self
                .call(
                    "/open-banking/outbound/v1/name-verification",
                    &query.check_id,
                    body,
                )
                .await
            {
                Ok((200, text)) => serde_json::from_str::<Value>(&text)
                    .map(|answer| verdict(&answer, query.payee_type))
                    .unwrap_or_else(|_| Verdict::unavailable()),
                Ok((status, text)) => {
                    tracing::warn!(status, %text, "ClearBank gave no Confirmation of Payee answer");
                    Verdict::unavailable()
                }
                Err(error) => {
                    tracing::warn!(%error, "ClearBank did not answer a Confirmation of Payee check");
                    Verdict::unavailable()
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::payments::payee_check::PayeeCheckResult;

    #[test]
    fn a_name_verification_as_clearbank_documents_it() {
        let query = PayeeQuery {
            sort_code: "040404".into(),
            account_number: "1234567".into(),
            name: "Acme Supplies, Ltd".into(),
            payee_type: PayeeType::Company,
            check_id: "c1".into(),
        };
        let body: Value = serde_json::from_slice(&request(&query)).unwrap();
        assert_eq!(body["Identification"], "04040401234567");
        assert_eq!(body["OwnerName"], ",,Acme Supplies  Ltd");
        assert_eq!(body["LegalOwnerType"], "Business");
        let close = json!({"Data": {"VerificationReport": {"Matched": false, "Name": "Acme Supplies Ltd",
            "ReasonCode": "MBAM", "MatchedBank": "Bank of Test", "ResponseWithinSla": true}}});
        let v = verdict(&close, PayeeType::Company);
        assert_eq!(
            (v.result, v.name.as_deref()),
            (PayeeCheckResult::CloseMatch, Some("Acme Supplies Ltd"))
        );
        assert_eq!(
            verdict(&json!({}), PayeeType::Company).result,
            PayeeCheckResult::Unavailable
        );
    }
}
