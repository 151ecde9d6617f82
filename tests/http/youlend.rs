//! Issue 30 point 6: business loans through YouLend's partner API, against a local fake that
//! checks each request as YouLend's published clients describe it (OAuth 2 client-credentials
//! tokens per audience, `POST /onboarding/Leads`, `GET /onboarding/Leads/{id}/details`,
//! `GET /loan/Loans/{customerId}/loans`, `GET /loan/Loans/{id}`) and answers as they do.
//! YouLend's notifications are not signed: the bank reads only the lead they name and asks
//! YouLend for its state, so a notification that claims more changes nothing.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, Request, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use bank::config::YouLendSettings;
use bank::domain::lending::application::LoanState;
use serde_json::{json, Value};

use crate::helpers::*;
use crate::loans::{applications, apply, balance, loan};

const CLIENT_ID: &str = "bank-client";
const CLIENT_SECRET: &str = "bank-client-secret";
const AUDIENCE: &str = "https://staging.youlendapi.com";

#[derive(Default)]
struct Fake {
    /// Tokens issued, with their audience; revoked ones are removed.
    tokens: Mutex<HashMap<String, String>>,
    issued: Mutex<Vec<String>>,
    /// Every lead asked for, as its raw body.
    leads: Mutex<Vec<String>>,
    /// Each lead's onboarding state and reason.
    states: Mutex<HashMap<String, (String, String)>>,
    /// The loan API's loans (list form), and each one's funding.
    loans: Mutex<Vec<Value>>,
    fundings: Mutex<HashMap<String, Value>>,
    /// The onboarding API answers 500 while set.
    down: Mutex<bool>,
    /// Refuse the next lead with a ProblemDetails 400.
    refuse_lead: Mutex<bool>,
}

impl Fake {
    fn audience_of(&self, headers: &HeaderMap) -> Option<String> {
        let token = headers
            .get("authorization")?
            .to_str()
            .ok()?
            .strip_prefix("Bearer ")?;
        self.tokens.lock().unwrap().get(token).cloned()
    }

    fn set_state(&self, lead: &str, state: &str, reason: &str) {
        self.states
            .lock()
            .unwrap()
            .insert(lead.into(), (state.into(), reason.into()));
    }

    fn revoke_all(&self) {
        self.tokens.lock().unwrap().clear();
    }

    fn tokens_for(&self, api: &str) -> usize {
        let audience = format!("{AUDIENCE}/{api}");
        self.issued
            .lock()
            .unwrap()
            .iter()
            .filter(|a| **a == audience)
            .count()
    }
}

fn problem(status: StatusCode, title: &str) -> Response {
    (
        status,
        Json(json!({"title": title, "status": status.as_u16()})),
    )
        .into_response()
}

