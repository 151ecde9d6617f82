//! Issue 33 point 3: the activation fee through Checkout.com, against a local fake that checks
//! each request as Checkout.com documents it (the secret key, `Cko-Idempotency-Key`, the Hosted
//! Payments Page's fields with 3-D Secure on) and answers as it does (201 with the page, 422
//! with error codes, 503 when down, late past the bank's time-out). Its webhooks are signed
//! with HMAC-SHA256 in `Cko-Signature`: a forged one changes nothing, a repeated or late one
//! nothing twice. A second payment of the fee is refunded through the acquirer once operations
//! send it back, retried while the acquirer is down; a refused refund comes back to suspense.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, Request, StatusCode};
use axum::response::{IntoResponse, Response};
use bank::api::onboarding::fee::{FeeMethod, FeeReply, OrderInput};
use bank::config::CheckoutComSettings;
use bank::domain::backoffice::staff::StaffRole;
use bank::domain::onboarding::fee::RefundStatus;
use bank::providers::acquirer::checkout_com::CheckoutCom;
use serde_json::{json, Value};

use crate::activation::{approved_business, fee_of};
use crate::back_office::{as_staff, open_back_office, staff};
use crate::helpers::*;

const SECRET_KEY: &str = "sk_sbox_test";
const CHANNEL: &str = "pc_testchannel";
const WEBHOOK_SECRET: &str = "checkout-webhook-signature-key";

#[derive(Clone, Copy, Debug)]
enum Answer {
    Ok,
    Down,
    Slow,
    Refused,
}

/// One request to the fake: (path, Cko-Idempotency-Key, the body as sent).
type Asked = (String, String, Value);

#[derive(Default)]
struct Fake {
    answers: Mutex<Vec<Answer>>,
    asked: Mutex<Vec<Asked>>,
}

impl Fake {
    fn next(&self) -> Answer {
        let mut answers = self.answers.lock().unwrap();
        if answers.is_empty() {
            Answer::Ok
        } else {
            answers.remove(0)
        }
    }

    fn then(&self, answers: &[Answer]) {
        self.answers.lock().unwrap().extend_from_slice(answers);
    }

    fn asked(&self) -> Vec<Asked> {
        self.asked.lock().unwrap().clone()
    }
}

fn refused(codes: &[&str]) -> Response {
    (
        StatusCode::UNPROCESSABLE_ENTITY,
        axum::Json(
            json!({"request_id": "req_1", "error_type": "request_invalid",
                          "error_codes": codes}),
        ),
    )
        .into_response()
}

/// Checks what every call carries; answers the idempotency key and the body.
fn checked(headers: &HeaderMap, body: &[u8]) -> Result<(String, Value), Box<Response>> {
    let header = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string()
    };
    if header("authorization") != format!("Bearer {SECRET_KEY}") {
        return Err(Box::new(StatusCode::UNAUTHORIZED.into_response()));
    }
    let key = header("cko-idempotency-key");
    if key.is_empty() || !header("content-type").starts_with("application/json") {
        return Err(Box::new(refused(&["idempotency_key_required"])));
    }
    let body =
        serde_json::from_slice(body).map_err(|_| Box::new(refused(&["request_body_malformed"])))?;
    Ok((key, body))
}

