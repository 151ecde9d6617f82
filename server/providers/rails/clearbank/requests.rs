//! The bodies of ClearBank's payment calls, one per scheme, each as its API reference spells it.
//! Amounts are written as the exact decimal text of their minor units (the APIs' JSON numbers),
//! never through a float; text is reduced to the character set each scheme carries.

use serde_json::{json, value::RawValue, Value};

use super::end_to_end;
use crate::domain::accounts::money;
use crate::providers::rails::{OutgoingPayment, PostalAddress, RailError};

/// Faster Payments' character set (the FPS page's pattern); anything else becomes a space.
fn fps_text(text: &str, max: usize) -> String {
    keep(text, max, |c| "/-?:().,'+ #=!\"%&*<>;{@".contains(c))
}

/// The SWIFT "x" character set that SEPA and SWIFT messages (and FPS addresses) carry.
fn swift_text(text: &str, max: usize) -> String {
    keep(text, max, |c| "/-?:().,'+ ".contains(c))
}

fn keep(text: &str, max: usize, special: impl Fn(char) -> bool) -> String {
    let kept: String = text
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || special(c) {
                c
            } else {
                ' '
            }
        })
        .collect();
    // Spaces never doubled, never at either end (SEPA refuses them there).
    let words: Vec<&str> = kept.split_whitespace().collect();
    words
        .join(" ")
        .chars()
        .take(max)
        .collect::<String>()
        .trim()
        .to_string()
}

/// A required text that may be unknown: the APIs refuse an empty one.
fn or_unknown(text: String) -> String {
    if text.is_empty() {
        "Not provided".into()
    } else {
        text
    }
}

fn amount(minor: i64) -> Result<Box<RawValue>, RailError> {
    RawValue::from_string(money::decimal(minor))
        .map_err(|e| RailError::Refused(format!("amount: {e}")))
}

/// A UETR (SWIFT's unique end-to-end reference, a version 4 UUID) that is the same for every try
/// of one transfer.
fn uetr(transfer_id: &str) -> String {
    let bytes = uuid::Uuid::try_parse(transfer_id)
        .map(|id| *id.as_bytes())
        .unwrap_or_default();
    uuid::Builder::from_random_bytes(bytes)
        .into_uuid()
        .hyphenated()
        .to_string()
}

fn body(value: &Value) -> Vec<u8> {
    serde_json::to_vec(value).expect("a JSON value serialises")
}

