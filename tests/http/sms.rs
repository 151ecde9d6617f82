//! Issue 33 point 4: texts through Twilio's Messaging API, against a local fake that answers as
//! Twilio documents it (201 with the message's sid, JSON refusals with Twilio's codes, 429 and
//! 5xx when busy). A busy Twilio is tried again, a refused number is not, and the person then
//! reads SPEC-style advice; delivery reports come back signed as Twilio signs them, and a forged,
//! repeated or late one changes nothing.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use bank::config::TwilioSettings;
use bank::domain::messages::{Channel, Message};
use bank::providers::notify::Notifier;
use bank::providers::twilio::{signature, Twilio};
use serde_json::json;

use crate::helpers::*;
use crate::on_both_backends;

const SID: &str = "AC0123456789abcdef0123456789abcdef";
const TOKEN: &str = "twilio-auth-token";

#[derive(Clone, Copy)]
pub(crate) enum Answer {
    Queued,
    Busy,
    TooMany,
    BadNumber,
}

/// One request to the fake: (path, Authorization header, form fields).
pub(crate) type Asked = (String, String, Vec<(String, String)>);

#[derive(Default)]
pub(crate) struct Fake {
    answers: Mutex<Vec<Answer>>,
    pub(crate) asked: Mutex<Vec<Asked>>,
}

pub(crate) async fn fake_twilio() -> (SocketAddr, Arc<Fake>) {
    async fn messages(
        State(fake): State<Arc<Fake>>,
        Path(account): Path<String>,
        headers: HeaderMap,
        body: axum::body::Bytes,
    ) -> Response {
        let form: Vec<(String, String)> = url::form_urlencoded::parse(&body).into_owned().collect();
        let auth = headers
            .get("authorization")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string();
        let n = {
            let mut asked = fake.asked.lock().unwrap();
            asked.push((
                format!("/2010-04-01/Accounts/{account}"),
                auth,
                form.clone(),
            ));
            asked.len()
        };
        let answer = {
            let mut answers = fake.answers.lock().unwrap();
            if answers.is_empty() {
                Answer::Queued
            } else {
                answers.remove(0)
            }
        };
        let field = |key: &str| {
            form.iter()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v.clone())
                .unwrap_or_default()
        };
        match answer {
            Answer::Queued => (
                StatusCode::CREATED,
                axum::Json(json!({
                    "account_sid": account, "api_version": "2010-04-01", "body": field("Body"),
                    "direction": "outbound-api", "error_code": null, "error_message": null,
                    "from": field("From"), "num_segments": "1", "price": null,
                    "sid": format!("SM{n:032}"), "status": "queued", "to": field("To"),
                    "uri": format!("/2010-04-01/Accounts/{account}/Messages/SM{n:032}.json")
                })),
            )
                .into_response(),
            Answer::Busy => (
                StatusCode::SERVICE_UNAVAILABLE,
                axum::Json(json!({"code": 20503, "message": "Service Unavailable",
                                  "more_info": "https://www.twilio.com/docs/errors/20503",
                                  "status": 503})),
            )
                .into_response(),
            Answer::TooMany => (
                StatusCode::TOO_MANY_REQUESTS,
                axum::Json(json!({"code": 20429, "message": "Too Many Requests",
                                  "more_info": "https://www.twilio.com/docs/errors/20429",
                                  "status": 429})),
            )
                .into_response(),
            Answer::BadNumber => (
                StatusCode::BAD_REQUEST,
                axum::Json(json!({"code": 21211,
                    "message": format!("The 'To' number {} is not a valid phone number.", field("To")),
                    "more_info": "https://www.twilio.com/docs/errors/21211", "status": 400})),
            )
                .into_response(),
        }
    }
    let fake = Arc::new(Fake::default());
    let router = axum::Router::new()
        .route(
            "/2010-04-01/Accounts/{account}/Messages.json",
            axum::routing::post(messages),
        )
        .with_state(fake.clone());
    (serve(router).await, fake)
}

pub(crate) fn settings(address: SocketAddr) -> TwilioSettings {
    TwilioSettings {
        base_url: format!("http://{address}"),
        account_sid: SID.into(),
        auth_token: TOKEN.to_string().into(),
        from: "+447700900999".into(),
    }
}

fn text(to: &str) -> Message {
    Message {
        channel: Channel::Sms,
        to: to.into(),
        subject: "Log-in code".into(),
        body: "123456 is your Harbour code.".into(),
        attachments: Vec::new(),
    }
}

on_both_backends!(
    a_busy_twilio_is_tried_again_and_a_refused_number_is_not,
    |bank| {
        let (address, fake) = fake_twilio().await;
        let twilio = Twilio::new(settings(address), bank.db.clone(), "https://bank.test");
        *fake.answers.lock().unwrap() = vec![Answer::Busy, Answer::TooMany, Answer::Queued];
        twilio.send(text("+447700900123")).await.unwrap();
        let asked = fake.asked.lock().unwrap().clone();
        assert_eq!(asked.len(), 3, "two retries, then sent once");
        let (path, auth, form) = &asked[2];
        assert_eq!(path, &format!("/2010-04-01/Accounts/{SID}"));
        use base64::Engine;
        let basic = base64::engine::general_purpose::STANDARD.encode(format!("{SID}:{TOKEN}"));
        assert_eq!(auth, &format!("Basic {basic}"));
        let field = |key: &str| form.iter().find(|(k, _)| k == key).unwrap().1.clone();
        assert_eq!(field("To"), "+447700900123");
        assert_eq!(field("From"), "+447700900999");
        assert_eq!(field("Body"), "123456 is your Harbour code.");
        assert_eq!(field("StatusCallback"), "https://bank.test/v2/webhooks/sms");
        let sid = format!("SM{:032}", 3);
        assert_eq!(
            bank::store::sms_deliveries::status(&bank.db, &sid)
                .await
                .unwrap(),
            Some(("queued".into(), None))
        );

        fake.asked.lock().unwrap().clear();
        *fake.answers.lock().unwrap() = vec![Answer::BadNumber];
        assert!(twilio.send(text("+4477")).await.is_err());
        assert_eq!(
            fake.asked.lock().unwrap().len(),
            1,
            "a refused number is not retried"
        );

        fake.asked.lock().unwrap().clear();
        *fake.answers.lock().unwrap() = vec![Answer::Busy; 3];
        assert!(twilio.send(text("+447700900123")).await.is_err());
        assert_eq!(
            fake.asked.lock().unwrap().len(),
            3,
            "three tries, then it says so"
        );
    }
);