async fn fake_checkout_com() -> (SocketAddr, Arc<Fake>) {
    async fn hosted_payments(
        State(fake): State<Arc<Fake>>,
        headers: HeaderMap,
        body: axum::body::Bytes,
    ) -> Response {
        let (key, sent) = match checked(&headers, &body) {
            Ok(checked) => checked,
            Err(answer) => return *answer,
        };
        // The fields Checkout.com requires of a Hosted Payments Page.
        let required = [
            "amount",
            "currency",
            "reference",
            "processing_channel_id",
            "success_url",
            "failure_url",
            "cancel_url",
        ];
        if required.iter().any(|field| sent[field].is_null())
            || sent["billing"]["address"]["country"].as_str().map(str::len) != Some(2)
        {
            return refused(&["billing_required"]);
        }
        fake.asked
            .lock()
            .unwrap()
            .push(("/hosted-payments".into(), key.clone(), sent));
        let n = fake.asked.lock().unwrap().len();
        match fake.next() {
            Answer::Ok => (StatusCode::CREATED, axum::Json(json!({
                "id": format!("hpp_{n}"),
                "reference": "ref",
                "_links": {
                    "self": {"href": format!("https://api.sandbox.checkout.com/hosted-payments/hpp_{n}")},
                    "redirect": {"href": format!("https://pay.sandbox.checkout.com/page/hpp_{n}")}
                }
            }))).into_response(),
            Answer::Down => StatusCode::SERVICE_UNAVAILABLE.into_response(),
            Answer::Slow => {
                tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
                StatusCode::CREATED.into_response()
            }
            Answer::Refused => refused(&["currency_invalid"]),
        }
    }
    async fn refunds(
        State(fake): State<Arc<Fake>>,
        Path(payment): Path<String>,
        headers: HeaderMap,
        body: axum::body::Bytes,
    ) -> Response {
        let (key, sent) = match checked(&headers, &body) {
            Ok(checked) => checked,
            Err(answer) => return *answer,
        };
        fake.asked.lock().unwrap().push((
            format!("/payments/{payment}/refunds"),
            key,
            sent.clone(),
        ));
        match fake.next() {
            Answer::Ok => (
                StatusCode::ACCEPTED,
                axum::Json(json!({
                "action_id": "act_refund1", "reference": sent["reference"]})),
            )
                .into_response(),
            Answer::Down => StatusCode::BAD_GATEWAY.into_response(),
            Answer::Slow => {
                tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
                StatusCode::ACCEPTED.into_response()
            }
            Answer::Refused => refused(&["refund_amount_exceeds_balance"]),
        }
    }
    let fake = Arc::new(Fake::default());
    let router = axum::Router::new()
        .route("/hosted-payments", axum::routing::post(hosted_payments))
        .route("/payments/{payment}/refunds", axum::routing::post(refunds))
        .with_state(fake.clone());
    (serve(router).await, fake)
}

fn settings(address: SocketAddr) -> CheckoutComSettings {
    CheckoutComSettings {
        base_url: format!("http://{address}"),
        secret_key: SECRET_KEY.to_string().into(),
        processing_channel_id: CHANNEL.into(),
        webhook_secret: WEBHOOK_SECRET.to_string().into(),
        timeout: std::time::Duration::from_millis(500),
    }
}

/// A notification as Checkout.com sends it, signed with `secret`.
async fn webhook(bank: &TestBank, secret: &str, kind: &str, data: Value) -> Reply {
    let body = serde_json::to_vec(&json!({
        "id": format!("evt_{}", uuid::Uuid::new_v4().simple()),
        "type": kind,
        "version": "1.0.33",
        "created_on": "2026-11-28T09:00:00Z",
        "data": data,
    }))
    .unwrap();
    let mut signer = settings("127.0.0.1:1".parse().unwrap());
    signer.webhook_secret = secret.to_string().into();
    let signature = CheckoutCom::new(&signer).unwrap().sign(&body);
    bank.send(
        Request::post("/v2/webhooks/acquirer")
            .header("content-type", "application/json")
            .header("cko-signature", signature)
            .body(Body::from(body))
            .unwrap(),
    )
    .await
}

async fn order_card(bank: &TestBank, auth: &str) -> Reply {
    post(
        bank,
        "/v2/account-profiles/registration-fees/order",
        body(&OrderInput {
            method: FeeMethod::Card,
        }),
        &[("authorization", auth)],
    )
    .await
}

async fn kyc_status(bank: &TestBank, user_id: &bank::domain::ids::UserId) -> String {
    let user = bank::store::users::by_id(&bank.db, user_id)
        .await
        .unwrap()
        .unwrap();
    user.kyc_status.as_str().to_string()
}

async fn refunds_job(bank: &TestBank, acquirer: &CheckoutCom, ahead_ms: i64) -> usize {
    bank::services::onboarding::card_payments::send_due_refunds(
        &bank.db,
        acquirer,
        std::time::Duration::from_millis(100),
        bank.db.now_ms() + ahead_ms,
        100,
    )
    .await
    .unwrap()
}

async fn suspense_items(bank: &TestBank, cookie: &str) -> Vec<Value> {
    let reply = as_staff(bank, cookie, "GET", "/back-office/api/suspense", json!({})).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.json()["items"].as_array().unwrap().clone()
}

