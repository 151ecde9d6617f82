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
    // Away, not broken: 503 with when to try again (tests/http/outage.rs for PostgreSQL).
    let page = bank.get("/login", DESKTOP).await;
    assert_eq!(page.status, 503);
    assert_eq!(page.headers["retry-after"], "5");
    assert!(page.body.contains("We will be right back"));
    assert!(
        !page.body.contains("PoolClosed")
            && !page.body.contains("Error:")
            && !page.body.contains("    at "),
        "no internals leak: {}",
        page.body
    );
    let api = bank.get("/v1/features", DESKTOP).await;
    assert_eq!(api.status, 503);
    assert_eq!(api.json()["code"], "unavailable");
    assert!(!api.body.contains("PoolClosed"));
}
