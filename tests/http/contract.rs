//! The typed contract: the OpenAPI document generated from the handlers is the one the app's
//! types are generated from (app/src/api/openapi.json), and the bank serves it.

use crate::helpers::{Backend, TestBank, DESKTOP};

const COMMITTED: &str = include_str!("../../app/src/api/openapi.json");

#[test]
fn the_apps_copy_of_the_document_is_current() {
    let generated: serde_json::Value =
        serde_json::from_str(&bank::api::openapi().to_pretty_json().unwrap()).unwrap();
    let committed: serde_json::Value = serde_json::from_str(COMMITTED).unwrap();
    assert!(
        generated == committed,
        "the API changed: run `make api-types` and commit app/src/api/openapi.json and the \
         generated app types"
    );
}

#[test]
fn every_operation_is_typed_and_every_status_enum_is_closed() {
    let doc: serde_json::Value =
        serde_json::from_str(&bank::api::openapi().to_pretty_json().unwrap()).unwrap();
    assert_eq!(doc["openapi"], "3.1.0");
    let paths = doc["paths"].as_object().unwrap();
    assert!(paths.len() >= 25, "{} paths", paths.len());
    for (path, item) in paths {
        for (method, operation) in item.as_object().unwrap() {
            let responses = operation["responses"].as_object().unwrap();
            assert!(
                responses.contains_key("default"),
                "{method} {path} documents its refusals"
            );
            let success = responses
                .iter()
                .find(|(status, _)| status.starts_with('2'))
                .unwrap_or_else(|| panic!("{method} {path} has no success answer"));
            assert!(
                success.1.get("content").is_some(),
                "{method} {path} has a typed body"
            );
        }
    }
    let schemas = &doc["components"]["schemas"];
    for (name, values) in [
        ("KycStatus", 16),
        ("Role", 8),
        ("OnboardingFlow", 4),
        ("MfaMethod", 2),
        ("MfaStatus", 6),
        ("TransactionType", 21),
    ] {
        assert_eq!(
            schemas[name]["enum"].as_array().map(Vec::len),
            Some(values),
            "{name}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bank_serves_its_document() {
    let bank = TestBank::start(Backend::Sqlite).await;
    let reply = bank.get("/v1/openapi.json", DESKTOP).await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.json()["info"]["title"], "Harbour bank API");
    assert!(reply.json()["paths"]["/v2/transactions/fetch"]["post"].is_object());
    bank.finish().await;
}
