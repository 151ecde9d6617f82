//! Issue 33 point 1: UK transfers leave through ClearBank's API, against a local fake that
//! checks each request as ClearBank documents it (bearer token, `X-Request-Id`, the body's RSA
//! `DigitalSignature` with the bank's key) and answers as ClearBank does (202 per instruction,
//! 409 for a repeated request id, 400 problem details, 503 when down). Its webhooks are signed
//! with "ClearBank's" key and answered with the signed nonce; a forged, repeated or late one
//! changes nothing, and money in reaches the account it names or suspense.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use bank::config::ClearBankSettings;
use bank::domain::payments::settlement::TransferStatus;
use bank::providers::rails::clearbank::ClearBank;
use base64::Engine;
use rsa::pkcs1v15::{Signature, SigningKey, VerifyingKey};
use rsa::pkcs8::{DecodePrivateKey, DecodePublicKey};
use rsa::signature::{SignatureEncoding, Signer, Verifier};
use serde_json::{json, Value};

use crate::helpers::*;
use crate::transfers::{approved, local_terms, payer, submit, swift_terms, with};

const TOKEN: &str = "clearbank-api-token";
const BANK_KEY: &str = include_str!("fixtures/clearbank-test-bank-private.pem");
const BANK_PUBLIC: &str = include_str!("fixtures/clearbank-test-bank-public.pem");
const CLEARBANK_KEY: &str = include_str!("fixtures/clearbank-test-clearbank-private.pem");
const CLEARBANK_PUBLIC: &str = include_str!("fixtures/clearbank-test-clearbank-public.pem");

#[derive(Clone, Copy, Debug)]
enum Answer {
    Accepted,
    Down,
    /// Answers after the bank's time-out.
    Slow,
    Duplicate,
    Refused,
}

/// One request to the fake: (path, X-Request-Id, the body as sent).
type Asked = (String, String, Value);

#[derive(Default)]
struct Fake {
    answers: Mutex<Vec<Answer>>,
    /// Payments sent.
    asked: Mutex<Vec<Asked>>,
    /// Names verified.
    checked: Mutex<Vec<Value>>,
}

