use serde_json::json;

use crate::helpers::*;
use crate::on_both_backends;

on_both_backends!(
    features_are_configured_flags_with_stored_overrides,
    |bank| {
        let reply = bank.get("/v1/features", DESKTOP).await;
        assert_eq!(reply.status, 200);
        let flags = reply.json();
        let state = |flags: &serde_json::Value, name: &str| {
            flags
                .as_array()
                .unwrap()
                .iter()
                .find(|f| f["name"] == name)
                .map(|f| f["state"].clone())
                .unwrap()
        };
        assert_eq!(state(&flags, "referrals"), "on");
        assert_eq!(state(&flags, "chatWidget"), "off");
        assert_eq!(flags.as_array().unwrap().len(), 14);

        bank::store::features::set_override(&bank.db, "chatWidget", true)
            .await
            .unwrap();
        bank::store::features::set_override(&bank.db, "referrals", false)
            .await
            .unwrap();
        let flags = bank.get("/v1/features", DESKTOP).await.json();
        assert_eq!(state(&flags, "chatWidget"), "on");
        assert_eq!(state(&flags, "referrals"), "off");

        assert!(bank::store::features::clear_override(&bank.db, "referrals")
            .await
            .unwrap());
        let flags = bank.get("/v1/features", DESKTOP).await.json();
        assert_eq!(state(&flags, "referrals"), "on");
    }
);

on_both_backends!(
    settings_are_read_by_all_and_written_only_by_operators,
    |bank| {
        let empty = bank.get("/v1/utils/settings", DESKTOP).await;
        assert_eq!(empty.status, 200);
        assert_eq!(
            empty.json(),
            json!([{"name": "events", "value": []}, {"name": "surveys", "value": []}])
        );

        let refused = bank
            .post_json(
                "/v1/utils/settings",
                json!({"name": "events", "value": ["x"]}),
                None,
            )
            .await;
        assert_eq!(refused.status, 403);
        assert_eq!(refused.error().code, "forbidden");
        let wrong = bank
            .post_json(
                "/v1/utils/settings",
                json!({"name": "events", "value": ["x"]}),
                Some("nope"),
            )
            .await;
        assert_eq!(wrong.status, 403);

        let unknown = bank
            .post_json(
                "/v1/utils/settings",
                json!({"name": "theme", "value": []}),
                Some("test-ops-token"),
            )
            .await;
        assert_eq!(unknown.status, 422);
        assert_eq!(unknown.field_error("name"), "Unknown setting");
        let bad = bank
            .post_json(
                "/v1/utils/settings",
                json!({"name": "events", "value": "x"}),
                Some("test-ops-token"),
            )
            .await;
        assert_eq!(bad.status, 422);
        let malformed = bank
            .send(
                axum::http::Request::post("/v1/utils/settings")
                    .header("content-type", "application/json")
                    .header("authorization", "Bearer test-ops-token")
                    .body(axum::body::Body::from("{not json"))
                    .unwrap(),
            )
            .await;
        assert_eq!(malformed.status, 400);
        assert_eq!(malformed.error().code, "bad_request");
        // Nothing was stored by the refused and invalid writes.
        assert_eq!(
            bank.get("/v1/utils/settings", DESKTOP).await.json(),
            empty.json()
        );

        let ok = bank
            .post_json(
                "/v1/utils/settings",
                json!({"name": "events", "value": ["cardShippingAddress"]}),
                Some("test-ops-token"),
            )
            .await;
        assert_eq!(ok.status, 200);
        let again = bank
            .post_json(
                "/v1/utils/settings",
                json!({"name": "events", "value": ["openBankingSurvey"]}),
                Some("test-ops-token"),
            )
            .await;
        assert_eq!(again.status, 200);
        let all = bank.get("/v1/utils/settings", DESKTOP).await.json();
        assert_eq!(
            all[0],
            json!({"name": "events", "value": ["openBankingSurvey"]})
        );
    }
);

on_both_backends!(readiness_follows_the_database, |bank| {
    assert_eq!(bank.get("/healthz", DESKTOP).await.status, 200);
    assert_eq!(bank.get("/readyz", DESKTOP).await.status, 200);
});

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn countries_are_the_uk_and_23_eu_eea_countries() {
    let bank = TestBank::start(Backend::Sqlite).await;
    let reply = bank.get("/v1/utils/countries", DESKTOP).await;
    assert_eq!(reply.status, 200);
    assert!(reply.header("cache-control").contains("max-age"));
    let list = reply.json();
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), 24);
    assert_eq!(list[0]["code"], "GB");
    assert_eq!(list[0]["default"], true);
    for country in list {
        for field in [
            "code",
            "name",
            "icon",
            "telephone",
            "isSupported",
            "default",
            "companyTypes",
        ] {
            assert!(
                !country[field].is_null(),
                "{} lacks {field}",
                country["code"]
            );
        }
        assert!(
            country["companyTypes"][0]["value"].is_string()
                && country["companyTypes"][0]["label"].is_string()
        );
    }
    bank.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_api_paths_answer_in_the_error_format() {
    let bank = TestBank::start(Backend::Sqlite).await;
    let reply = bank.get("/v2/nothing-here", DESKTOP).await;
    assert_eq!(reply.status, 404);
    assert_eq!(reply.error().code, "not_found");
    assert!(reply.json()["title"].is_string() && reply.json()["message"].is_string());
    bank.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readiness_fails_and_pages_show_the_error_page_when_the_database_is_gone() {
    let bank = TestBank::start(Backend::Sqlite).await;
    bank.db.pool.close().await;
    assert_eq!(bank.get("/readyz", DESKTOP).await.status, 503);
    assert_eq!(bank.get("/healthz", DESKTOP).await.status, 200);
    let page = bank.get("/login", DESKTOP).await;
    assert_eq!(page.status, 500);
    assert!(page.body.contains("Something went wrong"));
    assert!(
        !page.body.contains("PoolClosed")
            && !page.body.contains("Error:")
            && !page.body.contains("    at "),
        "no internals leak: {}",
        page.body
    );
    let api = bank.get("/v1/features", DESKTOP).await;
    assert_eq!(api.status, 500);
    assert_eq!(api.json()["message"], "Something went wrong");
}
