//! The load test a bank would run (issue 15; a script, not a test): for a set time, virtual
//! customers visit the bank through two bank processes on one PostgreSQL, round-robin as a load
//! balancer would, each from their own address. A visit is what a customer does: log in with
//! the SMS code (when their session has ended), open the dashboard, page through transactions,
//! download a statement, pay another customer with an SMS approval; every fourth visit ends
//! by logging out. It prints throughput and p50/p95/p99 per
//! step, the errors (429s counted apart: rate limits are meant to answer them), and the
//! ledger's invariants at the end. Run through `bench/load.sh` (`make bench-load`).
//!
//!     DATABASE_URL=postgres://... cargo run --release --example load_test -- \
//!         http://127.0.0.1:18190,http://127.0.0.1:18191 [seconds] [customers] [concurrency]
//!
//! The failover test (`make test-failover`, tests/failover/run.sh) uses it as its load, with
//! three settings: `LOAD_AT` seconds after the start it runs `LOAD_AT_COMMAND` (kills the
//! primary); `LOAD_ACKED` names a file for the id of every payment the bank acknowledged; and
//! `LOAD_SUMMARY` a JSON file of what the bank answered around that moment. A payment answered
//! 503 is sent again with the same id after its `Retry-After`, as the app does.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use bank::store::{self, Db};
use tokio::sync::Mutex;

mod fixtures;

const PASSWORD: &str = "Harbour-load-2026";
const STEPS: [&str; 7] = [
    "login",
    "login code",
    "dashboard",
    "transactions",
    "statement",
    "payment",
    "logout",
];

struct Customer {
    email: String,
    phone: String,
    account_id: String,
    sort_code: String,
    account_number: String,
    name: String,
}

#[derive(Default)]
struct Step {
    micros: Vec<u64>,
    errors: usize,
    limited: usize,
}

type Stats = Arc<Mutex<BTreeMap<&'static str, Step>>>;

/// Every answer's time (ms from the start) and status (0: no answer at all), the payments the
/// bank acknowledged, and the 503s that came without `Retry-After`.
#[derive(Default)]
struct Log {
    answers: Vec<(u64, u16)>,
    acked: Vec<(u64, String)>,
    no_retry_after: usize,
}

