//! The transfers benchmark (a script, not a test): transfers submitted per second through the
//! HTTP API over a real socket, with their approvals granted and their payee checked beforehand
//! (as the app submits a transfer: the payer reviews the Confirmation of Payee answer, then
//! approves), at 1 and 16 concurrent clients; then the settlement job's throughput with one and
//! with four settlers (as separate processes would have their own pools). Run through
//! `bench/transfers.sh`, which also runs pgbench's TPC-B on the same PostgreSQL for the ratio.
//!
//!     DATABASE_URL=postgres://... cargo run --release --example transfers_bench -- 2000

use std::sync::Arc;
use std::time::Instant;

use bank::config::Config;
use bank::store::{self, Db};

mod fixtures;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let url = std::env::var("DATABASE_URL")?;
    let per_round: usize = std::env::args().nth(1).map_or(Ok(2000), |n| n.parse())?;
    let db = Db::connect(&url).await?;
    println!("database: {:?}", db.backend);
    let config = Config::from_map(
        &[
            ("BANK_SANDBOX", "on"),
            ("BANK_SSR_ISOLATES", "1"),
            ("BANK_SETTLEMENT_LOCAL_MS", "86400000"),
            ("BANK_LIMIT_DAILY_GBP", "100000000.00"),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect(),
    )?;
    let router = bank::http::app(config.clone(), db.clone())?;
    let checker = bank::providers::payee_check::from_config(&config)?;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let address = listener.local_addr()?;
    tokio::spawn(bank::http::serve::serve(
        listener,
        router,
        config.limits,
        std::future::pending(),
    ));

    // One payer, and a hundred payers (each its own business), each with its session and the
    // binding its approvals are for.
    let mut payers = Vec::new();
    for n in 0..101 {
        let payer = fixtures::funded_business(
            &db,
            &format!("bench-{}@example.com", uuid::Uuid::new_v4().simple()),
            &format!("77009{n:05}"),
            &format!("Bench Payer {n} Ltd"),
            "unused",
            "1000000.00",
        )
        .await?;
        let token = store::sessions::issue(&db, &payer.user_id, db.now_ms())
            .await?
            .access;
        let binding = fixtures::acme_binding(&payer.account.id, "1.00")?;
        payers.push((payer, token, binding));
    }
    let client = reqwest::Client::new();
    let profiling = std::env::var("BENCH_PROFILE").is_ok_and(|v| !v.is_empty());

    for (clients, spread) in [(1usize, 1usize), (16, 1), (16, 100)] {
        // Each transfer's approval granted and its payee checked beforehand, dealt round the
        // payers.
        let chosen = if spread == 1 {
            &payers[..1]
        } else {
            &payers[1..]
        };
        let mut work = Vec::with_capacity(per_round);
        for (n, (payer, token, binding)) in chosen.iter().enumerate() {
            let share = per_round / chosen.len() + usize::from(n < per_round % chosen.len());
            for request_id in
                fixtures::verified_approvals(&db, &payer.user_id, binding, share).await?
            {
                let check =
                    fixtures::acme_check(&db, checker.as_deref(), &payer.profile_id).await?;
                work.push((token.clone(), payer.account.id.clone(), request_id, check));
            }
        }
        // Interleaved, so concurrent clients pay from different profiles.
        work.sort_by_key(|(_, _, request_id, _)| request_id.clone());
        if profiling && clients == 1 {
            sqlx::query("SELECT pg_stat_statements_reset()")
                .execute(&db.pool)
                .await?;
        }
        let queue = Arc::new(tokio::sync::Mutex::new(work));
        let cpu_before = cpu_ticks()?;
        let started = Instant::now();
        let mut workers = Vec::new();
        for _ in 0..clients {
            let queue = queue.clone();
            let client = client.clone();
            workers.push(tokio::spawn(async move {
                let mut failed = 0usize;
                loop {
                    let Some((token, account_id, request_id, check)) = queue.lock().await.pop()
                    else {
                        break;
                    };
                    let mut body = fixtures::acme_transfer(
                        &uuid::Uuid::new_v4().to_string(),
                        &request_id,
                        &account_id,
                        "1.00",
                    );
                    body["payeeCheck"] = check;
                    let reply = client
                        .post(format!("http://{address}/v2/transactions"))
                        .bearer_auth(&token)
                        .json(&body)
                        .send()
                        .await;
                    if !reply.is_ok_and(|r| r.status().is_success()) {
                        failed += 1;
                    }
                }
                failed
            }));
        }
        let mut failed = 0;
        for worker in workers {
            failed += worker.await?;
        }
        let seconds = started.elapsed().as_secs_f64();
        let cpu = cpu_ticks()?.since(cpu_before);
        let payers = if spread == 1 {
            "one profile".to_string()
        } else {
            format!("{spread} profiles")
        };
        println!(
            "submit, {clients:>2} clients, {payers:>12}: {:>7.0} transfers/s ({per_round} in {seconds:.2} s, {failed} failed)",
            per_round as f64 / seconds
        );
        println!(
            "  CPU per submit: {:.2} ms in this process (server and clients), {:.2} ms elsewhere (PostgreSQL, the kernel)",
            cpu.own_ms / per_round as f64,
            cpu.others_ms / per_round as f64
        );
        if profiling && clients == 1 {
            statements_per_submit(&db, per_round).await?;
        }
    }

    // BENCH_SUBMIT_ONLY: the submit rounds alone (comparing two builds of the submit).
    let settlers = match std::env::var("BENCH_SUBMIT_ONLY").is_ok_and(|v| !v.is_empty()) {
        true => vec![],
        false => vec![1usize, 4],
    };
    for settlers in settlers {
        if settlers == 4 {
            // The same transfers again, so the four settle as many as the one did.
            sqlx::query("UPDATE transfers SET status = 'pending' WHERE status = 'completed'")
                .execute(&db.pool)
                .await?;
        }
        let due = pending(&db).await?;
        let started = Instant::now();
        let mut jobs = Vec::new();
        for _ in 0..settlers {
            let pool = Db::connect(&url).await?;
            jobs.push(tokio::spawn(async move {
                bank::services::payments::settlement::settle_due(
                    &pool,
                    &bank::providers::rails::sandbox::SandboxRails,
                    std::time::Duration::from_secs(5),
                    pool.now_ms() + 2 * 86_400_000,
                    usize::MAX,
                )
                .await
            }));
        }
        let mut settled = 0;
        for job in jobs {
            settled += job.await??;
        }
        let seconds = started.elapsed().as_secs_f64();
        println!(
            "settle, {settlers} settler(s): {:>7.0} transfers/s ({settled} of {due} in {seconds:.2} s)",
            settled as f64 / seconds
        );
    }
    let mut conn = db.pool.acquire().await?;
    let broken = store::ledger::check_invariants(&mut conn).await?;
    println!(
        "ledger invariants: {}",
        if broken.is_empty() { "hold" } else { "BROKEN" }
    );
    Ok(())
}

