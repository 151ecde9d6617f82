//! A bank process killed with SIGKILL while customers pay (issue 15): the real binary on
//! PostgreSQL, several clients submitting transfers and retrying with the same ids whenever an
//! answer does not come, a `kill -9` mid-way and a restart. Every transfer answered 200 is booked
//! exactly once, none is booked twice, the balance is what the transfers say, and
//! `bank ledger check` passes.

use std::collections::HashSet;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use bank::domain::accounts::money::Currency;

use crate::helpers::*;

#[path = "../../bench/fixtures.rs"]
mod fixtures;

const TRANSFERS: usize = 120;
const CLIENTS: usize = 4;

fn start(url: &str, port: u16) -> Child {
    Command::new(env!("CARGO_BIN_EXE_bank"))
        .env("BANK_SANDBOX", "on")
        .env("DATABASE_URL", url)
        .env("BANK_PORT", port.to_string())
        .env("BANK_SSR_ISOLATES", "1")
        .env("BANK_SETTLEMENT_LOCAL_MS", "300")
        .env("BANK_LIMIT_DAILY_GBP", "100000000.00")
        .env("RUST_LOG", "error")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the bank binary starts")
}

async fn ready(client: &reqwest::Client, port: u16) {
    for _ in 0..300 {
        let answer = client
            .get(format!("http://127.0.0.1:{port}/readyz"))
            .send()
            .await;
        if answer.is_ok_and(|a| a.status().is_success()) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the bank did not become ready");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_process_loses_no_acknowledged_transfer_and_books_none_twice() {
    let bank = TestBank::start(Backend::Postgres).await;
    let payer = customer(&bank, "payer@example.com", "Payer Ltd").await;
    let account = open_account(&bank, &payer.profile_id, Currency::Gbp, true).await;
    bank::providers::sandbox_payments::credit(&bank.db, &account.iban, "10000.00", "Funding", "")
        .await
        .unwrap();
    let funded = reload(&bank, &account).await.balance.available();
    let binding = fixtures::acme_binding(&account.id, "1.00").unwrap();
    let work: Vec<(String, String)> =
        fixtures::verified_approvals(&bank.db, &payer.user_id, &binding, TRANSFERS)
            .await
            .unwrap()
            .into_iter()
            .map(|request| (uuid::Uuid::new_v4().to_string(), request))
            .collect();

    let port = {
        let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        probe.local_addr().unwrap().port()
    };
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .build()
        .unwrap();
    let mut process = start(&bank.url, port);
    ready(&client, port).await;

    // Clients pay, each retrying a transfer with the same id and approval until it is answered.
    let answered = Arc::new(AtomicUsize::new(0));
    let queue = Arc::new(tokio::sync::Mutex::new(work));
    let mut clients = Vec::new();
    for _ in 0..CLIENTS {
        let (queue, client, answered) = (queue.clone(), client.clone(), answered.clone());
        let (token, account_id) = (payer.token.clone(), account.id.clone());
        clients.push(tokio::spawn(async move {
            let mut acknowledged = Vec::new();
            loop {
                let Some((id, request_id)) = queue.lock().await.pop() else {
                    return acknowledged;
                };
                let body = fixtures::acme_transfer(&id, &request_id, &account_id, "1.00");
                for attempt in 0.. {
                    assert!(attempt < 600, "transfer {id} was never answered");
                    let reply = client
                        .post(format!("http://127.0.0.1:{port}/v2/transactions"))
                        .bearer_auth(&token)
                        .json(&body)
                        .send()
                        .await;
                    match reply {
                        Ok(reply) if reply.status().is_success() => {
                            acknowledged.push(id.clone());
                            answered.fetch_add(1, Ordering::SeqCst);
                            break;
                        }
                        Ok(reply) if reply.status().is_client_error() => {
                            panic!(
                                "transfer {id} refused: {}",
                                reply.text().await.unwrap_or_default()
                            )
                        }
                        // No answer, or the server failed: the client tries again, same id.
                        _ => tokio::time::sleep(Duration::from_millis(100)).await,
                    }
                }
            }
        }));
    }

    // kill -9 mid-way, then a new process on the same database and port.
    while answered.load(Ordering::SeqCst) < TRANSFERS / 3 {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    process.kill().unwrap();
    process.wait().unwrap();
    let at_kill = answered.load(Ordering::SeqCst);
    assert!(at_kill < TRANSFERS, "the kill came before the end");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut process = start(&bank.url, port);
    ready(&client, port).await;

    let mut acknowledged = Vec::new();
    for handle in clients {
        acknowledged.extend(handle.await.unwrap());
    }
    assert_eq!(acknowledged.len(), TRANSFERS);
    let unique: HashSet<&String> = acknowledged.iter().collect();
    assert_eq!(unique.len(), TRANSFERS);

    // Every acknowledged transfer is booked once: one transfer, one row on the payer's
    // account each, and the balance moved by exactly what the transfers say.
    let rows = sqlx::query_as::<_, (String, i64, i64)>(
        "SELECT id, amount, fee FROM transfers WHERE bank_account_id = $1",
    )
    .bind(&account.id)
    .fetch_all(&bank.db.pool)
    .await
    .unwrap();
    let booked: HashSet<&String> = rows.iter().map(|(id, _, _)| id).collect();
    assert_eq!(booked.len(), TRANSFERS);
    assert_eq!(
        booked, unique,
        "exactly the acknowledged transfers are booked"
    );
    let (payer_rows,) = sqlx::query_as::<_, (i64,)>(
        "SELECT COUNT(*) FROM transactions WHERE bank_account_id = $1 AND amount < 0",
    )
    .bind(&account.id)
    .fetch_one(&bank.db.pool)
    .await
    .unwrap();
    assert_eq!(
        payer_rows as usize, TRANSFERS,
        "no transfer is booked twice"
    );
    let spent: i64 = rows.iter().map(|(_, amount, fee)| amount + fee).sum();
    assert_eq!(reload(&bank, &account).await.balance.booked, funded - spent);

    process.kill().unwrap();
    process.wait().unwrap();
    let check = Command::new(env!("CARGO_BIN_EXE_bank"))
        .args(["ledger", "check"])
        .env("BANK_SANDBOX", "on")
        .env("DATABASE_URL", &bank.url)
        .env("RUST_LOG", "error")
        .output()
        .unwrap();
    assert!(
        check.status.success(),
        "bank ledger check: {}{}",
        String::from_utf8_lossy(&check.stdout),
        String::from_utf8_lossy(&check.stderr)
    );
    bank.finish().await;
}