async fn fake_youlend() -> (SocketAddr, Arc<Fake>) {
    async fn token(State(fake): State<Arc<Fake>>, Json(sent): Json<Value>) -> Response {
        let audience = sent["audience"].as_str().unwrap_or("");
        let known = [format!("{AUDIENCE}/onboarding"), format!("{AUDIENCE}/loan")];
        if sent["grant_type"] != "client_credentials"
            || sent["client_id"] != CLIENT_ID
            || sent["client_secret"] != CLIENT_SECRET
            || !known.iter().any(|k| k == audience)
        {
            return (
                StatusCode::FORBIDDEN,
                Json(json!({"error": "access_denied", "error_description": "Unauthorized"})),
            )
                .into_response();
        }
        let n = fake.issued.lock().unwrap().len();
        let token = format!("token-{n}");
        fake.issued.lock().unwrap().push(audience.to_string());
        fake.tokens
            .lock()
            .unwrap()
            .insert(token.clone(), audience.to_string());
        Json(json!({"access_token": token, "expires_in": 86400, "token_type": "Bearer"}))
            .into_response()
    }

    async fn leads(State(fake): State<Arc<Fake>>, headers: HeaderMap, body: String) -> Response {
        if fake.audience_of(&headers).as_deref() != Some(&format!("{AUDIENCE}/onboarding")) {
            return StatusCode::UNAUTHORIZED.into_response();
        }
        let sent: Value = serde_json::from_str(&body).unwrap_or(Value::Null);
        // ThirdPartyOnboardingModel's required fields.
        let required = [
            "thirdPartyCustomerId",
            "thirdPartyLeadId",
            "countryISOCode",
            "loanCurrencyISOCode",
            "keyContactName",
            "companyType",
            "companyName",
            "contactEmailAddress",
        ];
        if required.iter().any(|field| sent[field].as_str().is_none()) {
            return problem(
                StatusCode::BAD_REQUEST,
                "One or more validation errors occurred.",
            );
        }
        if std::mem::take(&mut *fake.refuse_lead.lock().unwrap()) {
            return problem(StatusCode::BAD_REQUEST, "Lead already exists");
        }
        fake.leads.lock().unwrap().push(body);
        let lead = format!(
            "99687dc3-f7be-44e0-8808-{:012}",
            fake.leads.lock().unwrap().len()
        );
        fake.set_state(&lead, "stage1incomplete", "");
        Json(json!({
            "leadId": lead,
            "leadURL": format!("https://staging.youlend.com/dashboard/youraccount/{lead}/companydetails"),
            "signUpURL": format!("https://staging.youlend.com/dashboard/youlendapisignup?leadId={lead}"),
        }))
        .into_response()
    }

    async fn details(
        State(fake): State<Arc<Fake>>,
        headers: HeaderMap,
        Path(lead): Path<String>,
    ) -> Response {
        if fake.audience_of(&headers).as_deref() != Some(&format!("{AUDIENCE}/onboarding")) {
            return StatusCode::UNAUTHORIZED.into_response();
        }
        if *fake.down.lock().unwrap() {
            return StatusCode::INTERNAL_SERVER_ERROR.into_response();
        }
        match fake.states.lock().unwrap().get(&lead) {
            Some((state, reason)) => Json(json!({
                "onboardingState": state,
                "onboardingStateReason": reason,
                "organisationDetailsStepComplete": true,
                "companyName": "Bennett & Hale Trading Ltd",
                "leadType": "Api",
            }))
            .into_response(),
            None => StatusCode::NOT_FOUND.into_response(),
        }
    }

    async fn customer_loans(
        State(fake): State<Arc<Fake>>,
        headers: HeaderMap,
        Path(customer): Path<String>,
    ) -> Response {
        if fake.audience_of(&headers).as_deref() != Some(&format!("{AUDIENCE}/loan")) {
            return StatusCode::UNAUTHORIZED.into_response();
        }
        let loans: Vec<Value> = fake
            .loans
            .lock()
            .unwrap()
            .iter()
            .filter(|l| l["customer"] == customer.as_str())
            .cloned()
            .collect();
        Json(loans).into_response()
    }

    async fn one_loan(
        State(fake): State<Arc<Fake>>,
        headers: HeaderMap,
        Path(id): Path<String>,
    ) -> Response {
        if fake.audience_of(&headers).as_deref() != Some(&format!("{AUDIENCE}/loan")) {
            return StatusCode::UNAUTHORIZED.into_response();
        }
        match fake.fundings.lock().unwrap().get(&id) {
            Some(funding) => Json(json!({"id": id, "status": "Funded", "fundingDetails": funding}))
                .into_response(),
            None => StatusCode::NOT_FOUND.into_response(),
        }
    }

    let fake = Arc::new(Fake::default());
    let app = axum::Router::new()
        .route("/oauth/token", axum::routing::post(token))
        .route("/onboarding/Leads", axum::routing::post(leads))
        .route(
            "/onboarding/Leads/{lead}/details",
            axum::routing::get(details),
        )
        .route(
            "/loan/Loans/{customer}/loans",
            axum::routing::get(customer_loans),
        )
        .route("/loan/Loans/{id}", axum::routing::get(one_loan))
        .with_state(fake.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (address, fake)
}

fn settings(address: SocketAddr) -> YouLendSettings {
    YouLendSettings {
        api_url: format!("http://{address}"),
        auth_url: format!("http://{address}"),
        audience: AUDIENCE.into(),
        client_id: CLIENT_ID.into(),
        client_secret: CLIENT_SECRET.to_string().into(),
        timeout: std::time::Duration::from_secs(5),
    }
}

async fn notify(bank: &TestBank, body: Value) -> Reply {
    bank.send(
        Request::post("/v2/webhooks/lending")
            .header("content-type", "application/json")
            .body(Body::from(body.to_string()))
            .unwrap(),
    )
    .await
}

async fn status(bank: &TestBank, who: &Customer) -> (LoanState, Option<String>) {
    let list = applications(bank, who).await;
    let application = &list.results[0];
    (application.status, application.reason.clone())
}

fn funded_loan(fake: &Fake, customer: &str, id: &str, number: i64, amount: f64, day: &str) {
    fake.loans.lock().unwrap().push(json!({
        "customer": customer, "id": id, "loanNumber": number, "status": "Funded",
        "currencyISOCode": "GBP", "currentAmount": amount * 1.1,
    }));
    fake.fundings.lock().unwrap().insert(
        id.into(),
        json!({"amountFunded": amount, "fundingAmount": amount, "fundingDate": format!("{day}T10:00:00Z")}),
    );
}

async fn loans_through_youlend(backend: Backend) {
    let (address, fake) = fake_youlend().await;
    let bank = TestBank::start_with(backend, move |config| {
        config.youlend = Some(settings(address));
    })
    .await;
    let owner =
        registered_business(&bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;

    // A revenue-based lender: loans and factoring are offered, mortgages are not.
    let session = call(&bank, &owner, "GET", "/v2/session", json!({})).await;
    let session: bank::api::session_state::SessionState = session.read();
    assert!(session.finance_offered && !session.mortgage_offered);
    let mortgage = call(&bank, &owner, "POST", "/v2/mortgage/fetch", json!({})).await;
    assert_eq!(mortgage.status, 503, "{}", mortgage.body);
    assert_eq!(mortgage.error().code, "lending_unavailable");
    let invoices = call(
        &bank,
        &owner,
        "POST",
        "/v2/factoring/invoices/fetch",
        json!({}),
    )
    .await;
    assert_eq!(invoices.status, 200, "{}", invoices.body);

    let applied = apply(&bank, &owner, loan("25,000", true)).await;
    assert_eq!(applied.provider, "youlend");
    // SPEC §4: applied reads as under review with youlend.
    assert_eq!(applied.status, LoanState::InReview);
    let lead_id = applied
        .redirect_uri
        .as_deref()
        .and_then(|uri| {
            uri.strip_prefix("https://staging.youlend.com/dashboard/youlendapisignup?leadId=")
        })
        .expect("the person continues on YouLend's sign-up page")
        .to_string();

    // The lead as YouLend's onboarding API takes it: the bank's ids, the exact amount, the
    // contact, what was shared with consent, and where to notify.
    let sent = fake.leads.lock().unwrap()[0].clone();
    assert!(sent.contains("\"loanAmount\":25000.00"), "{sent}");
    let sent: Value = serde_json::from_str(&sent).unwrap();
    assert_eq!(sent["thirdPartyLeadId"], applied.id.as_str());
    assert_eq!(sent["thirdPartyCustomerId"], owner.profile_id.to_string());
    assert_eq!(
        (
            sent["countryISOCode"].as_str(),
            sent["loanCurrencyISOCode"].as_str()
        ),
        (Some("GBR"), Some("GBP"))
    );
    assert_eq!(sent["companyName"], "Bennett & Hale Trading Ltd");
    assert_eq!(sent["companyNumber"], "09876543");
    assert_eq!(sent["contactEmailAddress"], "olivia@example.com");
    assert_eq!(sent["registeredAddress"]["areaCode"], "EC2A 1AF");
    assert_eq!(
        sent["notificationURL"],
        "https://bank.test/v2/webhooks/lending"
    );
    assert_eq!(sent["additionalInfo"]["directors"], "Anna Smith");
    assert_eq!(sent["additionalInfo"]["purpose"], "Equipment");
    assert_eq!(sent["additionalInfo"]["termMonths"], "12");

    // A notification that claims more than YouLend says changes nothing: only its lead is read.
    let before = balance(&bank, &owner).await;
    fake.set_state(&lead_id, "stage1submitted", "");
    let forged = json!({"leadId": lead_id, "state": "onboardingcomplete", "amountFunded": 250000});
    assert_eq!(notify(&bank, forged).await.status, 200);
    assert_eq!(status(&bank, &owner).await.0, LoanState::InReview);
    assert_eq!(balance(&bank, &owner).await, before);

    // Stage one passed: YouLend's offer is on its pages.
    fake.set_state(&lead_id, "stage2incomplete", "");
    let noticed = notify(
        &bank,
        json!({"leadId": lead_id, "state": "stage2incomplete"}),
    )
    .await;
    assert_eq!(noticed.status, 200, "{}", noticed.body);
    let list = applications(&bank, &owner).await;
    assert_eq!(list.results[0].status, LoanState::PreApproved);
    assert_eq!(list.results[0].status_label, "Eligible for a loan");

    // YouLend down: the notice is answered 503 (it sends it again) and nothing changes.
    *fake.down.lock().unwrap() = true;
    assert_eq!(notify(&bank, json!({"leadId": lead_id})).await.status, 503);
    *fake.down.lock().unwrap() = false;

    // Signed but not funded yet; then an older loan of this business does not count either.
    fake.set_state(&lead_id, "onboardingcomplete", "");
    assert_eq!(notify(&bank, json!({"leadId": lead_id})).await.status, 200);
    let customer = owner.profile_id.to_string();
    funded_loan(&fake, &customer, "loan-old", 1, 9_000.0, "2024-01-10");
    assert_eq!(notify(&bank, json!({"leadId": lead_id})).await.status, 200);
    assert_eq!(status(&bank, &owner).await.0, LoanState::PreApproved);
    assert_eq!(balance(&bank, &owner).await, before);

    // Funded (after the tokens were revoked: each API's token is fetched again once).
    let today = bank::domain::london::day_of(bank.db.now_ms());
    funded_loan(&fake, &customer, "loan-new", 2, 24_750.5, &today);
    let (onboarding_tokens, loan_tokens) = (fake.tokens_for("onboarding"), fake.tokens_for("loan"));
    assert_eq!(
        (onboarding_tokens, loan_tokens),
        (1, 1),
        "each token kept and reused"
    );
    fake.revoke_all();
    let noticed = notify(&bank, json!({"leadId": lead_id})).await;
    assert_eq!(noticed.status, 200, "{}", noticed.body);
    assert_eq!(
        (fake.tokens_for("onboarding"), fake.tokens_for("loan")),
        (2, 2)
    );
    let list = applications(&bank, &owner).await;
    assert_eq!(list.results[0].status, LoanState::Approved);
    assert_eq!(list.results[0].paid_amount, Some(24_750.5));
    assert_eq!(balance(&bank, &owner).await, before + 2_475_050);
    let told = last_message(&bank, "olivia@example.com").await;
    assert_eq!(told.subject, "£24,750.50 from YouLend is in your account");

    // The same notice again pays nothing twice.
    assert_eq!(notify(&bank, json!({"leadId": lead_id})).await.status, 200);
    assert_eq!(balance(&bank, &owner).await, before + 2_475_050);

    // A lead the bank never sent, or a body without one.
    let stray = notify(
        &bank,
        json!({"leadId": "0f9b892f-3816-4afe-a582-1ce0ea708fdb"}),
    )
    .await;
    assert_eq!(stray.status, 404);
    assert_eq!(
        notify(&bank, json!({"state": "onboardingcomplete"}))
            .await
            .status,
        401
    );

    // Declined, with YouLend's reason, for another business; a refused lead keeps nothing.
    let other = registered_business(&bank, "ravi@example.com", "Kestrel Joinery Ltd").await;
    *fake.refuse_lead.lock().unwrap() = true;
    let refused = call(
        &bank,
        &other,
        "POST",
        "/v2/loan-applications",
        loan("5000", false),
    )
    .await;
    assert_eq!(refused.status, 503, "{}", refused.body);
    assert_eq!(refused.error().code, "lender_unavailable");
    assert!(applications(&bank, &other).await.results.is_empty());
    let applied = apply(&bank, &other, loan("5000", false)).await;
    let sent: Value = serde_json::from_str(fake.leads.lock().unwrap().last().unwrap()).unwrap();
    assert!(
        sent.get("companyNumber").is_none() && sent.get("registeredAddress").is_none(),
        "nothing shared without consent: {sent}"
    );
    let lead_id = applied
        .redirect_uri
        .unwrap()
        .rsplit_once('=')
        .unwrap()
        .1
        .to_string();
    fake.set_state(&lead_id, "stage1rejected", "Insufficient card turnover");
    assert_eq!(notify(&bank, json!({"leadId": lead_id})).await.status, 200);
    assert_eq!(
        status(&bank, &other).await,
        (
            LoanState::Rejected,
            Some("Insufficient card turnover".into())
        )
    );
    bank.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn loans_through_youlend_on_sqlite() {
    loans_through_youlend(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn loans_through_youlend_on_postgres() {
    loans_through_youlend(Backend::Postgres).await;
}
