//! Issue 33 point 2, the other direction: another bank's customer checks the name on one of the
//! bank's sterling accounts, and ClearBank answers from the owner's name and type the bank
//! registers with the account (a virtual account under the bank's own, created with the
//! account's IBAN, then given its owner). The bank's job keeps them in step with its own
//! records, against a fake of ClearBank's account API that checks the token, the request id and
//! the body's signature as ClearBank documents them.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use bank::config::ClearBankSettings;
use bank::providers::rails::clearbank::ClearBank;
use base64::Engine;
use rsa::pkcs1v15::{Signature, VerifyingKey};
use rsa::pkcs8::DecodePublicKey;
use rsa::signature::Verifier;
use serde_json::{json, Value};

use crate::helpers::*;
use crate::transfers::payer;

const TOKEN: &str = "clearbank-api-token";
const REAL_ACCOUNT: &str = "6f1c2b7e-3d4a-4c5b-9e8f-0a1b2c3d4e5f";
const BANK_KEY: &str = include_str!("fixtures/clearbank-test-bank-private.pem");
const BANK_PUBLIC: &str = include_str!("fixtures/clearbank-test-bank-public.pem");
const CLEARBANK_PUBLIC: &str = include_str!("fixtures/clearbank-test-clearbank-public.pem");

#[derive(Default)]
struct Fake {
    down: AtomicBool,
    /// (iban, id, owner name) of each virtual account.
    accounts: Mutex<Vec<(String, String, String)>>,
    /// Request ids of creations seen.
    created: Mutex<Vec<String>>,
    /// (virtual account id, body) of each owner registered.
    patched: Mutex<Vec<(String, Value)>>,
}

fn authorised(headers: &HeaderMap) -> bool {
    headers.get("authorization").and_then(|v| v.to_str().ok()) == Some(&format!("Bearer {TOKEN}"))
}

fn signed(headers: &HeaderMap, body: &[u8]) -> bool {
    let checker = VerifyingKey::<sha2::Sha256>::new(
        rsa::RsaPublicKey::from_public_key_pem(BANK_PUBLIC).unwrap(),
    );
    headers
        .get("digitalsignature")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| base64::engine::general_purpose::STANDARD.decode(v).ok())
        .and_then(|bytes| Signature::try_from(bytes.as_slice()).ok())
        .is_some_and(|signature| checker.verify(body, &signature).is_ok())
}

async fn fake_clearbank() -> (SocketAddr, Arc<Fake>) {
    async fn create(
        State(fake): State<Arc<Fake>>,
        Path(real): Path<String>,
        headers: HeaderMap,
        body: axum::body::Bytes,
    ) -> Response {
        if fake.down.load(Ordering::SeqCst) {
            return StatusCode::SERVICE_UNAVAILABLE.into_response();
        }
        let request_id = headers.get("x-request-id").and_then(|v| v.to_str().ok());
        if !authorised(&headers) || real != REAL_ACCOUNT || !signed(&headers, &body) {
            return StatusCode::FORBIDDEN.into_response();
        }
        let Some(request_id) = request_id else {
            return StatusCode::BAD_REQUEST.into_response();
        };
        let mut created = fake.created.lock().unwrap();
        if created.iter().any(|seen| seen == request_id) {
            return StatusCode::CONFLICT.into_response();
        }
        created.push(request_id.to_string());
        let sent: Value = serde_json::from_slice(&body).unwrap();
        for account in sent["virtualAccounts"].as_array().unwrap() {
            let iban = account["accountIdentifier"]["iban"]
                .as_str()
                .unwrap()
                .to_string();
            let name = account["ownerName"].as_str().unwrap().to_string();
            assert!(account["accountIdentifier"]["externalIdentifier"].is_string());
            let id = uuid::Uuid::new_v4().to_string();
            fake.accounts.lock().unwrap().push((iban, id, name));
        }
        (StatusCode::ACCEPTED, axum::Json(json!({"halLinks": []}))).into_response()
    }
    async fn list(
        State(fake): State<Arc<Fake>>,
        Path(real): Path<String>,
        headers: HeaderMap,
    ) -> Response {
        if !authorised(&headers) || real != REAL_ACCOUNT {
            return StatusCode::FORBIDDEN.into_response();
        }
        let accounts: Vec<Value> = fake
            .accounts
            .lock()
            .unwrap()
            .iter()
            .map(|(iban, id, name)| {
                json!({"id": id, "name": name, "type": "CACC", "status": "Enabled",
                       "iban": iban, "currency": ["GBP"]})
            })
            .collect();
        axum::Json(json!({"accounts": accounts, "halLinks": []})).into_response()
    }
    async fn patch(
        State(fake): State<Arc<Fake>>,
        Path((real, id)): Path<(String, String)>,
        headers: HeaderMap,
        body: axum::body::Bytes,
    ) -> Response {
        if fake.down.load(Ordering::SeqCst) {
            return StatusCode::SERVICE_UNAVAILABLE.into_response();
        }
        if !authorised(&headers) || real != REAL_ACCOUNT || !signed(&headers, &body) {
            return StatusCode::FORBIDDEN.into_response();
        }
        if !fake
            .accounts
            .lock()
            .unwrap()
            .iter()
            .any(|(_, known, _)| *known == id)
        {
            return StatusCode::NOT_FOUND.into_response();
        }
        let sent: Value = serde_json::from_slice(&body).unwrap();
        fake.patched.lock().unwrap().push((id, sent));
        StatusCode::NO_CONTENT.into_response()
    }
    let fake = Arc::new(Fake::default());
    let router = axum::Router::new()
        .route(
            "/v2/Accounts/{real}/Virtual",
            axum::routing::post(create).get(list),
        )
        .route(
            "/v1/accounts/{real}/virtual/{id}",
            axum::routing::patch(patch),
        )
        .with_state(fake.clone());
    (serve(router).await, fake)
}