async fn fake_clearbank() -> (SocketAddr, Arc<Fake>) {
    async fn payments(
        State(fake): State<Arc<Fake>>,
        uri: axum::http::Uri,
        headers: HeaderMap,
        body: axum::body::Bytes,
    ) -> Response {
        let header = |name: &str| {
            headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_string()
        };
        if header("authorization") != format!("Bearer {TOKEN}") {
            return StatusCode::FORBIDDEN.into_response();
        }
        let request_id = header("x-request-id");
        if request_id.is_empty() {
            return (StatusCode::BAD_REQUEST,
                    axum::Json(json!({"type": "about:blank", "title": "Missing X-Request-Id Header", "status": 400})))
                .into_response();
        }
        // The signature over the exact bytes, with the public key of the bank's certificate.
        let checker = VerifyingKey::<sha2::Sha256>::new(
            rsa::RsaPublicKey::from_public_key_pem(BANK_PUBLIC).unwrap(),
        );
        let signed = base64::engine::general_purpose::STANDARD
            .decode(header("digitalsignature"))
            .ok()
            .and_then(|bytes| Signature::try_from(bytes.as_slice()).ok())
            .is_some_and(|signature| checker.verify(&body, &signature).is_ok());
        if !signed {
            return (StatusCode::BAD_REQUEST,
                    axum::Json(json!({"type": "about:blank", "title": "Invalid DigitalSignature Header", "status": 400})))
                .into_response();
        }
        let sent: Value = serde_json::from_slice(&body).unwrap();
        fake.asked
            .lock()
            .unwrap()
            .push((uri.path().to_string(), request_id, sent.clone()));
        let answer = {
            let mut answers = fake.answers.lock().unwrap();
            if answers.is_empty() {
                Answer::Accepted
            } else {
                answers.remove(0)
            }
        };
        let e2e = sent["paymentInstructions"][0]["creditTransfers"][0]["paymentIdentification"]
            ["endToEndIdentification"]
            .clone();
        match answer {
            // The cross-border and multi-currency APIs take the payment as a whole.
            Answer::Accepted if uri.path() != "/v3/payments/fps" => {
                (StatusCode::ACCEPTED, axum::Json(json!({}))).into_response()
            }
            Answer::Accepted => (StatusCode::ACCEPTED, axum::Json(json!({
                "transactions": [{"endToEndIdentification": e2e, "response": "Accepted"}],
                "halLinks": []}))).into_response(),
            Answer::Down => StatusCode::SERVICE_UNAVAILABLE.into_response(),
            Answer::Slow => {
                tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
                StatusCode::ACCEPTED.into_response()
            }
            Answer::Duplicate => StatusCode::CONFLICT.into_response(),
            Answer::Refused => (StatusCode::BAD_REQUEST, axum::Json(json!({
                "type": "about:blank", "title": "One or more validation errors occurred.",
                "status": 400, "errors": {"Creditor.Name": ["must only contain valid Faster Payments characters"]}})))
                .into_response(),
        }
    }
    // Name verification as ClearBank's CoP outbound API answers it; a signed body is checked
    // as for payments.
    async fn name_verification(
        State(fake): State<Arc<Fake>>,
        headers: HeaderMap,
        body: axum::body::Bytes,
    ) -> Response {
        let checker = VerifyingKey::<sha2::Sha256>::new(
            rsa::RsaPublicKey::from_public_key_pem(BANK_PUBLIC).unwrap(),
        );
        let signed = headers
            .get("digitalsignature")
            .and_then(|v| {
                base64::engine::general_purpose::STANDARD
                    .decode(v.as_bytes())
                    .ok()
            })
            .and_then(|bytes| Signature::try_from(bytes.as_slice()).ok())
            .is_some_and(|signature| checker.verify(&body, &signature).is_ok());
        if !signed {
            return StatusCode::BAD_REQUEST.into_response();
        }
        let asked: Value = serde_json::from_slice(&body).unwrap();
        assert!(headers.contains_key("x-request-id"));
        fake.checked.lock().unwrap().push(asked.clone());
        let report = match (
            asked["OwnerName"].as_str().unwrap(),
            asked["Identification"].as_str().unwrap(),
        ) {
            (_, "20000099999999") => return StatusCode::FAILED_DEPENDENCY.into_response(),
            (",,Acme Suplies", _) => {
                json!({"Matched": false, "Name": "Acme Supplies Ltd", "ReasonCode": "MBAM",
                                           "MatchedBank": "Bank of Test", "ResponseWithinSla": true})
            }
            (",,Someone Else", _) => {
                json!({"Matched": false, "ReasonCode": "ANNM", "MatchedBank": "Bank of Test"})
            }
            _ => json!({"Matched": true, "MatchedBank": "Bank of Test"}),
        };
        axum::Json(json!({"Data": {"VerificationReport": report}})).into_response()
    }
    let fake = Arc::new(Fake::default());
    let router = axum::Router::new()
        .route(
            "/open-banking/outbound/v1/name-verification",
            axum::routing::post(name_verification),
        )
        .route("/v3/payments/fps", axum::routing::post(payments))
        .route(
            "/payments/cross-border/v2/payments",
            axum::routing::post(payments),
        )
        .route("/v1/mccy/payments", axum::routing::post(payments))
        .with_state(fake.clone());
    (serve(router).await, fake)
}

fn settings(address: SocketAddr) -> ClearBankSettings {
    ClearBankSettings {
        base_url: format!("http://{address}"),
        token: TOKEN.to_string().into(),
        private_key: BANK_KEY.to_string().into(),
        webhook_key: CLEARBANK_PUBLIC.into(),
        retry_base: std::time::Duration::from_millis(100),
        timeout: std::time::Duration::from_millis(500),
        real_account_id: None,
    }
}

/// Runs the settlement job as if `ahead_ms` had passed (the transfers' settlement delay is an
/// hour in the tests' configuration).
async fn run_job(bank: &TestBank, rails: &ClearBank, ahead_ms: i64) -> usize {
    bank::services::payments::settlement::settle_due(
        &bank.db,
        rails,
        // Long enough that a loaded machine does not reach the retry between two runs at the
        // same `ahead_ms`; the runs that should retry look 100 s ahead.
        std::time::Duration::from_secs(10),
        bank.db.now_ms() + ahead_ms,
        100,
    )
    .await
    .unwrap()
}