type Shared = Arc<Mutex<Log>>;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let url = std::env::var("DATABASE_URL")?;
    let mut args = std::env::args().skip(1);
    let bases: Vec<String> = args
        .next()
        .unwrap_or_else(|| "http://127.0.0.1:18190".into())
        .split(',')
        .map(str::to_string)
        .collect();
    let seconds: u64 = args.next().map_or(Ok(60), |s| s.parse())?;
    let count: usize = args.next().map_or(Ok(200), |s| s.parse())?;
    let concurrency: usize = args.next().map_or(Ok(20), |s| s.parse())?;
    let db = Db::connect(&url).await?;

    println!("creating {count} customers…");
    let hash = bank::domain::auth::password::hash(PASSWORD);
    let mut customers = Vec::with_capacity(count);
    for n in 0..count {
        customers.push(customer(&db, n, &hash).await?);
    }
    let customers = Arc::new(customers);
    let stats: Stats = Arc::new(Mutex::new(BTreeMap::new()));
    let log: Shared = Arc::default();
    let visits = Arc::new(AtomicUsize::new(0));
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .pool_max_idle_per_host(concurrency)
        // The bank closes a keep-alive connection that has sent no request for
        // BANK_HEADER_TIMEOUT_S (10 s). A visitor waiting out a Retry-After can leave one idle
        // that long, and a POST sent on it just as the bank closes it gets no answer, which
        // reqwest does not retry. Keep idle connections for less than the bank does.
        .pool_idle_timeout(Duration::from_secs(5))
        .build()?;
    println!(
        "{concurrency} visitors for {seconds} s against {} process(es)…",
        bases.len()
    );
    let started = Instant::now();
    let until = started + Duration::from_secs(seconds);
    let event = scheduled_event(started);
    let mut workers = Vec::new();
    for worker in 0..concurrency {
        let (customers, stats, visits, client, db, log) = (
            customers.clone(),
            stats.clone(),
            visits.clone(),
            client.clone(),
            db.clone(),
            log.clone(),
        );
        let base = bases[worker % bases.len()].clone();
        workers.push(tokio::spawn(async move {
            // This visitor's customers: each keeps their session between visits, and every
            // fourth visit ends with logging out, so logging in stays in the mix.
            let mine: Vec<usize> = (worker..customers.len()).step_by(concurrency).collect();
            let mut sessions: Vec<Option<String>> = vec![None; mine.len()];
            let mut round = 0usize;
            while Instant::now() < until {
                let slot = round % mine.len();
                let n = mine[slot];
                visits.fetch_add(1, Ordering::SeqCst);
                let me = &customers[n];
                let friend = &customers[(n * 7 + 1) % customers.len()];
                let visit = Visit {
                    client: &client,
                    base: &base,
                    db: &db,
                    stats: &stats,
                    log: &log,
                    started,
                    // Each customer comes from an address of their own, through the proxy.
                    ip: format!("10.{}.{}.{}", (n / 65536) % 256, (n / 256) % 256, n % 256),
                };
                let leave = round / mine.len() % 4 == 3;
                sessions[slot] = visit.run(me, friend, sessions[slot].take(), leave).await;
                round += 1;
            }
        }));
    }
    for worker in workers {
        worker.await?;
    }
    let elapsed = started.elapsed().as_secs_f64();
    report(&*stats.lock().await, elapsed, visits.load(Ordering::SeqCst));
    let event_ms = match event {
        Some(event) => Some(event.await??),
        None => None,
    };
    write_outcome(&*log.lock().await, event_ms)?;

    let mut conn = db.pool.acquire().await?;
    let broken = store::ledger::check_invariants(&mut conn).await?;
    println!(
        "ledger invariants: {}",
        if broken.is_empty() {
            "hold".to_string()
        } else {
            format!("BROKEN: {broken:?}")
        }
    );
    Ok(())
}

struct Visit<'a> {
    client: &'a reqwest::Client,
    base: &'a str,
    db: &'a Db,
    stats: &'a Stats,
    log: &'a Shared,
    started: Instant,
    ip: String,
}

/// A successful answer, read whole (a statement streams: its time counts to the last byte).
struct Answer {
    headers: reqwest::header::HeaderMap,
    body: Vec<u8>,
}

enum Outcome {
    Ok(Answer),
    Limited,
    /// 503: the bank's database is away; try again after this many seconds.
    Unavailable(u64),
    Failed,
}