/// What pg_stat_statements saw during the one-client round: each statement's calls per submit and
/// mean time, the most frequent first.
async fn statements_per_submit(db: &Db, submits: usize) -> anyhow::Result<()> {
    let rows = sqlx::query_as::<_, (i64, f64, String)>(
        "SELECT calls, mean_exec_time, regexp_replace(query, '\\s+', ' ', 'g') FROM pg_stat_statements \
         WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) \
         AND query NOT LIKE '%pg_stat_statements%' ORDER BY calls DESC, query",
    )
    .fetch_all(&db.pool)
    .await?;
    let per = |calls: i64| calls as f64 / submits as f64;
    let total: i64 = rows.iter().map(|(calls, _, _)| calls).sum();
    println!(
        "  statements per submit: {:.1} (pg_stat_statements, one client)",
        per(total)
    );
    for (calls, mean_ms, query) in rows.iter().filter(|(calls, _, _)| per(*calls) >= 0.5) {
        let shown: String = query.chars().take(110).collect();
        println!("  {:>5.2} x {:>6.3} ms  {shown}", per(*calls), mean_ms);
    }
    Ok(())
}

/// CPU time so far: this process's, and the whole machine's busy time (all cores).
struct CpuTicks {
    own: u64,
    machine: u64,
}

struct CpuSpent {
    own_ms: f64,
    others_ms: f64,
}

impl CpuTicks {
    fn since(&self, before: CpuTicks) -> CpuSpent {
        // Both files count in clock ticks (USER_HZ, 100 a second on Linux).
        let own = self.own.saturating_sub(before.own) as f64 * 10.0;
        let machine = self.machine.saturating_sub(before.machine) as f64 * 10.0;
        CpuSpent {
            own_ms: own,
            others_ms: (machine - own).max(0.0),
        }
    }
}

fn cpu_ticks() -> anyhow::Result<CpuTicks> {
    let stat = std::fs::read_to_string("/proc/self/stat")?;
    // The fields after the command's closing parenthesis; utime and stime are the 14th and 15th.
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let own = fields[11].parse::<u64>()? + fields[12].parse::<u64>()?;
    let machine = std::fs::read_to_string("/proc/stat")?;
    let cpu: Vec<u64> = machine
        .lines()
        .next()
        .unwrap_or("")
        .split_whitespace()
        .skip(1)
        .filter_map(|n| n.parse().ok())
        .collect();
    // user, nice, system, irq, softirq, steal: busy; idle and iowait are not.
    let busy = [0, 1, 2, 5, 6, 7].iter().filter_map(|&i| cpu.get(i)).sum();
    Ok(CpuTicks { own, machine: busy })
}

async fn pending(db: &Db) -> anyhow::Result<i64> {
    let (n,) =
        sqlx::query_as::<_, (i64,)>("SELECT COUNT(*) FROM transfers WHERE status = 'pending'")
            .fetch_one(&db.pool)
            .await?;
    Ok(n)
}
