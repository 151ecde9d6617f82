//! The database away mid-service (issue 34 point 6): a bank process reaches PostgreSQL through a
//! TCP proxy that the test cuts and restores, as a failover would. While it is cut, the API
//! answers 503 with `Retry-After` and SPEC §8's body, pages the "right back" page, never a 500;
//! once it is back the same process answers again, without a restart.

use std::sync::{Arc, Mutex};

use tokio::net::{TcpListener, TcpStream};
use tokio::task::AbortHandle;

use crate::helpers::*;

/// A TCP forwarder to PostgreSQL on a fixed local port, which can be cut (its listener closed and
/// every forwarded connection dropped) and restored on the same port.
struct Proxy {
    port: u16,
    target: String,
    live: Arc<Mutex<Vec<AbortHandle>>>,
}

impl Proxy {
    async fn start(target: String) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let proxy = Self {
            port: listener.local_addr().unwrap().port(),
            target,
            live: Arc::default(),
        };
        proxy.accept(listener);
        proxy
    }

    fn accept(&self, listener: TcpListener) {
        let (target, live) = (self.target.clone(), self.live.clone());
        let accepting = tokio::spawn({
            let live = live.clone();
            async move {
                while let Ok((mut inbound, _)) = listener.accept().await {
                    let target = target.clone();
                    let forwarding = tokio::spawn(async move {
                        if let Ok(mut outbound) = TcpStream::connect(&target).await {
                            let _ =
                                tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                        }
                    });
                    live.lock().unwrap().push(forwarding.abort_handle());
                }
            }
        });
        live.lock().unwrap().push(accepting.abort_handle());
    }

    fn cut(&self) {
        for task in self.live.lock().unwrap().drain(..) {
            task.abort();
        }
    }

    async fn restore(&self) {
        // The port was just released: binding it again may take a moment.
        for _ in 0..50 {
            if let Ok(listener) = TcpListener::bind(("127.0.0.1", self.port)).await {
                self.accept(listener);
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("port {} could not be bound again", self.port);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_database_answers_503_with_retry_after_and_the_bank_comes_back_by_itself() {
    let bank = TestBank::start(Backend::Postgres).await;
    let olivia = customer(&bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
    // host:port and database of the test database, reached through the proxy instead.
    let (before_host, database) = bank.url.rsplit_once('/').unwrap();
    let host = before_host.rsplit_once('@').map_or(before_host, |(_, h)| h);
    let host = host.trim_start_matches("postgres://");
    let proxy = Proxy::start(host.to_string()).await;
    let user = before_host
        .trim_start_matches("postgres://")
        .split_once('@')
        .map_or(String::new(), |(user, _)| format!("{user}@"));
    let proxied = format!("postgres://{user}127.0.0.1:{}/{database}", proxy.port);
    let db = bank::store::Db::connect(&proxied).await.unwrap();
    let mut config = sandbox_config();
    config.isolates = 1;
    config.base_url = "https://bank.test".into();
    let address = serve(bank::http::app(config, db).unwrap()).await;
    let client = reqwest::Client::new();
    let base = format!("http://{address}");
    let accounts = || {
        client
            .post(format!("{base}/v2/bank-accounts/fetch"))
            .header("authorization", olivia.bearer())
            .json(&serde_json::json!({}))
            .send()
    };
    let dashboard = || {
        client
            .get(format!("{base}/dashboard"))
            .header("cookie", format!("__Host-access={}", olivia.token))
            .header("user-agent", "test-desktop")
            .send()
    };
    assert_eq!(accounts().await.unwrap().status().as_u16(), 200);

    proxy.cut();
    let refused = accounts().await.unwrap();
    assert_eq!(refused.status().as_u16(), 503);
    assert_eq!(refused.headers()["retry-after"], "5");
    let body: serde_json::Value = refused.json().await.unwrap();
    assert_eq!(body["code"], "unavailable");
    assert_eq!(
        body["message"],
        "The Internet bank cannot be reached right now. Please try again in a few seconds."
    );
    // A signed-in page: neither a 500 nor a signed-out redirect (the session is not lost).
    let page = dashboard().await.unwrap();
    assert_eq!(page.status().as_u16(), 503);
    assert_eq!(page.headers()["retry-after"], "5");
    assert!(page.text().await.unwrap().contains("We will be right back"));

    proxy.restore().await;
    let again = accounts().await.unwrap();
    assert_eq!(
        again.status().as_u16(),
        200,
        "{}",
        again.text().await.unwrap()
    );
    assert_eq!(dashboard().await.unwrap().status().as_u16(), 200);
    proxy.cut();
    bank.finish().await;
}

/// The moment a standby is promoted (or a primary demoted), a node can answer `SELECT 1` while
/// it still refuses writes (SQLSTATE 25006): the write's 500 is a failover's, and is answered 503
/// with `Retry-After` although the database answers the check.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_that_still_refuses_writes_answers_503_not_500() {
    const PASSWORD: &str = "Harbour-outage-2026";
    let bank = TestBank::start(Backend::Postgres).await;
    let hash = bank::domain::auth::password::hash(PASSWORD);
    create_user(&bank, "anna@example.com", &hash).await;
    let name = bank.url.rsplit_once('/').unwrap().1.to_string();
    let admin = bank::store::Db::connect_admin(&postgres_base()).await;
    // Every new session of the test database read-only, and the bank's open ones ended, so its
    // pool reconnects into read-only sessions, as it would to a node not yet promoted.
    let read_only = |on: bool| {
        let (admin, name) = (admin.clone(), name.clone());
        async move {
            sqlx::query(&format!(
                "ALTER DATABASE {name} SET default_transaction_read_only = {on}"
            ))
            .execute(&admin)
            .await
            .unwrap();
            sqlx::query(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
                 WHERE datname = $1 AND pid <> pg_backend_pid()",
            )
            .bind(&name)
            .execute(&admin)
            .await
            .unwrap();
        }
    };
    let log_in = || {
        post(
            &bank,
            "/v2/auth/login",
            login_body("anna@example.com", PASSWORD),
            &[],
        )
    };

    read_only(true).await;
    let refused = log_in().await;
    assert_eq!(refused.status, 503, "{}", refused.body);
    assert_eq!(refused.header("retry-after"), "5");
    assert_eq!(refused.error().code, "unavailable");

    read_only(false).await;
    let again = log_in().await;
    assert_eq!(again.status, 200, "{}", again.body);
    bank.finish().await;
}

/// A database restarted while the bank was quiet has ended every connection in its pool: the pool
/// checks a connection that sat idle before handing it out, so the next statement runs on a new
/// one instead of failing on a dead one. (A pool without the bank's jobs, which would otherwise
/// meet the dead connections first.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_the_database_ended_while_the_pool_was_quiet_are_replaced_not_used() {
    let bank = TestBank::start(Backend::Postgres).await;
    let quiet = bank::store::Db::connect(&bank.url).await.unwrap();
    let pid = || sqlx::query_scalar::<_, i32>("SELECT pg_backend_pid()").fetch_one(&quiet.pool);
    pid().await.unwrap();
    let name = bank.url.rsplit_once('/').unwrap().1.to_string();
    let admin = bank::store::Db::connect_admin(&postgres_base()).await;
    // Every connection to the test database, the quiet pool's among them.
    let ended: Vec<i32> = sqlx::query_scalar(
        "WITH doomed AS MATERIALIZED (SELECT pid FROM pg_stat_activity WHERE datname = $1) \
         SELECT pid FROM doomed WHERE pg_terminate_backend(pid)",
    )
    .bind(&name)
    .fetch_all(&admin)
    .await
    .unwrap();
    assert!(!ended.is_empty());
    tokio::time::sleep(std::time::Duration::from_millis(1_100)).await;

    let next = pid().await.expect("a new connection, not an ended one");
    assert!(!ended.contains(&next));
    quiet.pool.close().await;
    bank.finish().await;
}