/// A webhook as ClearBank sends it: signed with `key`.
async fn webhook(bank: &TestBank, key: &str, kind: &str, payload: Value, nonce: i64) -> Reply {
    let body = serde_json::to_vec(
        &json!({"Type": kind, "Version": 1, "Payload": payload, "Nonce": nonce}),
    )
    .unwrap();
    let signer = SigningKey::<sha2::Sha256>::new(rsa::RsaPrivateKey::from_pkcs8_pem(key).unwrap());
    let signature = base64::engine::general_purpose::STANDARD.encode(signer.sign(&body).to_bytes());
    let request = axum::http::Request::builder()
        .method("POST")
        .uri("/v2/webhooks/rails")
        .header("content-type", "application/json")
        .header("digitalsignature", signature)
        .body(axum::body::Body::from(body))
        .unwrap();
    bank.send(request).await
}

/// The bank's answer is the nonce, signed with the bank's key as ClearBank checks it.
fn answered(reply: &Reply, nonce: i64) {
    assert_eq!(reply.status.as_u16(), 200, "{}", reply.body);
    assert_eq!(reply.json(), json!({"Nonce": nonce}));
    let checker = VerifyingKey::<sha2::Sha256>::new(
        rsa::RsaPublicKey::from_public_key_pem(BANK_PUBLIC).unwrap(),
    );
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(reply.header("digitalsignature"))
        .unwrap();
    checker
        .verify(
            reply.body.as_bytes(),
            &Signature::try_from(bytes.as_slice()).unwrap(),
        )
        .expect("the answer is signed by the bank");
}

fn settled(transfer_id: &str, transaction: &str) -> Value {
    json!({"TransactionId": transaction, "Status": "Settled", "Scheme": "FasterPayments",
           "EndToEndTransactionId": transfer_id.replace('-', ""), "Amount": 10.00,
           "TimestampSettled": "2026-11-28T10:03:00.964Z", "TimestampCreated": "2026-11-28T10:01:05.101Z",
           "CurrencyCode": "GBP", "DebitCreditCode": "Debit", "Reference": "Invoice 42", "IsReturn": false,
           "Account": {"IBAN": "GB00CUBK11223312345678", "BBAN": "CUBK11223312345678"},
           "CounterpartAccount": {"BBAN": "CUBK20000055779911", "OwnerName": "Acme Ltd"}})
}

async fn status(bank: &TestBank, transfer_id: &str) -> (TransferStatus, Option<String>) {
    let row = bank::store::transfers::find(&bank.db, transfer_id)
        .await
        .unwrap()
        .unwrap();
    (row.status, row.return_reason)
}

async fn pay(
    bank: &TestBank,
    auth: &str,
    account: &bank::store::bank_accounts::BankAccount,
    name: &str,
) -> String {
    let terms = local_terms(account, "10.00", name);
    let request_id = approved(bank, auth, &terms).await;
    let id = uuid::Uuid::new_v4().to_string();
    let paid = submit(bank, auth, &with(&terms, &id, &request_id)).await;
    assert_eq!(paid.status.as_u16(), 200, "{}", paid.body);
    id
}