impl Visit<'_> {
    /// One visit; answers the session to keep for the next one, unless the customer left.
    async fn run(
        &self,
        me: &Customer,
        friend: &Customer,
        session: Option<String>,
        leave: bool,
    ) -> Option<String> {
        let cookie = match session {
            Some(cookie) => cookie,
            None => match self.log_in(me).await {
                Some(cookie) => cookie,
                None => {
                    // Refused (a rate limit): the customer comes back a little later.
                    tokio::time::sleep(Duration::from_millis(500)).await;
                    return None;
                }
            },
        };
        self.timed(
            "dashboard",
            reqwest::Method::GET,
            "/dashboard",
            None,
            &cookie,
        )
        .await;
        for page in 1..=3 {
            let body =
                serde_json::json!({"page": page, "limit": 50, "bankAccountId": me.account_id});
            self.timed(
                "transactions",
                reqwest::Method::POST,
                "/v2/transactions/fetch",
                Some(body),
                &cookie,
            )
            .await;
        }
        let today = time::OffsetDateTime::now_utc().date();
        let from = today - time::Duration::days(30);
        let statement = format!(
            "/v2/documents/statement?entId={}&createdFrom={from}&createdTo={today}&format=pdf",
            me.account_id
        );
        self.timed("statement", reqwest::Method::GET, &statement, None, &cookie)
            .await;
        self.pay(me, friend, &cookie).await;
        if !leave {
            return Some(cookie);
        }
        self.timed(
            "logout",
            reqwest::Method::POST,
            "/v2/auth/logout",
            Some(serde_json::json!({})),
            &cookie,
        )
        .await;
        None
    }

    async fn log_in(&self, me: &Customer) -> Option<String> {
        let body = serde_json::json!({"email": me.email, "password": PASSWORD});
        let Outcome::Ok(reply) = self
            .timed(
                "login",
                reqwest::Method::POST,
                "/v2/auth/login",
                Some(body),
                "",
            )
            .await
        else {
            return None;
        };
        let answer: serde_json::Value = serde_json::from_slice(&reply.body).ok()?;
        let request_id = answer["mfa"]["requestId"].as_str()?.to_string();
        let code = self.code_for(&me.phone).await?;
        let body = serde_json::json!({"requestId": request_id, "secret": code});
        let Outcome::Ok(reply) = self
            .timed(
                "login code",
                reqwest::Method::POST,
                "/v2/auth/mfa/login",
                Some(body),
                "",
            )
            .await
        else {
            return None;
        };
        let cookie = reply
            .headers
            .get_all(reqwest::header::SET_COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .filter_map(|v| v.split(';').next())
            .collect::<Vec<_>>()
            .join("; ");
        Some(cookie)
    }

    /// SCA with dynamic linking: the approval bound to the payment, its code, then the payment.
    async fn pay(&self, me: &Customer, friend: &Customer, cookie: &str) {
        let terms = serde_json::json!({
            "amount": "1.00",
            "sender": {"bankAccountId": me.account_id},
            "receiver": {"name": friend.name, "type": "company",
                "ukSortCode": friend.sort_code, "ukAccountNumber": friend.account_number},
            "details": "Load test",
            "scheme": "local"
        });
        let started = Instant::now();
        let step = self
            .send(
                reqwest::Method::POST,
                "/v2/auth/mfa/generate",
                Some(
                    serde_json::json!({"purpose": "transfer", "method": "sms", "transfer": terms}),
                ),
                cookie,
            )
            .await;
        let request_id = match step {
            Outcome::Ok(reply) => serde_json::from_slice::<serde_json::Value>(&reply.body)
                .ok()
                .and_then(|a| a["requestId"].as_str().map(str::to_string)),
            other => return self.record("payment", started, other).await,
        };
        let (Some(request_id), Some(code)) = (request_id, self.code_for(&me.phone).await) else {
            return self.record("payment", started, Outcome::Failed).await;
        };
        let verified = self
            .send(
                reqwest::Method::POST,
                "/v2/auth/mfa/verify",
                Some(serde_json::json!({"requestId": request_id, "method": "sms", "secret": code})),
                cookie,
            )
            .await;
        if !matches!(verified, Outcome::Ok(_)) {
            return self.record("payment", started, verified).await;
        }
        let mut payment = terms;
        let id = uuid::Uuid::new_v4().to_string();
        payment["id"] = serde_json::json!(id);
        payment["requestId"] = serde_json::json!(request_id);
        // The id makes the submit idempotent: after a 503 the same payment is sent again, and
        // the bank either makes it or answers the one it made before its database went away.
        let mut tries = 0;
        let submitted = loop {
            let answer = self
                .send(
                    reqwest::Method::POST,
                    "/v2/transactions",
                    Some(payment.clone()),
                    cookie,
                )
                .await;
            match answer {
                Outcome::Unavailable(wait) if tries < 6 => {
                    tries += 1;
                    tokio::time::sleep(Duration::from_secs(wait)).await;
                }
                other => break other,
            }
        };
        if matches!(submitted, Outcome::Ok(_)) {
            let at = self.started.elapsed().as_millis() as u64;
            self.log.lock().await.acked.push((at, id));
        }
        self.record("payment", started, submitted).await;
    }

    /// The newest code texted to `phone` (the sandbox outbox, in the shared database).
    async fn code_for(&self, phone: &str) -> Option<String> {
        let latest = store::outbox::latest(self.db, Some(phone), 1).await.ok()?;
        let body = &latest.first()?.body;
        let digits: String = body
            .split(|c: char| !c.is_ascii_digit())
            .find(|part| part.len() == 6)?
            .to_string();
        Some(digits)
    }

    async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<serde_json::Value>,
        cookie: &str,
    ) -> Outcome {
        let mut request = self
            .client
            .request(method, format!("{}{path}", self.base))
            .header("x-forwarded-for", &self.ip)
            .header("origin", self.base)
            .header("user-agent", "load-test desktop");
        if !cookie.is_empty() {
            request = request.header("cookie", cookie);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let sent = request.send().await;
        self.note(&sent).await;
        match sent {
            Ok(reply) if reply.status().is_success() => {
                let headers = reply.headers().clone();
                match reply.bytes().await {
                    Ok(body) => Outcome::Ok(Answer {
                        headers,
                        body: body.to_vec(),
                    }),
                    Err(_) => Outcome::Failed,
                }
            }
            Ok(reply) if reply.status() == reqwest::StatusCode::TOO_MANY_REQUESTS => {
                Outcome::Limited
            }
            Ok(reply) if reply.status() == reqwest::StatusCode::SERVICE_UNAVAILABLE => {
                Outcome::Unavailable(retry_after(reply.headers()).unwrap_or(1))
            }
            Ok(reply) => {
                let status = reply.status();
                let text = reply.text().await.unwrap_or_default();
                eprintln!("{path}: {status} {}", &text[..text.len().min(200)]);
                Outcome::Failed
            }
            Err(error) => {
                eprintln!("{path}: {error}");
                Outcome::Failed
            }
        }
    }

    async fn note(&self, sent: &reqwest::Result<reqwest::Response>) {
        let at = self.started.elapsed().as_millis() as u64;
        let status = sent.as_ref().map_or(0, |reply| reply.status().as_u16());
        let mut log = self.log.lock().await;
        log.answers.push((at, status));
        if status == 503
            && sent
                .as_ref()
                .is_ok_and(|r| retry_after(r.headers()).is_none())
        {
            log.no_retry_after += 1;
        }
    }

    async fn timed(
        &self,
        step: &'static str,
        method: reqwest::Method,
        path: &str,
        body: Option<serde_json::Value>,
        cookie: &str,
    ) -> Outcome {
        let started = Instant::now();
        let outcome = self.send(method, path, body, cookie).await;
        let kept = match &outcome {
            Outcome::Ok(_) => None,
            Outcome::Limited => Some(Outcome::Limited),
            Outcome::Unavailable(_) | Outcome::Failed => Some(Outcome::Failed),
        };
        self.record_kind(step, started, kept.as_ref()).await;
        outcome
    }

    async fn record(&self, step: &'static str, started: Instant, outcome: Outcome) {
        let kept = match outcome {
            Outcome::Ok(_) => None,
            other => Some(other),
        };
        self.record_kind(step, started, kept.as_ref()).await;
    }

    async fn record_kind(&self, step: &'static str, started: Instant, failure: Option<&Outcome>) {
        let micros = started.elapsed().as_micros() as u64;
        let mut stats = self.stats.lock().await;
        let entry = stats.entry(step).or_default();
        match failure {
            None => entry.micros.push(micros),
            Some(Outcome::Limited) => entry.limited += 1,
            Some(_) => entry.errors += 1,
        }
    }
}

