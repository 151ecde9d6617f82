//! One limit across a fleet: two bank processes on one PostgreSQL database (or one Redis)
//! count the same window, so a client cannot multiply its tries by the number of processes.

use axum::body::Body;
use axum::http::{header, Request};
use axum::Router;
use http_body_util::BodyExt;
use tower::ServiceExt;

use crate::helpers::{from_peer, Backend, TestBank, ORIGIN};

/// A fresh address per run, so counts kept in Redis by an earlier run do not meet this one.
fn random_client() -> String {
    let bytes = uuid::Uuid::new_v4().into_bytes();
    format!("10.{}.{}.{}", bytes[0], bytes[1], bytes[2].max(1))
}

async fn empty_login(router: &Router, client: &str) -> u16 {
    let request = Request::post("/v2/auth/login")
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::ORIGIN, ORIGIN)
        .body(Body::from(r#"{"email":"","password":""}"#))
        .unwrap();
    let response = router
        .clone()
        .oneshot(from_peer(request, client))
        .await
        .unwrap();
    let status = response.status().as_u16();
    let _ = response.into_body().collect().await;
    status
}

async fn shared_by(first: &Router, second: &Router) {
    let client = random_client();
    for attempt in 1..=30 {
        let process = if attempt % 2 == 0 { first } else { second };
        assert_eq!(
            empty_login(process, &client).await,
            422,
            "attempt {attempt}"
        );
    }
    assert_eq!(empty_login(first, &client).await, 429);
    assert_eq!(empty_login(second, &client).await, 429);
    assert_eq!(empty_login(second, &random_client()).await, 422);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_one_postgresql_share_the_limit() {
    let bank = TestBank::start(Backend::Postgres).await;
    let other = bank.another_process(|_| {}).await;
    shared_by(&bank.router, &other).await;
    let (rows,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM rate_limits")
        .fetch_one(&bank.db.pool)
        .await
        .unwrap();
    assert!(rows >= 2, "the windows live in the database");
    bank.finish().await;
}

fn redis_url() -> String {
    std::env::var("BANK_TEST_REDIS_URL").unwrap_or_else(|_| "redis://127.0.0.1:6379".into())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_one_redis_share_the_limit() {
    let url = redis_url();
    let bank = TestBank::start_with(Backend::Sqlite, |config| {
        config.redis_url = Some(url.clone().into());
    })
    .await;
    let other = bank
        .another_process(|config| config.redis_url = Some(url.clone().into()))
        .await;
    shared_by(&bank.router, &other).await;
    bank.finish().await;
}
