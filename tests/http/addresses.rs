//! Issue 33 point 5: the UK address look-up through Ideal Postcodes' postcode API, against a
//! local fake that answers as the API's published fixtures do (ideal-postcodes/api-fixtures):
//! the key in the Authorization header, a found postcode, one that does not exist (4040), a
//! wrong key (4010), a spent balance (4020), the rate limit (503) and a time-out. SPEC §5's
//! 5-10 characters are unchanged.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use bank::config::IdealPostcodesSettings;
use bank::providers::addresses::{AddressLookup, IdealPostcodes};
use serde_json::json;

use crate::helpers::*;

const KEY: &str = "ak_test";

/// What the fake was asked: (path, Authorization header).
type Asked = Arc<Mutex<Vec<(String, String)>>>;

async fn fake_ideal_postcodes() -> (SocketAddr, Asked) {
    async fn postcode(
        State(asked): State<Asked>,
        Path(postcode): Path<String>,
        headers: HeaderMap,
    ) -> Response {
        let auth = headers
            .get("authorization")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string();
        asked
            .lock()
            .unwrap()
            .push((format!("/v1/postcodes/{postcode}"), auth.clone()));
        let refuse = |status: StatusCode, code: i64, message: &str| {
            (
                status,
                axum::Json(json!({"code": code, "message": message})),
            )
                .into_response()
        };
        match auth.as_str() {
            "api_key=\"ak_test\"" => {}
            "api_key=\"ak_spent\"" => {
                return refuse(
                    StatusCode::PAYMENT_REQUIRED,
                    4020,
                    "Key balance depleted. For more information see \
                     http://ideal-postcodes.co.uk/documentation/response-codes#4020",
                )
            }
            _ => {
                return refuse(
                    StatusCode::UNAUTHORIZED,
                    4010,
                    "Invalid Key. For more information see \
                     http://ideal-postcodes.co.uk/documentation/response-codes#4010",
                )
            }
        }
        match postcode.as_str() {
            "SW1A2AA" => axum::Json(json!({
                "result": [{
                    "postcode": "SW1A 2AA", "postcode_inward": "2AA", "postcode_outward": "SW1A",
                    "post_town": "LONDON", "dependant_locality": "", "double_dependant_locality": "",
                    "thoroughfare": "Downing Street", "dependant_thoroughfare": "",
                    "building_number": "10", "building_name": "", "sub_building_name": "",
                    "po_box": "", "department_name": "",
                    "organisation_name": "Prime Minister & First Lord Of The Treasury",
                    "udprn": 23747771, "umprn": "", "postcode_type": "L",
                    "line_1": "Prime Minister & First Lord Of The Treasury",
                    "line_2": "10 Downing Street", "line_3": "", "premise": "10",
                    "longitude": -0.12767, "latitude": 51.503541, "country": "England",
                    "county": "London", "district": "Westminster", "uprn": "100023336956"
                }],
                "code": 2000, "message": "Success", "limit": 100, "page": 0, "total": 1
            }))
            .into_response(),
            // The API's rate limit answers 503 without a JSON body.
            "B11BB" => (StatusCode::SERVICE_UNAVAILABLE, "Slow down").into_response(),
            "LS14DY" => {
                tokio::time::sleep(std::time::Duration::from_secs(10)).await;
                StatusCode::OK.into_response()
            }
            _ => (
                StatusCode::NOT_FOUND,
                axum::Json(json!({"code": 4040, "message": "Postcode not found",
                                  "suggestions": []})),
            )
                .into_response(),
        }
    }
    let asked = Asked::default();
    let router = axum::Router::new()
        .route("/v1/postcodes/{postcode}", axum::routing::get(postcode))
        .with_state(asked.clone());
    (serve(router).await, asked)
}

fn adapter(address: SocketAddr, key: &str) -> IdealPostcodes {
    IdealPostcodes::new(IdealPostcodesSettings {
        base_url: format!("http://{address}"),
        api_key: key.to_string().into(),
    })
}

