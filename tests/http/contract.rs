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

/// utoipa names a schema after its Rust type and keeps one per name: two types of one name in
/// different modules would silently share a schema, and one call would be typed as the other's.
#[test]
fn no_two_contract_types_share_a_name() {
    fn walk(dir: &std::path::Path, names: &mut Vec<(String, String)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, names);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                let mut derives_schema = false;
                for line in text.lines().map(str::trim) {
                    if line.starts_with("#[derive(") {
                        derives_schema = line.contains("ToSchema");
                    } else if derives_schema
                        && (line.starts_with("pub struct ") || line.starts_with("pub enum "))
                    {
                        let name = line.split_whitespace().nth(2).unwrap_or("");
                        let name = name
                            .trim_end_matches(['{', ';', '('])
                            .split('<')
                            .next()
                            .unwrap_or("");
                        names.push((name.to_string(), path.display().to_string()));
                        derives_schema = false;
                    } else if !line.starts_with("#[") && !line.starts_with("///") {
                        derives_schema = false;
                    }
                }
            }
        }
    }
    let mut names = Vec::new();
    walk(
        std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/server")),
        &mut names,
    );
    assert!(names.len() > 60, "{} schema types found", names.len());
    names.sort();
    let clashes: Vec<_> = names
        .windows(2)
        .filter(|pair| pair[0].0 == pair[1].0)
        .collect();
    assert!(clashes.is_empty(), "schema names used twice: {clashes:?}");
}