/// Operations send an item of suspense back: one proposes, the other approves.
async fn send_back(bank: &TestBank, proposer: &str, approver: &str, item: &str) {
    let body = json!({"kind": "release_suspense", "itemId": item, "action": "return",
                      "iban": "", "reason": "Paid twice by card"});
    let proposal = as_staff(bank, proposer, "POST", "/back-office/api/proposals", body).await;
    assert_eq!(proposal.status, 200, "{}", proposal.body);
    let id = proposal.json()["id"].as_str().unwrap().to_string();
    let decided = as_staff(
        bank,
        approver,
        "POST",
        "/back-office/api/proposals/decision",
        json!({"id": id, "approve": true}),
    )
    .await;
    assert_eq!(decided.status, 200, "{}", decided.body);
}

/// A business whose fee was paid by card through the fake, then paid again on an older page
/// of the same fee: answers the second payment's suspense item and the staff's cookies.
async fn paid_twice(bank: &TestBank, email: &str) -> (String, String, String) {
    let (user_id, auth) = approved_business(bank, email).await;
    let ordered = order_card(bank, &auth).await;
    assert_eq!(ordered.status, 200, "{}", ordered.body);
    let fee = fee_of(bank, &auth).await;
    let checkout = bank::store::registration_fees::latest(&bank.db, &user_id)
        .await
        .unwrap()
        .unwrap();
    let (checkout_id, fee_id) = (checkout.checkout_id.unwrap(), checkout.id);
    for payment in ["pay_first", "pay_second"] {
        let paid = webhook(
            bank,
            WEBHOOK_SECRET,
            "payment_captured",
            json!({
            "id": payment, "amount": 4900, "currency": fee.currency,
            "metadata": {"checkout_id": checkout_id, "fee_id": fee_id}}),
        )
        .await;
        assert_eq!(paid.status, 200, "{}", paid.body);
    }
    assert_eq!(kyc_status(bank, &user_id).await, "completed");
    open_back_office(bank).await;
    let (_, olga) = staff(bank, &format!("olga.{email}"), StaffRole::Operations).await;
    let (_, otto) = staff(bank, &format!("otto.{email}"), StaffRole::Operations).await;
    let items = suspense_items(bank, &olga).await;
    let item = items
        .iter()
        .find(|item| item["reference"] == "card pay_second")
        .unwrap_or_else(|| panic!("the second payment waits in suspense: {items:?}"));
    (item["id"].as_str().unwrap().to_string(), olga, otto)
}

