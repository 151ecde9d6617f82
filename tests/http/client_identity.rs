//! Client identity on a real socket (DESIGN.md §9, zero-to-production's `spawn_app`): the peer
//! address reaches the limits and the audit log; forwarding headers count only from trusted
//! proxies. The whole 127.0.0.0/8 is loopback, so each client below is a different address.

use std::net::{IpAddr, SocketAddr};

use crate::helpers::{login_body, Backend, TestBank, ORIGIN};

fn client_from(source: &str) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(source.parse::<IpAddr>().unwrap())
        .build()
        .unwrap()
}

/// A log-in with empty fields: counted by the per-address limit, then refused as 422, so it
/// costs no password hash.
async fn empty_login(client: &reqwest::Client, bank: SocketAddr, forwarded: Option<&str>) -> u16 {
    let mut request = client
        .post(format!("http://{bank}/v2/auth/login"))
        .header("origin", ORIGIN)
        .json(&login_body("", ""));
    if let Some(value) = forwarded {
        request = request
            .header("x-forwarded-for", value)
            .header("forwarded", format!("for={value}"));
    }
    request.send().await.unwrap().status().as_u16()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_clients_have_their_own_limits_and_a_spoofed_header_changes_nothing() {
    let bank = TestBank::start(Backend::Sqlite).await;
    let address = bank.serve().await;
    let greedy = client_from("127.0.0.2");
    for attempt in 1..=30 {
        assert_eq!(
            empty_login(&greedy, address, None).await,
            422,
            "attempt {attempt}"
        );
    }
    assert_eq!(empty_login(&greedy, address, None).await, 429);
    assert_eq!(
        empty_login(&greedy, address, Some("198.51.100.1")).await,
        429,
        "a forwarding header from an untrusted peer does not give a fresh address"
    );

    let other = client_from("127.0.0.3");
    assert_eq!(
        empty_login(&other, address, None).await,
        422,
        "another customer is not locked out"
    );
    assert_eq!(
        empty_login(&other, address, Some("127.0.0.2")).await,
        422,
        "nor can anyone spend someone else's limit by naming them"
    );
    bank.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_trusted_proxy_the_forwarded_client_counts() {
    let bank = TestBank::start_with(Backend::Sqlite, |config| {
        config.trusted_proxies = vec!["127.0.0.10/32".parse().unwrap()];
    })
    .await;
    let address = bank.serve().await;
    let proxy = client_from("127.0.0.10");
    for _ in 0..30 {
        assert_eq!(empty_login(&proxy, address, Some("203.0.113.5")).await, 422);
    }
    assert_eq!(empty_login(&proxy, address, Some("203.0.113.5")).await, 429);
    assert_eq!(
        empty_login(&proxy, address, Some("203.0.113.6")).await,
        422,
        "the proxy's other clients keep their own limits"
    );
    bank.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_audit_log_records_the_clients_address() {
    let bank = TestBank::start(Backend::Sqlite).await;
    let address = bank.serve().await;
    let status = client_from("127.0.0.7")
        .post(format!("http://{address}/v2/auth/login"))
        .header("origin", ORIGIN)
        .header("x-forwarded-for", "192.0.2.99")
        .json(&login_body("nobody@example.com", "Wrong12345"))
        .send()
        .await
        .unwrap()
        .status();
    assert_eq!(status, 401);
    let (ip,): (String,) =
        sqlx::query_as("SELECT ip FROM audit_log WHERE event = 'auth.login_failed'")
            .fetch_one(&bank.db.pool)
            .await
            .unwrap();
    assert_eq!(ip, "127.0.0.7");
    bank.finish().await;
}
