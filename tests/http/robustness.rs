//! Nothing on the request path panics or overflows: a panicking handler answers 500 in the
//! API's format, huge numbers are field errors, and no cache keeps a customer's answers.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::routing::get;
use axum::Router;
use bank::domain::accounts::money::Currency;
use http_body_util::BodyExt;
use serde_json::json;
use tower::ServiceExt;

use crate::helpers::{customer, open_account, page_with_cookie, post, DESKTOP};
use crate::on_both_backends;

#[tokio::test]
async fn a_panicking_handler_answers_500_in_the_api_format() {
    let router = Router::new()
        .route(
            "/v2/boom",
            get(|| async {
                let values: Vec<i64> = Vec::new();
                values[3].to_string()
            }),
        )
        .layer(bank::api::error::catch_api_panics());
    let response = router
        .oneshot(Request::get("/v2/boom").body(Body::empty()).unwrap())
        .await
        .expect("the panic became an answer");
    assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
    let body = response.into_body().collect().await.unwrap().to_bytes();
    let body: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(body["code"], "internal");
    assert_eq!(body["message"], "Something went wrong");
}

on_both_backends!(paging_and_numbers_are_bounded, |bank| {
    let olivia = customer(bank, "olivia@example.com", "Bennett Ltd").await;
    let gbp = open_account(bank, &olivia.profile_id, Currency::Gbp, true).await;
    let auth = [("authorization", olivia.bearer())];
    let auth: Vec<(&str, &str)> = auth.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let fetch = |body: serde_json::Value| post(bank, "/v2/transactions/fetch", body, &auth);

    for page in [json!(i64::MAX), json!(1_000_001), json!(0), json!(-5)] {
        let reply = fetch(json!({ "bankAccountId": gbp.id, "page": page })).await;
        assert_eq!(reply.status, 422, "page {page}");
        assert_eq!(reply.field_error("page"), "Page is out of range");
    }
    for limit in [json!(i64::MAX), json!(0), json!(101)] {
        let reply = fetch(json!({ "bankAccountId": gbp.id, "limit": limit })).await;
        assert_eq!(reply.status, 422, "limit {limit}");
        assert_eq!(reply.field_error("limit"), "Limit is 1 to 100");
    }
    // Past what an i64 holds, or not a number at all: refused as a body that does not fit.
    for page in [json!(1e30), json!("2"), json!(1.5)] {
        let reply = fetch(json!({ "bankAccountId": gbp.id, "page": page })).await;
        assert_eq!(reply.status, 422, "page {page}");
        assert_eq!(reply.error().code, "invalid_body");
    }
    let last = fetch(json!({ "bankAccountId": gbp.id, "page": 1_000_000, "limit": 100 })).await;
    assert_eq!(last.status, 200);
    assert_eq!(last.json()["results"], json!([]));
});

on_both_backends!(no_cache_keeps_a_customers_answers, |bank| {
    let olivia = customer(bank, "olivia@example.com", "Bennett Ltd").await;
    open_account(bank, &olivia.profile_id, Currency::Gbp, true).await;
    let accounts = post(
        bank,
        "/v2/bank-accounts/fetch",
        json!({}),
        &[("authorization", &olivia.bearer())],
    )
    .await;
    assert_eq!(accounts.status, 200);
    assert_eq!(accounts.header("cache-control"), "no-store");
    let refused = post(bank, "/v2/bank-accounts/fetch", json!({}), &[]).await;
    assert_eq!(refused.status, 401);
    assert_eq!(refused.header("cache-control"), "no-store");

    let signed_in = page_with_cookie(
        bank,
        "/dashboard",
        DESKTOP,
        &format!("__Host-access={}", olivia.token),
    )
    .await;
    assert_eq!(signed_in.status, 200);
    assert_eq!(signed_in.header("cache-control"), "no-store");
    let anonymous = bank.get("/login", DESKTOP).await;
    assert_eq!(anonymous.header("cache-control"), "private, no-cache");
    let countries = bank.get("/v1/utils/countries", DESKTOP).await;
    assert!(
        countries.header("cache-control").starts_with("public"),
        "reference data may still be cached"
    );
});

on_both_backends!(
    account_creation_checks_the_token_before_any_hashing,
    |bank| {
        let bogus = [("cookie", "__Host-registration=not-a-real-token")];
        for attempt in 1..=20 {
            let reply = post(
                bank,
                "/v2/users",
                json!({ "password": "Harbour2026", "onboardingFlow": "business" }),
                &bogus,
            )
            .await;
            assert_eq!(reply.status, 403, "attempt {attempt}");
            assert_eq!(reply.error().code, "registration_expired");
        }
        let reply = post(
            bank,
            "/v2/users",
            json!({ "password": "Harbour2026", "onboardingFlow": "business" }),
            &bogus,
        )
        .await;
        assert_eq!(reply.status, 429, "account creation is rate limited");
    }
);