#[tokio::test]
async fn the_ideal_postcodes_adapter_reads_the_postcode_api() {
    let (address, asked) = fake_ideal_postcodes().await;
    let lookup = adapter(address, KEY);
    let found = lookup.find("sw1a 2aa").await.unwrap();
    assert_eq!(
        asked.lock().unwrap()[0],
        ("/v1/postcodes/SW1A2AA".into(), "api_key=\"ak_test\"".into()),
        "the postcode squashed, the key in the header and never in the URL"
    );
    assert_eq!(found.len(), 1);
    let downing = &found[0];
    assert_eq!(downing.building_number, "10");
    assert_eq!(downing.address_line1, "Downing Street");
    assert_eq!(downing.city, "London");
    assert_eq!(downing.postal_code, "SW1A 2AA");
    assert_eq!(
        downing.address,
        "Prime Minister & First Lord Of The Treasury, 10 Downing Street, London SW1A 2AA"
    );

    assert_eq!(
        lookup.find("ZZ9 9ZZ").await.unwrap(),
        vec![],
        "a postcode that does not exist finds nothing (4040)"
    );
    for (lookup, postcode, why) in [
        (
            adapter(address, "ak_wrong"),
            "SW1A 2AA",
            "a wrong key (4010)",
        ),
        (
            adapter(address, "ak_spent"),
            "SW1A 2AA",
            "a spent balance (4020)",
        ),
        (adapter(address, KEY), "B1 1BB", "the rate limit (503)"),
        (adapter(address, KEY), "LS1 4DY", "a time-out"),
    ] {
        assert!(lookup.find(postcode).await.is_err(), "{why}");
    }
}

async fn search(bank: &TestBank, auth: &str, postcode: &str) -> Reply {
    post(
        bank,
        "/v2/countries/addresses/search",
        json!({"postalCode": postcode}),
        &[("authorization", auth)],
    )
    .await
}

/// A live bank (no sandbox) whose address search is Ideal Postcodes, here its fake.
async fn live_bank_with_lookup(backend: Backend, key: &str) -> TestBank {
    let (address, _) = fake_ideal_postcodes().await;
    let key = key.to_string();
    TestBank::start_with(backend, move |config| {
        config.sandbox = false;
        config.ideal_postcodes = Some(IdealPostcodesSettings {
            base_url: format!("http://{address}"),
            api_key: key.into(),
        });
    })
    .await
}

async fn the_wizard_finds_addresses_through_the_service(backend: Backend) {
    let bank = live_bank_with_lookup(backend, KEY).await;
    let person = customer(&bank, "grace@example.com", "Grace Hopper").await;
    let auth = person.bearer();
    let short = search(&bank, &auth, "SW1A").await;
    assert_eq!(
        short.field_error("postalCode"),
        "Enter 5 to 10 characters of the postcode"
    );
    let found = search(&bank, &auth, "SW1A 2AA").await;
    assert_eq!(found.status, 200, "{}", found.body);
    let results = found.json()["results"].clone();
    assert_eq!(results[0]["buildingNumber"], "10");
    assert_eq!(results[0]["addressLine1"], "Downing Street");
    assert_eq!(results[0]["postalCode"], "SW1A 2AA");
    let none = search(&bank, &auth, "ZZ9 9ZZ").await;
    assert_eq!(none.json()["results"], json!([]));
    let down = search(&bank, &auth, "B1 1BB").await;
    assert_eq!(down.status, 503);
    assert_eq!(
        down.error().message,
        "Address search is not available. Please enter your address."
    );
    bank.finish().await;

    // A key the service refuses: the same answer, the person types the address.
    let refused = live_bank_with_lookup(backend, "ak_wrong").await;
    let person = customer(&refused, "grace@example.com", "Grace Hopper").await;
    let reply = search(&refused, &person.bearer(), "SW1A 2AA").await;
    assert_eq!(reply.status, 503);
    assert_eq!(reply.error().code, "address_search_unavailable");
    refused.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_wizard_finds_addresses_through_the_service_on_sqlite() {
    the_wizard_finds_addresses_through_the_service(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_wizard_finds_addresses_through_the_service_on_postgres() {
    the_wizard_finds_addresses_through_the_service(Backend::Postgres).await;
}