fn retry_after(headers: &reqwest::header::HeaderMap) -> Option<u64> {
    headers
        .get(reqwest::header::RETRY_AFTER)?
        .to_str()
        .ok()?
        .parse()
        .ok()
}

/// `LOAD_AT_COMMAND` run `LOAD_AT` seconds in; answers when it ran (ms from the start).
fn scheduled_event(started: Instant) -> Option<tokio::task::JoinHandle<anyhow::Result<u64>>> {
    let command = std::env::var("LOAD_AT_COMMAND").ok()?;
    let at: u64 = std::env::var("LOAD_AT").ok()?.parse().ok()?;
    Some(tokio::spawn(async move {
        tokio::time::sleep_until((started + Duration::from_secs(at)).into()).await;
        let ran = started.elapsed().as_millis() as u64;
        let status = tokio::process::Command::new("sh")
            .arg("-c")
            .arg(&command)
            .status()
            .await?;
        println!(
            "at {:.1} s: ran `{command}` ({status})",
            ran as f64 / 1000.0
        );
        Ok(ran)
    }))
}

/// The payments acknowledged (`LOAD_ACKED`, "ms id" per line) and, around the scheduled event,
/// what the bank answered (`LOAD_SUMMARY`): the statuses after it, the first failure after it
/// and the first success after the last failure, so the outage's length is the bank's own.
fn write_outcome(log: &Log, event_ms: Option<u64>) -> anyhow::Result<()> {
    if let Ok(path) = std::env::var("LOAD_ACKED") {
        let lines: String = log
            .acked
            .iter()
            .map(|(at, id)| format!("{at} {id}\n"))
            .collect();
        std::fs::write(path, lines)?;
    }
    let Ok(path) = std::env::var("LOAD_SUMMARY") else {
        return Ok(());
    };
    let event = event_ms.unwrap_or(0);
    let failed = |status: u16| !(200..300).contains(&status) && status != 429;
    let mut statuses = BTreeMap::<String, usize>::new();
    for (_, status) in &log.answers {
        *statuses.entry(status.to_string()).or_default() += 1;
    }
    let after: Vec<&(u64, u16)> = log.answers.iter().filter(|(at, _)| *at >= event).collect();
    let first_failure = after.iter().find(|(_, s)| failed(*s)).map(|(at, _)| *at);
    let last_failure = after
        .iter()
        .filter(|(_, s)| failed(*s))
        .map(|(at, _)| *at)
        .max();
    let back = last_failure.and_then(|last| {
        log.answers
            .iter()
            .filter(|(at, s)| *at > last && (200..300).contains(s))
            .map(|(at, _)| *at)
            .min()
    });
    let summary = serde_json::json!({
        "event_ms": event_ms,
        "statuses": statuses,
        "no_retry_after": log.no_retry_after,
        "first_failure_ms": first_failure,
        "last_failure_ms": last_failure,
        "back_ms": back,
        "acked_before_event": log.acked.iter().filter(|(at, _)| *at < event).count(),
        "acked": log.acked.len(),
    });
    std::fs::write(path, serde_json::to_string_pretty(&summary)?)?;
    Ok(())
}