/// Posts a delivery report to the bank, signed with `token`.
async fn report(bank: &TestBank, token: &str, sid: &str, status: &str, code: &str) -> Reply {
    let mut params = vec![
        ("AccountSid".to_string(), SID.to_string()),
        ("ApiVersion".to_string(), "2010-04-01".to_string()),
        ("MessageSid".to_string(), sid.to_string()),
        ("MessageStatus".to_string(), status.to_string()),
        ("SmsSid".to_string(), sid.to_string()),
        ("SmsStatus".to_string(), status.to_string()),
    ];
    if !code.is_empty() {
        params.push(("ErrorCode".to_string(), code.to_string()));
    }
    let signed = signature(token, "https://bank.test/v2/webhooks/sms", &params);
    let body: String = url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(&params)
        .finish();
    let request = axum::http::Request::builder()
        .method("POST")
        .uri("/v2/webhooks/sms")
        .header("content-type", "application/x-www-form-urlencoded")
        .header("x-twilio-signature", signed)
        .body(axum::body::Body::from(body))
        .unwrap();
    bank.send(request).await
}

async fn live_texts(backend: Backend) {
    let (address, fake) = fake_twilio().await;
    let bank = TestBank::start_with(backend, move |config| {
        config.twilio = Some(settings(address));
    })
    .await;
    let p = crate::transfers::payer(&bank, "olivia@example.com").await;
    let terms = crate::transfers::local_terms(&p.gbp, "10.00", "Acme Ltd");
    let auth = p.customer.bearer();
    let approval = crate::transfers::approval_of(&terms);
    let headers = [("authorization", auth.as_str())];
    let ask = || post(&bank, "/v2/auth/mfa/generate", approval.clone(), &headers);
    let asked = ask().await;
    assert_eq!(asked.status, 200, "{}", asked.body);
    let sent = fake.asked.lock().unwrap().clone();
    assert_eq!(sent.len(), 1, "the code went to Twilio");
    let body = &sent[0].2.iter().find(|(k, _)| k == "Body").unwrap().1;
    assert!(body.contains("Approve £10.20"), "{body}");

    *fake.answers.lock().unwrap() = vec![Answer::Busy; 3];
    let down = ask().await;
    assert_eq!(down.status, 503, "{}", down.body);
    assert_eq!(down.error().code, "sms_not_sent");
    assert_eq!(
        down.error().message,
        "We could not send the code. Try again or use your passkey."
    );
    // Operators see it on the dashboard: Twilio's last answer, then its failure.
    let parties = bank::services::backoffice::health::now(&bank.db)
        .await
        .unwrap()
        .outside_parties;
    let twilio = parties
        .iter()
        .find(|p| p.0 == "Twilio texts")
        .expect("Twilio is listed");
    assert!(twilio.1.is_some() && twilio.2.is_some(), "{twilio:?}");

    // Delivery reports: forward only, signed by Twilio's token.
    let sid = format!("SM{:032}", 1);
    let status = || bank::store::sms_deliveries::status(&bank.db, &sid);
    assert_eq!(report(&bank, TOKEN, &sid, "sent", "").await.status, 200);
    assert_eq!(status().await.unwrap().unwrap().0, "sent");
    let forged = report(&bank, "not-the-token", &sid, "failed", "30003").await;
    assert_eq!(forged.status, 403);
    assert_eq!(
        status().await.unwrap().unwrap().0,
        "sent",
        "a forgery changes nothing"
    );
    assert_eq!(
        report(&bank, TOKEN, &sid, "undelivered", "30003")
            .await
            .status,
        200
    );
    assert_eq!(
        report(&bank, TOKEN, &sid, "undelivered", "30003")
            .await
            .status,
        200,
        "twice is fine"
    );
    assert_eq!(report(&bank, TOKEN, &sid, "sending", "").await.status, 200);
    assert_eq!(
        status().await.unwrap().unwrap(),
        ("undelivered".into(), Some("30003".into())),
        "a late report does not move it back"
    );
    // Operators see it on the back office's dashboard.
    crate::back_office::open_back_office(&bank).await;
    let (_, olga) = crate::back_office::staff(
        &bank,
        "olga@harbour.example",
        bank::domain::backoffice::staff::StaffRole::Operations,
    )
    .await;
    let health =
        crate::back_office::as_staff(&bank, &olga, "GET", "/back-office/api/health", json!({}))
            .await
            .json();
    assert_eq!(health["textsNotDelivered"], 1);
    bank.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn codes_go_through_twilio_and_its_reports_come_back_on_sqlite() {
    live_texts(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn codes_go_through_twilio_and_its_reports_come_back_on_postgres() {
    live_texts(Backend::Postgres).await;
}