async fn through_clearbank(backend: Backend) {
    let (address, fake) = fake_clearbank().await;
    let bank = TestBank::start_with(backend, move |config| {
        config.clearbank = Some(settings(address));
    })
    .await;
    let rails = ClearBank::new(&settings(address)).unwrap();
    let p = payer(&bank, "finance@bennett-hale.example").await;
    let auth = p.customer.bearer();

    // Down, then back: the transfer waits, then goes out once under the same request id.
    let first = pay(&bank, &auth, &p.gbp, "Acme Ltd").await;
    *fake.answers.lock().unwrap() = vec![Answer::Down];
    assert_eq!(run_job(&bank, &rails, 7_200_000).await, 1);
    assert_eq!(status(&bank, &first).await.0, TransferStatus::Pending);
    assert_eq!(
        run_job(&bank, &rails, 7_200_000).await,
        0,
        "held back by the backoff"
    );
    // ClearBank down: the bank stays ready, and the dashboard names the failure.
    assert_eq!(bank.get("/readyz", DESKTOP).await.status, 200);
    let parties = bank::services::backoffice::health::now(&bank.db)
        .await
        .unwrap()
        .outside_parties;
    let payments = |parties: &[bank::store::provider_health::PartyHealth]| {
        parties
            .iter()
            .find(|p| p.0 == "ClearBank payments")
            .cloned()
            .expect("ClearBank payments is listed")
    };
    let (_, success, failure, error) = payments(&parties);
    assert_eq!(success, None);
    assert!(
        failure.is_some() && error.unwrap().contains("503"),
        "{parties:?}"
    );
    assert_eq!(
        run_job(&bank, &rails, 7_300_000).await,
        1,
        "tried again after it"
    );
    assert_eq!(
        run_job(&bank, &rails, 9_000_000).await,
        0,
        "sent: never again"
    );
    let parties = bank::services::backoffice::health::now(&bank.db)
        .await
        .unwrap()
        .outside_parties;
    assert!(
        payments(&parties).1.is_some(),
        "its last answer too: {parties:?}"
    );
    let asked = fake.asked.lock().unwrap().clone();
    assert_eq!(asked.len(), 2);
    assert_eq!(
        asked[0], asked[1],
        "the same request, the same idempotency key"
    );
    assert_eq!(asked[0].0, "/v3/payments/fps");
    assert_eq!(asked[0].1, first);
    let transfer = &asked[0].2["paymentInstructions"][0]["creditTransfers"][0];
    assert_eq!(
        transfer["paymentIdentification"]["endToEndIdentification"],
        first.replace('-', "")
    );
    assert_eq!(
        transfer["amount"],
        json!({"currency": "GBP", "instructedAmount": 10.0})
    );
    assert_eq!(transfer["creditor"]["name"], "Acme Ltd");
    assert_eq!(
        transfer["creditorAccount"]["identification"]["other"]["identification"],
        "20000055779911"
    );
    assert_eq!(
        asked[0].2["paymentInstructions"][0]["debtorAccount"]["identification"]["iban"],
        p.gbp.iban
    );
    assert_eq!(
        status(&bank, &first).await.0,
        TransferStatus::Pending,
        "until ClearBank says"
    );

    // Settled by webhook, once; a forged one is refused; a late rejection changes nothing.
    let forged = webhook(
        &bank,
        BANK_KEY,
        "TransactionSettled",
        settled(&first, "t-1"),
        7,
    )
    .await;
    assert_eq!(forged.status.as_u16(), 401, "{}", forged.body);
    assert_eq!(status(&bank, &first).await.0, TransferStatus::Pending);
    answered(
        &webhook(
            &bank,
            CLEARBANK_KEY,
            "TransactionSettled",
            settled(&first, "t-1"),
            11,
        )
        .await,
        11,
    );
    assert_eq!(status(&bank, &first).await.0, TransferStatus::Completed);
    answered(
        &webhook(
            &bank,
            CLEARBANK_KEY,
            "TransactionSettled",
            settled(&first, "t-1"),
            12,
        )
        .await,
        12,
    );
    let late = json!({"TransactionId": "t-9", "Status": "Rejected", "EndToEndTransactionId": first.replace('-', ""),
                      "Amount": 10.0, "DebitCreditCode": "Debit", "IsReturn": false,
                      "CancellationCode": "AC04", "CancellationReason": "Account closed"});
    answered(
        &webhook(&bank, CLEARBANK_KEY, "TransactionRejected", late, 13).await,
        13,
    );
    assert_eq!(status(&bank, &first).await.0, TransferStatus::Completed);

    // Refused when assessed: the money and the fee come back once, whatever arrives later.
    let second = pay(&bank, &auth, &p.gbp, "Acme Ltd").await;
    assert_eq!(run_job(&bank, &rails, 7_200_000).await, 1);
    let before = reload(&bank, &p.gbp).await.balance.booked;
    let failure = json!({"MessageId": "624e0276-1b27-4a80-a06d-51759711bc0e", "PaymentMethodType": "FasterPayments",
        "AssesmentFailure": [{"EndToEndId": second.replace('-', ""), "Reasons": ["Modulus check failed"]}],
        "AccountIdentification": {"Debtor": {"IBAN": p.gbp.iban.clone()}, "Creditors": []}});
    for nonce in [21, 22] {
        answered(
            &webhook(
                &bank,
                CLEARBANK_KEY,
                "PaymentMessageAssesmentFailed",
                failure.clone(),
                nonce,
            )
            .await,
            nonce,
        );
    }
    assert_eq!(
        status(&bank, &second).await,
        (
            TransferStatus::Returned,
            Some("Modulus check failed".into())
        )
    );
    // £10.00 and the £0.20 UK local fee.
    let back = reload(&bank, &p.gbp).await.balance.booked;
    assert_eq!(back, before + 1020, "the money and the fee came back");
    answered(
        &webhook(
            &bank,
            CLEARBANK_KEY,
            "TransactionSettled",
            settled(&second, "t-2"),
            23,
        )
        .await,
        23,
    );
    assert_eq!(status(&bank, &second).await.0, TransferStatus::Returned);
    assert_eq!(
        reload(&bank, &p.gbp).await.balance.booked,
        back,
        "refunded once"
    );

    // Settled, then sent back by the payee's bank: refunded once.
    let third = pay(&bank, &auth, &p.gbp, "Acme Ltd").await;
    assert_eq!(run_job(&bank, &rails, 7_200_000).await, 1);
    answered(
        &webhook(
            &bank,
            CLEARBANK_KEY,
            "TransactionSettled",
            settled(&third, "t-3"),
            31,
        )
        .await,
        31,
    );
    let before = reload(&bank, &p.gbp).await.balance.booked;
    let mut returned = settled(&third, "t-4");
    returned["DebitCreditCode"] = "Credit".into();
    returned["IsReturn"] = true.into();
    returned["SupplementaryData"] = json!([{"Name": "PaymentReturnCode", "Value": "AC07"}]);
    for nonce in [32, 33] {
        answered(
            &webhook(
                &bank,
                CLEARBANK_KEY,
                "TransactionSettled",
                returned.clone(),
                nonce,
            )
            .await,
            nonce,
        );
    }
    assert_eq!(
        status(&bank, &third).await,
        (
            TransferStatus::Returned,
            Some("Returned by the payee's bank (AC07)".into())
        )
    );
    assert_eq!(
        reload(&bank, &p.gbp).await.balance.booked,
        before + 1020,
        "refunded once"
    );

    // Refused outright: back to the payer with ClearBank's reason; a repeated request id is
    // the first request taken.
    let fourth = pay(&bank, &auth, &p.gbp, "Acme Ltd").await;
    *fake.answers.lock().unwrap() = vec![Answer::Refused];
    assert_eq!(run_job(&bank, &rails, 7_200_000).await, 1);
    let (state, reason) = status(&bank, &fourth).await;
    assert_eq!(state, TransferStatus::Returned);
    assert!(
        reason.unwrap().contains("Creditor.Name"),
        "ClearBank's reason kept"
    );
    let fifth = pay(&bank, &auth, &p.gbp, "Acme Ltd").await;
    *fake.answers.lock().unwrap() = vec![Answer::Duplicate];
    assert_eq!(run_job(&bank, &rails, 7_200_000).await, 1);
    assert_eq!(
        run_job(&bank, &rails, 9_000_000).await,
        0,
        "taken: not sent again"
    );
    assert_eq!(status(&bank, &fifth).await.0, TransferStatus::Pending);

    // No answer in time (ClearBank took it all the same): tried again under the same request
    // id, which ClearBank answers as a duplicate, so the payment goes once.
    let sixth = pay(&bank, &auth, &p.gbp, "Acme Ltd").await;
    *fake.answers.lock().unwrap() = vec![Answer::Slow, Answer::Duplicate];
    assert_eq!(run_job(&bank, &rails, 7_200_000).await, 1);
    assert_eq!(run_job(&bank, &rails, 7_300_000).await, 1);
    assert_eq!(
        run_job(&bank, &rails, 9_000_000).await,
        0,
        "taken: not sent again"
    );
    let tries: Vec<Asked> = fake
        .asked
        .lock()
        .unwrap()
        .iter()
        .filter(|a| a.1 == sixth)
        .cloned()
        .collect();
    assert_eq!(tries.len(), 2);
    assert_eq!(tries[0], tries[1], "the same request both times");

    // Money in: to the account it names, once; to no account of the bank's, suspense.
    let before = reload(&bank, &p.gbp).await.balance.booked;
    let credit = json!({"TransactionId": "t-in-1", "Status": "Settled", "Scheme": "FasterPayments",
        "EndToEndTransactionId": "PAYROLL-NOV", "Amount": 88.52, "CurrencyCode": "GBP",
        "DebitCreditCode": "Credit", "Reference": "November rent", "IsReturn": false,
        "Account": {"IBAN": p.gbp.iban.clone()},
        "CounterpartAccount": {"BBAN": "CUBK44556687654321", "OwnerName": "JANE DOE", "TransactionOwnerName": "JANE DOE"}});
    for nonce in [41, 42] {
        answered(
            &webhook(
                &bank,
                CLEARBANK_KEY,
                "TransactionSettled",
                credit.clone(),
                nonce,
            )
            .await,
            nonce,
        );
    }
    assert_eq!(
        reload(&bank, &p.gbp).await.balance.booked,
        before + 8852,
        "credited once"
    );
    let mut stranger = credit.clone();
    stranger["TransactionId"] = "t-in-2".into();
    stranger["Account"] = json!({"IBAN": "GB82WEST12345698765432"});
    answered(
        &webhook(&bank, CLEARBANK_KEY, "TransactionSettled", stranger, 43).await,
        43,
    );
    let (n,) = sqlx::query_as::<_, (i64,)>(
        "SELECT COUNT(*) FROM suspense_items WHERE account_text = 'GB82WEST12345698765432' AND amount = 8852",
    )
    .fetch_one(&bank.db.pool)
    .await
    .unwrap();
    assert_eq!(n, 1, "unknown account: suspense");

    // Confirmation of Payee through ClearBank: each answer as Pay.UK codes it; a participant
    // that fails is no answer, and the payer may carry on.
    let cop = |name: &'static str, number: &'static str| {
        let auth = auth.clone();
        let bank = &bank;
        async move {
            let reply = post(bank, "/v2/payees/check",
                json!({"name": name, "type": "company", "ukSortCode": "200000", "ukAccountNumber": number}),
                &[("authorization", auth.as_str())]).await;
            assert_eq!(reply.status, 200, "{}", reply.body);
            reply.json()
        }
    };
    assert_eq!(
        cop("Acme Supplies Ltd", "12345678").await["result"],
        "match"
    );
    let close = cop("Acme Suplies", "12345678").await;
    assert_eq!(
        (close["result"].as_str(), close["name"].as_str()),
        (Some("close_match"), Some("Acme Supplies Ltd"))
    );
    assert_eq!(cop("Someone Else", "12345678").await["result"], "no_match");
    assert_eq!(
        cop("Acme Supplies Ltd", "99999999").await["result"],
        "unavailable"
    );
    let verification = fake.checked.lock().unwrap().last().cloned().unwrap();
    assert_eq!(verification["SchemeName"], "SortCodeAccountNumber");
    assert_eq!(verification["Identification"], "20000099999999");
    assert_eq!(verification["LegalOwnerType"], "Business");

    // A test event is answered and changes nothing.
    answered(
        &webhook(&bank, CLEARBANK_KEY, "FITestEvent", json!("test me"), 51).await,
        51,
    );
    ledger_is_sound(&bank).await;
    bank.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn through_clearbank_on_sqlite() {
    through_clearbank(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn through_clearbank_on_postgres() {
    through_clearbank(Backend::Postgres).await;
}

/// A real deployment (`BANK_SANDBOX=off`): texts through Twilio, transfers through ClearBank,
/// each against its fake. The payer approves with the texted code, the bank's own job sends the
/// transfer, ClearBank's webhook settles it and the payer sees it completed; SEPA, which the
/// bank does not send through ClearBank yet, is refused before anything is approved.
async fn end_to_end_without_the_sandbox(backend: Backend) {
    let (rail, fake) = fake_clearbank().await;
    let (texts, twilio) = crate::sms::fake_twilio().await;
    let bank = TestBank::start_with(backend, move |config| {
        config.sandbox = false;
        config.clearbank = Some(settings(rail));
        config.twilio = Some(crate::sms::settings(texts));
        config.settlement.local = std::time::Duration::ZERO;
        config.settlement.sepa = std::time::Duration::ZERO;
        config.settlement.swift = std::time::Duration::ZERO;
    })
    .await;
    let p = payer(&bank, "olivia@example.com").await;
    let auth = p.customer.bearer();
    let headers = [("authorization", auth.as_str())];
    let terms = local_terms(&p.gbp, "10.00", "Acme Ltd");
    let asked = post(
        &bank,
        "/v2/auth/mfa/generate",
        crate::transfers::approval_of(&terms),
        &headers,
    )
    .await;
    assert_eq!(asked.status, 200, "{}", asked.body);
    let request_id = asked
        .read::<bank::api::common_answers::MfaStep>()
        .request_id;
    let text = twilio.asked.lock().unwrap()[0]
        .2
        .iter()
        .find(|(k, _)| k == "Body")
        .unwrap()
        .1
        .clone();
    let code = crate::transfers::code_in(&text);
    let verified = post(
        &bank,
        "/v2/auth/mfa/verify",
        crate::transfers::sms_answer(&request_id, &code),
        &headers,
    )
    .await;
    assert_eq!(verified.status, 200, "{}", verified.body);
    let id = uuid::Uuid::new_v4().to_string();
    let paid = submit(&bank, &auth, &with(&terms, &id, &request_id)).await;
    assert_eq!(paid.status, 200, "{}", paid.body);

    // The bank's job hands it to ClearBank (it runs four times a second).
    for _ in 0..100 {
        if !fake.asked.lock().unwrap().is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(fake.asked.lock().unwrap().len(), 1, "sent once");
    assert_eq!(status(&bank, &id).await.0, TransferStatus::Pending);
    answered(
        &webhook(
            &bank,
            CLEARBANK_KEY,
            "TransactionSettled",
            settled(&id, "t-e2e"),
            5,
        )
        .await,
        5,
    );
    assert_eq!(status(&bank, &id).await.0, TransferStatus::Completed);
    let row = paid
        .read::<bank::api::payments::transfers::TransferResult>()
        .transaction
        .unwrap();
    let shown = crate::transfers::take(&bank, &auth, &row.id).await;
    assert_eq!(
        shown.status,
        bank::domain::accounts::transaction_kinds::TransactionStatus::Completed
    );

    // SEPA in euros through the cross-border API, settled by its completion webhook.
    let sepa_terms = crate::transfers::sepa_terms(&p.eur, "10.00");
    let sepa_id = approve_and_pay(&bank, &twilio, &auth, &sepa_terms).await;
    let sent = wait_for_request(&fake, 2).await;
    assert_eq!(sent.0, "/payments/cross-border/v2/payments");
    assert_eq!(sent.1, sepa_id);
    let info = &sent.2["paymentInformation"][0]["creditTransferTransactionInformation"][0];
    assert_eq!(info["creditorAccount"]["iban"], "DE89370400440532013000");
    assert_eq!(info["creditorAgent"]["bicfi"], "COBADEFFXXX");
    let completed = json!({"PaymentId": "8ea63ded-79f8-5517-950b-37afc483c2e3", "TransactionId": "x-1",
        "EndToEndIdentification": sepa_id.replace('-', ""), "InstructedAmount": "10.00", "InstructedCurrency": "EUR"});
    answered(
        &webhook(
            &bank,
            CLEARBANK_KEY,
            "Payments.CrossBorder.OutboundPaymentCompleted",
            completed,
            6,
        )
        .await,
        6,
    );
    assert_eq!(status(&bank, &sepa_id).await.0, TransferStatus::Completed);

    // SWIFT in dollars through multi-currency payments; cancelled by the scheme: money back.
    let usd = open_account(
        &bank,
        &p.customer.profile_id,
        bank::domain::accounts::money::Currency::Usd,
        false,
    )
    .await;
    bank::providers::sandbox_payments::credit(&bank.db, &usd.iban, "500.00", "Payer", "")
        .await
        .unwrap();
    let usd_terms = swift_terms(&usd);
    let swift_id = approve_and_pay(&bank, &twilio, &auth, &usd_terms).await;
    let sent = wait_for_request(&fake, 3).await;
    assert_eq!(sent.0, "/v1/mccy/payments");
    assert_eq!(sent.2["currencyCode"], "USD");
    assert_eq!(
        sent.2["transactions"][0]["creditor"]["accountNumber"],
        "000123456789"
    );
    let before = reload(&bank, &usd).await.balance.booked;
    let cancelled = json!({"TransactionId": "x-2", "EndToEndId": swift_id.replace('-', ""),
        "InstructedAmount": 80.00, "InstructedCurrency": "USD",
        "CancellationCode": "RejectedByScheme", "CancellationReason": "Contact ClearBank for more details"});
    answered(
        &webhook(
            &bank,
            CLEARBANK_KEY,
            "Payments.Mccy.TransactionCancelled",
            cancelled,
            7,
        )
        .await,
        7,
    );
    let (state, reason) = status(&bank, &swift_id).await;
    assert_eq!(state, TransferStatus::Returned);
    assert_eq!(
        reason.as_deref(),
        Some("RejectedByScheme: Contact ClearBank for more details")
    );
    assert!(
        reload(&bank, &usd).await.balance.booked > before + 8000,
        "the money and its fee came back"
    );

    // SWIFT in sterling is not carried by ClearBank: refused before anything is approved.
    let swift_gbp = post(
        &bank,
        "/v2/auth/mfa/generate",
        crate::transfers::approval_of(&swift_terms(&p.gbp)),
        &headers,
    )
    .await;
    assert_eq!(swift_gbp.status, 503, "{}", swift_gbp.body);
    assert_eq!(swift_gbp.error().code, "scheme_unavailable");
    assert_eq!(
        fake.asked.lock().unwrap().len(),
        3,
        "each transfer sent once"
    );
    ledger_is_sound(&bank).await;
    bank.finish().await;
}

/// Approves `terms` with the code texted through the Twilio fake, submits, answers the id.
async fn approve_and_pay(
    bank: &TestBank,
    twilio: &crate::sms::Fake,
    auth: &str,
    terms: &bank::domain::payments::request::TransferTermsBody,
) -> String {
    let headers = [("authorization", auth)];
    let asked = post(
        bank,
        "/v2/auth/mfa/generate",
        crate::transfers::approval_of(terms),
        &headers,
    )
    .await;
    assert_eq!(asked.status, 200, "{}", asked.body);
    let request_id = asked
        .read::<bank::api::common_answers::MfaStep>()
        .request_id;
    let text = twilio
        .asked
        .lock()
        .unwrap()
        .last()
        .unwrap()
        .2
        .iter()
        .find(|(k, _)| k == "Body")
        .unwrap()
        .1
        .clone();
    let code = crate::transfers::code_in(&text);
    let verified = post(
        bank,
        "/v2/auth/mfa/verify",
        crate::transfers::sms_answer(&request_id, &code),
        &headers,
    )
    .await;
    assert_eq!(verified.status, 200, "{}", verified.body);
    let id = uuid::Uuid::new_v4().to_string();
    let paid = submit(bank, auth, &with(terms, &id, &request_id)).await;
    assert_eq!(paid.status, 200, "{}", paid.body);
    id
}

/// The `n`th request to ClearBank, once the bank's job (four times a second) has sent it.
async fn wait_for_request(fake: &Fake, n: usize) -> Asked {
    for _ in 0..100 {
        if fake.asked.lock().unwrap().len() >= n {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    fake.asked
        .lock()
        .unwrap()
        .get(n - 1)
        .cloned()
        .expect("sent by the job")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn end_to_end_without_the_sandbox_on_sqlite() {
    end_to_end_without_the_sandbox(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn end_to_end_without_the_sandbox_on_postgres() {
    end_to_end_without_the_sandbox(Backend::Postgres).await;
}