fn report(stats: &BTreeMap<&'static str, Step>, seconds: f64, visits: usize) {
    println!(
        "{visits} visits in {seconds:.1} s ({:.1} visits/s)",
        visits as f64 / seconds
    );
    println!(
        "{:<13} {:>8} {:>9} {:>9} {:>9} {:>9} {:>7} {:>6}",
        "step", "count", "per s", "p50 ms", "p95 ms", "p99 ms", "errors", "429s"
    );
    for name in STEPS {
        let Some(step) = stats.get(name) else {
            continue;
        };
        let mut sorted = step.micros.clone();
        sorted.sort_unstable();
        let at = |q: f64| -> f64 {
            if sorted.is_empty() {
                return 0.0;
            }
            let i = ((sorted.len() as f64 * q).ceil() as usize).clamp(1, sorted.len()) - 1;
            sorted[i] as f64 / 1000.0
        };
        println!(
            "{:<13} {:>8} {:>9.1} {:>9.1} {:>9.1} {:>9.1} {:>7} {:>6}",
            name,
            sorted.len(),
            sorted.len() as f64 / seconds,
            at(0.50),
            at(0.95),
            at(0.99),
            step.errors,
            step.limited
        );
    }
}

/// A business customer with a funded GBP account, a phone for codes and a password.
async fn customer(db: &Db, n: usize, hash: &str) -> anyhow::Result<Customer> {
    let tag = uuid::Uuid::new_v4().simple().to_string();
    let email = format!("load-{n}-{}@example.com", &tag[..8]);
    let phone_number = format!("77{n:08}");
    let name = format!("Load Customer {n} Ltd");
    let business =
        fixtures::funded_business(db, &email, &phone_number, &name, hash, "10000.00").await?;
    Ok(Customer {
        email,
        phone: format!("+44{phone_number}"),
        account_id: business.account.id.into(),
        sort_code: business.account.sort_code.unwrap_or_default(),
        account_number: business.account.account_number,
        name,
    })
}
