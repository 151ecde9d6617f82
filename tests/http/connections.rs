//! The listener's limits on a real socket: half-sent headers and idle connections are closed,
//! and no more connections are served at once than allowed.

use std::time::Duration;

use bank::config::Limits;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::helpers::{serve_with, Backend, TestBank};

const LIMITS: Limits = Limits {
    header_read: Duration::from_secs(1),
    idle: Duration::from_secs(2),
    max_connections: 2,
    grace: Duration::from_secs(1),
    drain: Duration::ZERO,
};

/// Reads until the server closes the socket (or an error); None if still open after `wait`.
async fn closed_within(stream: &mut TcpStream, wait: Duration) -> Option<Vec<u8>> {
    let mut seen = Vec::new();
    let mut buffer = [0u8; 4096];
    let read = async {
        loop {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => return,
                Ok(n) => seen.extend_from_slice(&buffer[..n]),
            }
        }
    };
    tokio::time::timeout(wait, read).await.ok().map(|()| seen)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_and_idle_sockets_are_closed_and_connections_are_capped() {
    let bank = TestBank::start(Backend::Sqlite).await;
    let address = serve_with(bank.router.clone(), LIMITS).await;

    // Slowloris: half a header, then nothing.
    let mut slow = TcpStream::connect(address).await.unwrap();
    slow.write_all(b"GET /healthz HTTP/1.1\r\nHost: bank.test\r\n")
        .await
        .unwrap();
    assert!(
        closed_within(&mut slow, Duration::from_secs(10))
            .await
            .is_some(),
        "a half-sent header does not keep the socket"
    );

    // A connection that never says anything.
    let mut silent = TcpStream::connect(address).await.unwrap();
    assert!(closed_within(&mut silent, Duration::from_secs(10))
        .await
        .is_some());

    // Two idle connections take both places; a third is served only when one goes.
    let first = TcpStream::connect(address).await.unwrap();
    let _second = TcpStream::connect(address).await.unwrap();
    let mut third = TcpStream::connect(address).await.unwrap();
    third
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: bank.test\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut early = [0u8; 64];
    assert!(
        tokio::time::timeout(Duration::from_millis(300), third.read(&mut early))
            .await
            .is_err(),
        "no answer while both places are taken"
    );
    drop(first);
    let answer = closed_within(&mut third, Duration::from_secs(10))
        .await
        .expect("served once a place is free");
    assert!(String::from_utf8_lossy(&answer).starts_with("HTTP/1.1 200"));
    bank.finish().await;
}

/// One HTTP/1.1 request on its own connection; answers the status line and body.
async fn get(address: std::net::SocketAddr, path: &str) -> std::io::Result<String> {
    let mut stream = TcpStream::connect(address).await?;
    stream
        .write_all(
            format!("GET {path} HTTP/1.1\r\nHost: bank.test\r\nConnection: close\r\n\r\n")
                .as_bytes(),
        )
        .await?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await?;
    Ok(answer)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_turns_unready_then_finishes_the_request_in_flight_and_stops_the_jobs() {
    let bank = TestBank::start(Backend::Sqlite).await;
    let db = bank::store::Db::connect(&bank.url).await.unwrap();
    let (app, lifecycle) = bank::http::build(crate::helpers::sandbox_config(), db).unwrap();
    // A request that takes a while, as a long render or statement would.
    let app = app.route(
        "/test/slow",
        axum::routing::get(|| async {
            tokio::time::sleep(Duration::from_millis(800)).await;
            "done"
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let limits = Limits {
        grace: Duration::from_secs(5),
        ..LIMITS
    };
    let server = tokio::spawn(bank::http::serve::serve(listener, app, limits, async {
        let _ = stopped.await;
    }));

    assert!(get(address, "/readyz")
        .await
        .unwrap()
        .starts_with("HTTP/1.1 200"));
    let in_flight = tokio::spawn(get(address, "/test/slow"));
    tokio::time::sleep(Duration::from_millis(200)).await;
    // SIGTERM: unready first, while still serving.
    lifecycle.begin_drain();
    let unready = get(address, "/readyz").await.unwrap();
    assert!(unready.starts_with("HTTP/1.1 503"), "{unready}");
    assert!(unready.ends_with("shutting down"));
    // Then the listener stops; the request in flight still gets its whole answer.
    stop.send(()).unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert!(
        get(address, "/healthz").await.is_err(),
        "no new connection once the listener stopped"
    );
    let answer = in_flight.await.unwrap().unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.ends_with("done"));
    tokio::time::timeout(Duration::from_secs(5), server)
        .await
        .unwrap()
        .unwrap();
    // The jobs stop between steps, promptly.
    tokio::time::timeout(
        Duration::from_secs(3),
        lifecycle.stop_jobs(Duration::from_secs(2)),
    )
    .await
    .unwrap();
}