async fn run_job(bank: &TestBank, clearbank: &ClearBank, ahead_ms: i64) -> usize {
    bank::services::payments::cop_registration::register_due(
        &bank.db,
        clearbank,
        REAL_ACCOUNT,
        std::time::Duration::from_millis(100),
        bank.db.now_ms() + ahead_ms,
        100,
    )
    .await
    .unwrap()
}

async fn keeps_owner_names_registered(backend: Backend) {
    let (address, fake) = fake_clearbank().await;
    let settings = ClearBankSettings {
        base_url: format!("http://{address}"),
        token: TOKEN.to_string().into(),
        private_key: BANK_KEY.to_string().into(),
        webhook_key: CLEARBANK_PUBLIC.into(),
        retry_base: std::time::Duration::from_millis(100),
        timeout: std::time::Duration::from_millis(500),
        real_account_id: Some(REAL_ACCOUNT.into()),
    };
    let bank = TestBank::start(backend).await;
    let clearbank = ClearBank::new(&settings).unwrap();
    let p = payer(&bank, "olivia@example.com").await;

    // ClearBank down: nothing registered, tried again later.
    fake.down.store(true, Ordering::SeqCst);
    assert_eq!(run_job(&bank, &clearbank, 0).await, 0);
    assert_eq!(
        run_job(&bank, &clearbank, 0).await,
        0,
        "it waits its backoff"
    );
    let failed: Option<i64> =
        sqlx::query_scalar("SELECT last_failure_at FROM provider_health WHERE party = $1")
            .bind(bank::providers::party::CLEARBANK_ACCOUNT_NAMES)
            .fetch_one(&bank.db.pool)
            .await
            .unwrap();
    assert!(failed.is_some(), "operators see it");

    // Back: the sterling account (not the euro one) is created with its IBAN, then given its
    // owner's name and type.
    fake.down.store(false, Ordering::SeqCst);
    assert_eq!(run_job(&bank, &clearbank, 60_000).await, 1);
    let accounts = fake.accounts.lock().unwrap().clone();
    assert_eq!(accounts.len(), 1);
    assert_eq!(accounts[0].0, p.gbp.iban);
    let patched = fake.patched.lock().unwrap().clone();
    assert_eq!(patched.len(), 1);
    assert_eq!(patched[0].0, accounts[0].1);
    assert_eq!(
        patched[0].1,
        json!({"ownerName": "Bennett & Hale Trading Ltd", "legalOwnerType": "Business",
               "relationshipType": "Single"})
    );

    // In step: nothing more is sent.
    assert_eq!(run_job(&bank, &clearbank, 120_000).await, 0);
    assert_eq!(fake.patched.lock().unwrap().len(), 1);

    // The holder's name changes: registered again on the same virtual account.
    sqlx::query("UPDATE profiles SET name = 'Bennett Hale Ltd' WHERE id = $1")
        .bind(&p.customer.profile_id)
        .execute(&bank.db.pool)
        .await
        .unwrap();
    assert_eq!(run_job(&bank, &clearbank, 180_000).await, 1);
    let patched = fake.patched.lock().unwrap().clone();
    assert_eq!(patched.len(), 2);
    assert_eq!(patched[1].0, accounts[0].1);
    assert_eq!(patched[1].1["ownerName"], "Bennett Hale Ltd");
    assert_eq!(fake.accounts.lock().unwrap().len(), 1, "created once");
}

#[tokio::test]
async fn keeps_owner_names_registered_on_sqlite() {
    keeps_owner_names_registered(Backend::Sqlite).await;
}

#[tokio::test]
async fn keeps_owner_names_registered_on_postgres() {
    keeps_owner_names_registered(Backend::Postgres).await;
}