on_both_backends!(
    long_searches_large_bodies_and_odd_headers_are_refused_cleanly,
    |bank| {
        let olivia = customer(bank, "olivia@example.com", "Bennett Ltd").await;
        let gbp = open_account(bank, &olivia.profile_id, Currency::Gbp, true).await;
        let bearer = olivia.bearer();
        let auth = [("authorization", bearer.as_str())];
        let long = "x".repeat(101);
        let reply = post(
            bank,
            "/v2/transactions/fetch",
            json!({ "bankAccountId": gbp.id, "searchKeyword": long }),
            &auth,
        )
        .await;
        assert_eq!(reply.status, 422);
        assert_eq!(
            reply.field_error("searchKeyword"),
            "Search for up to 100 characters"
        );
        let huge = "y".repeat(3 * 1024 * 1024);
        let reply = post(
            bank,
            "/v2/transactions/fetch",
            json!({ "bankAccountId": gbp.id, "searchKeyword": huge }),
            &auth,
        )
        .await;
        assert_eq!(reply.status, 413);
        assert_eq!(reply.error().code, "body_too_large");
    }
);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn origins_must_match_the_scheme_and_request_ids_are_checked() {
    use crate::helpers::{Backend, TestBank};
    let bank = TestBank::start(Backend::Sqlite).await;
    let forgot = |origin: &'static str| {
        Request::post("/v1/auth/forgot-password")
            .header("content-type", "application/json")
            .header("host", "bank.test")
            .header("origin", origin)
            .header("cookie", "a=b")
            .body(Body::from(r#"{"email":"nobody@example.com"}"#))
            .unwrap()
    };
    assert_eq!(bank.send(forgot("https://bank.test")).await.status, 200);
    assert_eq!(
        bank.send(forgot("http://bank.test")).await.status,
        403,
        "a plain-HTTP page on the same host is another origin"
    );

    let page = |id: &str| {
        Request::get("/login")
            .header("x-request-id", id)
            .body(Body::empty())
            .unwrap()
    };
    let kept = bank.send(page("abc-123_x.y")).await;
    assert_eq!(kept.header("x-request-id"), "abc-123_x.y");
    let replaced = bank.send(page("<script>alert(1)</script>")).await;
    assert_ne!(replaced.header("x-request-id"), "<script>alert(1)</script>");
    assert_eq!(replaced.header("x-request-id").len(), 36, "a fresh UUID");
    assert!(
        kept.header("strict-transport-security").contains("max-age"),
        "HSTS over HTTPS"
    );
    bank.finish().await;

    let plain = TestBank::start_with(Backend::Sqlite, |config| {
        config.base_url = "http://localhost:8080".into();
    })
    .await;
    let reply = plain.get("/login", crate::helpers::DESKTOP).await;
    assert_eq!(
        reply.header("strict-transport-security"),
        "",
        "no HSTS over HTTP"
    );
    plain.finish().await;
}

on_both_backends!(sandbox_money_in_bounds_amounts_and_references, |bank| {
    use bank::providers::sandbox_payments::{credit, MoneyInError};
    let olivia = customer(bank, "olivia@example.com", "Bennett Ltd").await;
    let gbp = open_account(bank, &olivia.profile_id, Currency::Gbp, true).await;
    assert!(matches!(
        credit(&bank.db, &gbp.iban, "1000000000.01", "Acme", "").await,
        Err(MoneyInError::TooLarge)
    ));
    assert!(matches!(
        credit(&bank.db, &gbp.iban, "99999999999999999999", "Acme", "").await,
        Err(MoneyInError::Amount)
    ));
    assert!(matches!(
        credit(&bank.db, &gbp.iban, "1.00", "Acme", &"r".repeat(141)).await,
        Err(MoneyInError::Reference)
    ));
    credit(&bank.db, &gbp.iban, "1000000000.00", "Acme", "the largest")
        .await
        .unwrap();
});

on_both_backends!(a_common_password_cannot_be_chosen, |bank| {
    for path in ["/v1/auth/reset-password?token=whatever", "/v2/users"] {
        let reply = post(
            bank,
            path,
            json!({ "password": "Password1", "onboardingFlow": "business" }),
            &[],
        )
        .await;
        assert_eq!(reply.status, 422, "{path}");
        assert_eq!(
            reply.field_error("password"),
            "This password is too common. Please choose another one.",
            "{path}"
        );
    }
});