/// `POST /v3/payments/fps`: one instruction with one credit transfer.
pub fn fps(payment: &OutgoingPayment) -> Result<Vec<u8>, RailError> {
    let id = end_to_end(&payment.transfer_id);
    let creditor_account = match (&payment.payee_sort_code, &payment.payee_account_number) {
        // A sort code and account number: the UK's own identification of an account.
        (Some(sort_code), Some(number)) => json!({"other": {
            "identification": format!("{sort_code}{number}"),
            "schemeName": {"proprietary": "SortCodeAccountNumber"},
        }}),
        _ => match &payment.payee_iban {
            Some(iban) => json!({"iban": iban}),
            None => return Err(RailError::Refused("the payee has no UK account".into())),
        },
    };
    // The FPS page's order: country, town, region, street, building, postcode.
    let a = &payment.payer_address;
    let parts = [
        &a.country,
        &a.town,
        &a.region,
        &a.street,
        &a.building,
        &a.postcode,
    ];
    let joined: Vec<&str> = parts
        .iter()
        .map(|p| p.trim())
        .filter(|p| !p.is_empty())
        .collect();
    let address = match swift_text(&joined.join(", "), 140) {
        text if text.is_empty() => "GB".to_string(),
        text => text,
    };
    Ok(body(&json!({"paymentInstructions": [{
        "debtor": {"address": address},
        "paymentInstructionIdentification": id,
        "paymentTypeCode": "SIP",
        "debtorAccount": {"identification": {"iban": payment.payer_iban}},
        "creditTransfers": [{
            "paymentIdentification": {
                "instructionIdentification": id,
                "endToEndIdentification": id,
            },
            "amount": {"currency": "GBP", "instructedAmount": amount(payment.amount_minor)?},
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
    }]})))
}

/// An ISO 20022 postal address as the cross-border API takes it (town and country required).
fn iso_address(a: &PostalAddress) -> Value {
    let mut address = json!({
        "townName": or_unknown(swift_text(&a.town, 35)),
        "country": a.country.trim().to_uppercase(),
    });
    for (key, value, max) in [
        ("streetName", &a.street, 70),
        ("buildingNumber", &a.building, 16),
        ("postCode", &a.postcode, 16),
        ("countrySubdivision", &a.region, 35),
    ] {
        let text = swift_text(value, max);
        if !text.is_empty() {
            address[key] = text.into();
        }
    }
    address
}

/// `POST /payments/cross-border/v2/payments` (SCT UK): a pain.001's fields as JSON, one payment.
pub fn sepa(payment: &OutgoingPayment) -> Result<Vec<u8>, RailError> {
    let id = end_to_end(&payment.transfer_id);
    let (Some(iban), Some(bic)) = (&payment.payee_iban, &payment.payee_bic) else {
        return Err(RailError::Refused(
            "a SEPA payee needs an IBAN and a BIC".into(),
        ));
    };
    let reference = swift_text(&payment.reference, 140);
    Ok(body(&json!({
        "messageIdentification": id,
        "paymentInformation": [{
            "paymentInformationIdentification": id,
            "requestedExecutionDate": payment.execution_date,
            "debtor": {
                "name": swift_text(&payment.payer_name, 70),
                "postalAddress": iso_address(&payment.payer_address),
            },
            "debtorAccount": {"iban": payment.payer_iban},
            "creditTransferTransactionInformation": [{
                "paymentIdentification": {
                    "instructionIdentification": id,
                    "endToEndIdentification": id,
                    "uetr": uetr(&payment.transfer_id),
                },
                "paymentTypeInformation": {"serviceLevelCode": "SEPA"},
                "instructedAmount": {"amount": amount(payment.amount_minor)?, "currency": "EUR"},
                "creditorAgent": {"bicfi": bic},
                "creditor": {"name": swift_text(&payment.payee_name, 70)},
                "creditorAccount": {"iban": iban},
                "remittanceInformation": {"unstructured": if reference.is_empty() {
                    Vec::new()
                } else {
                    vec![reference]
                }},
            }],
        }],
    })))
}

/// A multi-currency payment's address: two lines, a postcode and a country, all required.
fn mccy_address(a: &PostalAddress) -> Value {
    let street = swift_text(&format!("{} {}", a.building, a.street), 70);
    let mut address = json!({
        "addressLine1": or_unknown(street),
        "addressLine2": or_unknown(swift_text(&a.town, 35)),
        "postCode": or_unknown(swift_text(&a.postcode, 16)),
        "country": a.country.trim().to_uppercase(),
    });
    let region = swift_text(&a.region, 35);
    if !region.is_empty() {
        address["addressLine3"] = region.into();
    }
    address
}

/// `POST /v1/mccy/payments`: a SWIFT payment in one of the multi-currency payments' currencies.
pub fn mccy(payment: &OutgoingPayment) -> Result<Vec<u8>, RailError> {
    let id = end_to_end(&payment.transfer_id);
    let mut creditor = json!({
        "name": swift_text(&payment.payee_name, 140),
        "address": mccy_address(&payment.payee_address),
    });
    match (&payment.payee_iban, &payment.payee_account_number) {
        (Some(iban), _) => creditor["iban"] = iban.clone().into(),
        (None, Some(number)) => creditor["accountNumber"] = number.clone().into(),
        (None, None) => return Err(RailError::Refused("a SWIFT payee needs an account".into())),
    }
    if let Some(bic) = &payment.payee_bic {
        creditor["bic"] = bic.clone().into();
    }
    let reference = or_unknown(swift_text(&payment.reference, 140));
    let mut transaction = json!({
        "endToEndId": id,
        "reference": reference,
        "amount": amount(payment.amount_minor)?,
        "creditor": creditor,
        "debtorName": swift_text(&payment.payer_name, 140),
        "debtorAddress": mccy_address(&payment.payer_address),
        "accountIdentifier": {"kind": "IBAN", "identifier": payment.payer_iban},
        "debtorAccountCurrency": payment.currency,
        "remittanceInformation": {"additionalRemittanceInformation": reference},
    });
    // A local account number is reached through its bank's routing code.
    if let Some(code) = &payment.payee_routing_code {
        transaction["creditorAgent"] = json!({"FinancialInstitutionIdentification": {
            "bic": payment.payee_bic,
            "memberId": swift_text(code, 35),
            "name": payment.payee_bic.clone().unwrap_or_else(|| "Not provided".into()),
            "addressDetails": {"country": payment.payee_address.country.trim().to_uppercase()},
        }});
    }
    Ok(body(&json!({
        "batchId": uuid::Uuid::try_parse(&payment.transfer_id)
            .map(|u| u.hyphenated().to_string())
            .unwrap_or_default(),
        "currencyCode": payment.currency,
        "transactions": [transaction],
    })))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::payments::payee::Scheme;

    fn payment(scheme: Scheme, currency: &'static str) -> OutgoingPayment {
        OutgoingPayment {
            transfer_id: "0193a3c4-5b6d-7e8f-9a0b-1c2d3e4f5a6b".into(),
            scheme,
            currency,
            amount_minor: 123_456,
            payer_name: "Bennett & Hale Trading Ltd".into(),
            payer_iban: "GB33HRBR04000400012345".into(),
            payer_address: PostalAddress {
                country: "GB".into(),
                town: "London".into(),
                street: "Long Lane".into(),
                building: "1".into(),
                postcode: "EC1A 9HF".into(),
                ..PostalAddress::default()
            },
            execution_date: "2026-11-28".into(),
            payee_name: "Acme Supplies Ltd — café".into(),
            payee_iban: None,
            payee_sort_code: Some("200000".into()),
            payee_account_number: Some("55779911".into()),
            payee_bic: None,
            payee_routing_code: None,
            payee_address: PostalAddress::default(),
            reference: "Invoice 42 ✓".into(),
        }
    }

    fn read(bytes: &[u8]) -> Value {
        serde_json::from_slice(bytes).unwrap()
    }

    #[test]
    fn a_faster_payment_is_written_as_the_api_documents_it() {
        let bytes = fps(&payment(Scheme::Local, "GBP")).unwrap();
        let body = read(&bytes);
        let instruction = &body["paymentInstructions"][0];
        let id = "0193a3c45b6d7e8f9a0b1c2d3e4f5a6b";
        assert_eq!(instruction["paymentInstructionIdentification"], id);
        assert_eq!(
            instruction["debtorAccount"]["identification"]["iban"],
            "GB33HRBR04000400012345"
        );
        assert_eq!(
            instruction["debtor"]["address"],
            "GB, London, Long Lane, 1, EC1A 9HF"
        );
        let transfer = &instruction["creditTransfers"][0];
        assert_eq!(
            transfer["paymentIdentification"]["endToEndIdentification"],
            id
        );
        // Exact: the text of the minor units, no float on the way.
        let raw = String::from_utf8(bytes).unwrap();
        assert!(raw.contains("\"instructedAmount\":1234.56"), "{raw}");
        assert_eq!(transfer["creditor"]["name"], "Acme Supplies Ltd caf");
        assert_eq!(
            transfer["creditorAccount"]["identification"]["other"]["identification"],
            "20000055779911"
        );
        assert_eq!(
            transfer["remittanceInformation"]["structured"]["creditorReferenceInformation"]
                ["reference"],
            "Invoice 42"
        );
    }

    #[test]
    fn a_sepa_payment_is_a_pain_001_as_json() {
        let mut sepa_payment = payment(Scheme::Sepa, "EUR");
        sepa_payment.payee_iban = Some("DE89370400440532013000".into());
        sepa_payment.payee_bic = Some("COBADEFFXXX".into());
        let bytes = sepa(&sepa_payment).unwrap();
        let raw = String::from_utf8(bytes.clone()).unwrap();
        assert!(raw.contains("\"amount\":1234.56"), "{raw}");
        let body = read(&bytes);
        let info = &body["paymentInformation"][0];
        assert_eq!(info["requestedExecutionDate"], "2026-11-28");
        assert_eq!(info["debtor"]["postalAddress"]["townName"], "London");
        let transaction = &info["creditTransferTransactionInformation"][0];
        assert_eq!(
            transaction["creditorAccount"]["iban"],
            "DE89370400440532013000"
        );
        assert_eq!(transaction["creditorAgent"]["bicfi"], "COBADEFFXXX");
        let uetr = transaction["paymentIdentification"]["uetr"]
            .as_str()
            .unwrap();
        assert_eq!(uuid::Uuid::try_parse(uetr).unwrap().get_version_num(), 4);
        assert_eq!(
            super::uetr(&sepa_payment.transfer_id),
            uetr,
            "the same on every try"
        );
    }

    #[test]
    fn a_swift_payment_carries_both_addresses() {
        let mut swift = payment(Scheme::Swift, "USD");
        swift.payee_sort_code = None;
        swift.payee_account_number = Some("000123456789".into());
        swift.payee_routing_code = Some("026009593".into());
        swift.payee_bic = Some("BOFAUS3NXXX".into());
        swift.payee_address = PostalAddress {
            country: "us".into(),
            town: "New York".into(),
            street: "Park Avenue".into(),
            building: "100".into(),
            postcode: "10017".into(),
            region: "NY".into(),
        };
        let body = read(&mccy(&swift).unwrap());
        assert_eq!(body["currencyCode"], "USD");
        let t = &body["transactions"][0];
        assert_eq!(t["creditor"]["accountNumber"], "000123456789");
        assert_eq!(t["creditor"]["address"]["addressLine1"], "100 Park Avenue");
        assert_eq!(t["creditor"]["address"]["country"], "US");
        assert_eq!(
            t["creditorAgent"]["FinancialInstitutionIdentification"]["memberId"],
            "026009593"
        );
        assert_eq!(
            t["accountIdentifier"],
            json!({"kind": "IBAN", "identifier": "GB33HRBR04000400012345"})
        );
        assert_eq!(t["debtorAddress"]["addressLine2"], "London");
    }
}