async fn pays_through_checkout_com(backend: Backend) {
    let (address, fake) = fake_checkout_com().await;
    let bank = TestBank::start_with(backend, move |config| {
        config.checkout_com = Some(settings(address));
    })
    .await;
    let acquirer = CheckoutCom::new(&settings(address)).unwrap();
    let (user_id, auth) = approved_business(&bank, "olivia@example.com").await;
    let fee = fee_of(&bank, &auth).await;
    assert!(fee.card_allowed && fee.apple_pay_allowed && fee.apple_pay_on_checkout);

    // Down, then refusing, then too slow: the person is told, nothing is recorded.
    fake.then(&[Answer::Down, Answer::Refused, Answer::Slow]);
    for _ in 0..3 {
        let unavailable = order_card(&bank, &auth).await;
        assert_eq!(unavailable.status, 503, "{}", unavailable.body);
        assert_eq!(unavailable.error().code, "payment_method_unavailable");
        assert_eq!(
            unavailable.error().message,
            "Card payments are not available just now. Please try again later or pay by bank transfer."
        );
    }
    assert_eq!(fee_of(&bank, &auth).await.status.as_str(), "assigned");
    let health: (Option<i64>, Option<String>) =
        sqlx::query_as("SELECT last_failure_at, last_error FROM provider_health WHERE party = $1")
            .bind(bank::providers::party::CHECKOUT_COM)
            .fetch_one(&bank.db.pool)
            .await
            .unwrap();
    assert!(
        health.0.is_some() && health.1.is_some(),
        "operators see it: {health:?}"
    );

    // Opened: the payer goes to Checkout.com's page, where 3-D Secure and Apple Pay happen.
    let ordered = order_card(&bank, &auth).await;
    assert_eq!(ordered.status, 200, "{}", ordered.body);
    let url = ordered.read::<FeeReply>().checkout_url.unwrap();
    assert!(
        url.starts_with("https://pay.sandbox.checkout.com/page/hpp_"),
        "{url}"
    );
    let (path, key, sent) = fake.asked().last().unwrap().clone();
    assert_eq!(path, "/hosted-payments");
    assert_eq!(sent["amount"], 4900);
    assert_eq!(sent["currency"], "GBP");
    assert_eq!(sent["processing_channel_id"], CHANNEL);
    assert_eq!(sent["3ds"]["enabled"], true);
    assert_eq!(sent["capture"], true);
    assert_eq!(sent["billing"]["address"]["country"], "GB");
    assert_eq!(
        sent["metadata"]["checkout_id"],
        key.as_str(),
        "the idempotency key names it"
    );
    let back = format!("/account-activation/card?checkout={key}");
    assert!(sent["success_url"].as_str().unwrap().ends_with(&back));
    assert_eq!(sent["failure_url"], sent["success_url"]);
    let fee_row = bank::store::registration_fees::latest(&bank.db, &user_id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(sent["reference"], fee_row.reference.as_str());
    assert_eq!(sent["metadata"]["fee_id"], fee_row.id.as_str());

    // The bank's own Apple Pay sheet is not used: the acquirer takes the token on its page.
    let in_page = post(
        &bank,
        "/v2/account-profiles/registration-fees/wallet-pay/initiate",
        json!({"walletType": "apple-pay"}),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(in_page.status, 503, "{}", in_page.body);

    let data = json!({"id": "pay_abc123", "amount": 4900, "currency": "GBP",
        "reference": fee_row.reference, "metadata": {"checkout_id": key, "fee_id": fee_row.id}});
    // Forged: refused, nothing paid.
    let forged = webhook(
        &bank,
        "not the signature key",
        "payment_captured",
        data.clone(),
    )
    .await;
    assert_eq!(forged.status, 401, "{}", forged.body);
    // Authorised is not yet paid.
    let approved = webhook(&bank, WEBHOOK_SECRET, "payment_approved", data.clone()).await;
    assert_eq!(approved.status, 200, "{}", approved.body);
    assert_eq!(
        kyc_status(&bank, &user_id).await,
        "registration_fee_assigned"
    );
    // Captured, twice: paid once, the account opens once.
    for _ in 0..2 {
        let captured = webhook(&bank, WEBHOOK_SECRET, "payment_captured", data.clone()).await;
        assert_eq!(captured.status, 200, "{}", captured.body);
    }
    assert_eq!(kyc_status(&bank, &user_id).await, "completed");
    // A decline arriving late changes nothing.
    let late = webhook(&bank, WEBHOOK_SECRET, "payment_declined", data.clone()).await;
    assert_eq!(late.status, 200, "{}", late.body);
    let paid = fee_of(&bank, &auth).await;
    assert_eq!(paid.status.as_str(), "paid");
    assert_eq!(ledger_balance(&bank, "fee_income:GBP").await, 4900);
    let accounts: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM bank_accounts a JOIN profile_members m ON m.profile_id = a.profile_id \
         WHERE m.user_id = $1",
    )
    .bind(&user_id)
    .fetch_one(&bank.db.pool)
    .await
    .unwrap();
    assert_eq!(accounts, 1);

    // A decline of another person's checkout marks theirs failed.
    let (other, other_auth) = approved_business(&bank, "oscar@example.com").await;
    assert_eq!(order_card(&bank, &other_auth).await.status, 200);
    let theirs = bank::store::registration_fees::latest(&bank.db, &other)
        .await
        .unwrap()
        .unwrap();
    let declined = webhook(
        &bank,
        WEBHOOK_SECRET,
        "payment_declined",
        json!({
        "id": "pay_declined", "response_summary": "Declined - Do Not Honour",
        "metadata": {"checkout_id": theirs.checkout_id, "fee_id": theirs.id}}),
    )
    .await;
    assert_eq!(declined.status, 200, "{}", declined.body);
    assert_eq!(fee_of(&bank, &other_auth).await.status.as_str(), "failed");

    // A second payment of a fee is refunded through the acquirer once operations send it back;
    // while the acquirer is down the refund waits and goes again under the same key.
    let (item, olga, otto) = paid_twice(&bank, "nora@example.com").await;
    let before = fake.asked().len();
    send_back(&bank, &olga, &otto, &item).await;
    fake.then(&[Answer::Down]);
    assert_eq!(refunds_job(&bank, &acquirer, 0).await, 1);
    assert_eq!(
        refunds_job(&bank, &acquirer, 0).await,
        0,
        "it waits its backoff"
    );
    assert_eq!(refunds_job(&bank, &acquirer, 61_000).await, 1);
    assert_eq!(
        refunds_job(&bank, &acquirer, 120_000).await,
        0,
        "asked once it was taken"
    );
    let asked = fake.asked()[before..].to_vec();
    assert_eq!(asked.len(), 2);
    for (path, key, sent) in &asked {
        assert_eq!(path, "/payments/pay_second/refunds");
        assert_eq!(key, &item, "the same idempotency key each time");
        assert_eq!(sent["amount"], 4900);
        assert_eq!(sent["reference"], item.as_str());
    }
    let refund = bank::store::acquirer_refunds::by_id(&bank.db, &item)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(refund.status, RefundStatus::Sent);
    for _ in 0..2 {
        let refunded = webhook(
            &bank,
            WEBHOOK_SECRET,
            "payment_refunded",
            json!({
            "id": "pay_second", "action_id": "act_refund1", "amount": 4900,
            "reference": item, "metadata": {"refund_id": item}}),
        )
        .await;
        assert_eq!(refunded.status, 200, "{}", refunded.body);
    }
    let refund = bank::store::acquirer_refunds::by_id(&bank.db, &item)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(refund.status, RefundStatus::Refunded);
    assert_eq!(ledger_balance(&bank, "suspense:GBP").await, 0);
    ledger_is_sound(&bank).await;
}

#[tokio::test]
async fn pays_through_checkout_com_on_sqlite() {
    pays_through_checkout_com(Backend::Sqlite).await;
}

#[tokio::test]
async fn pays_through_checkout_com_on_postgres() {
    pays_through_checkout_com(Backend::Postgres).await;
}

/// A refund the acquirer refuses (at once, or later by webhook) brings the money back to
/// suspense once, saying why, for operations to act on again.
async fn refused_refunds_come_back(backend: Backend) {
    let (address, fake) = fake_checkout_com().await;
    let bank = TestBank::start_with(backend, move |config| {
        config.checkout_com = Some(settings(address));
    })
    .await;
    let acquirer = CheckoutCom::new(&settings(address)).unwrap();
    let (item, olga, otto) = paid_twice(&bank, "nora@example.com").await;
    send_back(&bank, &olga, &otto, &item).await;
    assert_eq!(ledger_balance(&bank, "suspense:GBP").await, 0);
    fake.then(&[Answer::Refused]);
    assert_eq!(refunds_job(&bank, &acquirer, 0).await, 1);
    let refund = bank::store::acquirer_refunds::by_id(&bank.db, &item)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(refund.status, RefundStatus::Failed);
    assert!(
        refund.reason.contains("refund_amount_exceeds_balance"),
        "{}",
        refund.reason
    );
    assert_eq!(
        ledger_balance(&bank, "suspense:GBP").await,
        4900,
        "back in suspense"
    );
    let again = suspense_items(&bank, &olga).await;
    assert_eq!(again.len(), 1);
    let reference = again[0]["reference"].as_str().unwrap();
    assert!(
        reference.starts_with("card pay_second (refund refused:"),
        "{reference}"
    );

    // Sent back again, taken, then refused by webhook (twice): back in suspense once.
    let second = again[0]["id"].as_str().unwrap().to_string();
    send_back(&bank, &otto, &olga, &second).await;
    assert_eq!(refunds_job(&bank, &acquirer, 0).await, 1);
    for _ in 0..2 {
        let declined = webhook(
            &bank,
            WEBHOOK_SECRET,
            "payment_refund_declined",
            json!({
            "id": "pay_second", "response_summary": "Refund not allowed",
            "metadata": {"refund_id": second}}),
        )
        .await;
        assert_eq!(declined.status, 200, "{}", declined.body);
    }
    assert_eq!(ledger_balance(&bank, "suspense:GBP").await, 4900);
    let items = suspense_items(&bank, &olga).await;
    assert_eq!(items.len(), 1);
    assert!(items[0]["reference"]
        .as_str()
        .unwrap()
        .ends_with("(refund refused: Refund not allowed)"));
    ledger_is_sound(&bank).await;
}

#[tokio::test]
async fn refused_refunds_come_back_on_sqlite() {
    refused_refunds_come_back(Backend::Sqlite).await;
}

#[tokio::test]
async fn refused_refunds_come_back_on_postgres() {
    refused_refunds_come_back(Backend::Postgres).await;
}
