//! The ledger benchmark (a script, not a test): transactions-fetch latency with many
//! transactions booked, statement generation time and peak memory, and internal transfers per
//! second. Run through `bench/ledger.sh`, which also runs pgbench's TPC-B for comparison.
//!
//!     DATABASE_URL=postgres://... cargo run --release --example ledger_bench -- 1000000

use bank::domain::accounts::money::Money;
use bank::domain::payments::payee::Scheme;
use bank::domain::payments::recipient::PayeeType;
use std::time::{Duration, Instant};

use bank::domain::accounts::money::Currency;
use bank::domain::accounts::statements::{Format, Header, Line};
use bank::store::bank_accounts::BankAccount;
use bank::store::ledger::{self, AccountKind};
use bank::store::transactions::Filter;
use bank::store::{self, Db};

mod fixtures;

const MERCHANTS: [&str; 7] = [
    "Pret A Manger",
    "Ryman Stationery",
    "Transport for London",
    "Amazon Web Services",
    "Great Western Railway",
    "Premier Inn",
    "Staples Direct",
];
const DAY_MS: i64 = 86_400_000;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let url = std::env::var("DATABASE_URL")?;
    let count: i64 = std::env::args()
        .nth(1)
        .map_or(Ok(1_000_000), |n| n.parse())?;
    let db = Db::connect(&url).await?;
    println!("database: {:?}", db.backend);

    let big = account(&db, "Bench Big Ltd").await?;
    let started = Instant::now();
    seed(&db, &big, count).await?;
    println!(
        "seeded {count} transactions in {:.1} s",
        started.elapsed().as_secs_f64()
    );

    // What autovacuum does in its own time after a bulk load: statistics for the planner, and
    // the trigram index's pending entries merged.
    if db.backend == store::Backend::Postgres {
        sqlx::query("VACUUM ANALYZE transactions")
            .execute(&db.pool)
            .await?;
    }
    let now = db.now_ms();
    let base = Filter {
        bank_account_id: big.id.clone(),
        ..Default::default()
    };
    latency("fetch: first page", &db, &base).await?;
    latency(
        "fetch: card payments in a 30-day range",
        &db,
        &Filter {
            types: vec!["card_purchase".into()],
            from: Some(now - 200 * DAY_MS),
            to: Some(now - 170 * DAY_MS),
            ..base.clone()
        },
    )
    .await?;
    for (label, keyword) in [
        ("fetch: keyword search 'pret' (one row in 21)", "pret"),
        ("fetch: keyword search 'inv-123456' (one row)", "inv-123456"),
        (
            "fetch: keyword search 'inv-99' (7,409 rows, most of them the newest)",
            "inv-99",
        ),
    ] {
        let filter = Filter {
            keyword: Some(keyword.into()),
            ..base.clone()
        };
        latency(label, &db, &filter).await?;
    }

    for lines in [10_000, 100_000] {
        let holder = account(&db, &format!("Bench Statement {lines} Ltd")).await?;
        seed(&db, &holder, lines).await?;
        for format in [Format::Csv, Format::Camt053, Format::Pdf] {
            statement(&db, &holder, format, lines).await?;
        }
    }

    transfers_per_second(&db, 64, 16, Duration::from_secs(10)).await?;
    let mut conn = db.pool.acquire().await?;
    let broken = ledger::check_invariants(&mut conn).await?;
    println!(
        "ledger invariants after the run: {}",
        if broken.is_empty() {
            "sound".to_string()
        } else {
            format!("{broken:?}")
        }
    );
    Ok(())
}

async fn account(db: &Db, name: &str) -> anyhow::Result<BankAccount> {
    let profile = store::profiles::create(
        db,
        bank::domain::profiles::access::ProfileType::Business,
        name,
    )
    .await?;
    fixtures::gbp_account(db, &profile, name).await
}

/// Books `count` movements over the past year as the ledger would (balanced entries, running
/// balances, sequence numbers), in multi-row batches: one by one would take hours at 1,000,000.
async fn seed(db: &Db, account: &BankAccount, count: i64) -> anyhow::Result<()> {
    let mut conn = db.pool.acquire().await?;
    let clearing = ledger::system_account(
        &mut conn,
        db.now_ms(),
        AccountKind::SchemeClearing,
        Some("bench"),
        Currency::Gbp,
    )
    .await?;
    let (clearing_balance, clearing_seq) = sqlx::query_as::<_, (i64, i64)>(
        "SELECT balance, postings_count FROM ledger_accounts WHERE id = $1",
    )
    .bind(&clearing)
    .fetch_one(&mut *conn)
    .await?;
    drop(conn);
    let start = db.now_ms() - 365 * DAY_MS;
    let step = (365 * DAY_MS) / count.max(1);
    let mut balance = 0i64;
    let mut clearing_total = clearing_balance;
    let batch = 400;
    let mut n = 0;
    while n < count {
        let end = (n + batch).min(count);
        let mut entries = Vec::new();
        let mut postings = Vec::new();
        let mut rows = Vec::new();
        for i in n..end {
            // Every third movement is a card purchase, the rest payments in.
            let card = i % 3 == 2;
            let amount = if card {
                -(150 + i % 4000)
            } else {
                2_000 + i % 9000
            };
            balance += amount;
            clearing_total -= amount;
            let entry = uuid::Uuid::new_v4().to_string();
            let at = start + i * step;
            entries.push((
                entry.clone(),
                if card {
                    "card_purchase"
                } else {
                    "inbound_payment"
                },
                at,
            ));
            postings.push((
                entry.clone(),
                0i64,
                account.ledger_account_id.clone(),
                amount,
                balance,
                i + 1,
            ));
            postings.push((
                entry.clone(),
                1i64,
                clearing.clone(),
                -amount,
                clearing_total,
                clearing_seq + i + 1,
            ));
            let name = if card {
                MERCHANTS[(i % 7) as usize]
            } else {
                "Northwind Logistics"
            };
            let details = if card {
                name.to_string()
            } else {
                format!("INV-{i}")
            };
            rows.push((entry, card, amount, balance, i + 1, at, name, details));
        }
        let mut tx = db.begin_write().await?;
        let mut sql = String::from(
            "INSERT INTO journal_entries (id, kind, idempotency_key, booked_at) VALUES ",
        );
        sql.push_str(
            &(0..entries.len())
                .map(|k| format!("(${}, ${}, NULL, ${})", 3 * k + 1, 3 * k + 2, 3 * k + 3))
                .collect::<Vec<_>>()
                .join(", "),
        );
        let mut query = sqlx::query(&sql);
        for (id, kind, at) in &entries {
            query = query.bind(id).bind(*kind).bind(*at);
        }
        query.execute(&mut *tx).await?;
        let mut sql = String::from("INSERT INTO postings (entry_id, seq, account_id, currency, amount, balance_after, account_seq) VALUES ");
        sql.push_str(
            &(0..postings.len())
                .map(|k| {
                    format!(
                        "(${}, ${}, ${}, 'GBP', ${}, ${}, ${})",
                        6 * k + 1,
                        6 * k + 2,
                        6 * k + 3,
                        6 * k + 4,
                        6 * k + 5,
                        6 * k + 6
                    )
                })
                .collect::<Vec<_>>()
                .join(", "),
        );
        let mut query = sqlx::query(&sql);
        for (entry, seq, account_id, amount, after, account_seq) in &postings {
            query = query
                .bind(entry)
                .bind(*seq)
                .bind(account_id)
                .bind(*amount)
                .bind(*after)
                .bind(*account_seq);
        }
        query.execute(&mut *tx).await?;
        let sql = transactions_insert(rows.len());
        let mut query = sqlx::query(&sql);
        for (entry, card, amount, after, seq, at, name, details) in &rows {
            query = query
                .bind(uuid::Uuid::new_v4().to_string())
                .bind(&account.id)
                .bind(entry)
                .bind(if *card { "card_purchase" } else { "transfer" })
                .bind(if *card { "card" } else { "local" })
                .bind(*amount)
                .bind(details)
                .bind(*name)
                .bind(*after)
                .bind(*seq)
                .bind(format!("{} {}", name, details).to_lowercase())
                .bind(*at);
        }
        query.execute(&mut *tx).await?;
        tx.commit().await?;
        n = end;
    }
    sqlx::query("UPDATE ledger_accounts SET balance = balance + $1, postings_count = postings_count + $2 WHERE id = $3")
        .bind(balance)
        .bind(count)
        .bind(&account.ledger_account_id)
        .execute(&db.pool)
        .await?;
    // The account's transactions_count moved with each row (a trigger).
    sqlx::query("UPDATE ledger_accounts SET balance = $1, postings_count = postings_count + $2 WHERE id = $3")
        .bind(clearing_total)
        .bind(count)
        .bind(&clearing)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// A multi-row insert of transactions, 12 parameters per row.
fn transactions_insert(rows: usize) -> String {
    let head = "INSERT INTO transactions (id, bank_account_id, entry_id, type, status, scheme, currency, amount, fee, \
         amount_total, details, counterparty_name, counterparty_type, balance_after, account_seq, search_text, created_at)";
    let values = (0..rows)
        .map(|k| {
            let p: Vec<String> = (1..=12).map(|j| format!("${}", 12 * k + j)).collect();
            format!(
                "({}, {}, {}, {}, 'completed', {}, 'GBP', {}, 0, {}, {}, {}, 'company', {}, {}, {}, {})",
                p[0], p[1], p[2], p[3], p[4], p[5], p[5], p[6], p[7], p[8], p[9], p[10], p[11]
            )
        })
        .collect::<Vec<_>>()
        .join(", ");
    format!("{head} VALUES {values}")
}

async fn latency(label: &str, db: &Db, filter: &Filter) -> anyhow::Result<()> {
    let mut times = Vec::new();
    let mut total = String::new();
    for _ in 0..30 {
        let started = Instant::now();
        let page = store::transactions::fetch(
            db,
            filter,
            bank::domain::paging::Paging::parse(None, None, 50, 100).expect("a first page"),
        )
        .await?;
        times.push(started.elapsed());
        total = if page.capped {
            format!("more than {}", page.total)
        } else {
            page.total.to_string()
        };
    }
    times.sort();
    println!(
        "{label}: p50 {:.1} ms, p95 {:.1} ms ({total} matching)",
        times[times.len() / 2].as_secs_f64() * 1000.0,
        times[times.len() * 95 / 100].as_secs_f64() * 1000.0
    );
    Ok(())
}

/// Peak resident memory of this process since the last reset, in MiB (Linux).
fn peak_mib() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .map(str::to_string)
        })
        .and_then(|l| {
            l.split_whitespace()
                .nth(1)
                .and_then(|kb| kb.parse::<f64>().ok())
        })
        .map_or(0.0, |kb| kb / 1024.0)
}

fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

async fn statement(
    db: &Db,
    account: &BankAccount,
    format: Format,
    lines: i64,
) -> anyhow::Result<()> {
    reset_peak();
    let before = peak_mib();
    let started = Instant::now();
    let now = db.now_ms();
    let (from, to) = (now - 366 * DAY_MS, now);
    let header = Header {
        statement_id: "BENCH".into(),
        bank_name: "Harbour Payments Ltd".into(),
        bank_address: "20 Finsbury Circus, London".into(),
        holder: account.name.clone(),
        iban: account.iban.clone(),
        bic: account.bic.clone(),
        sort_code: Some("04-00-75".into()),
        account_number: Some(account.account_number.clone()),
        currency: account.currency,
        from: "2025-11-22".into(),
        to: "2026-11-22".into(),
        opening: 0,
        closing: account.balance.booked,
        line_count: lines as usize,
        generated_at: "2026-11-22T00:00:00Z".into(),
    };
    let mut writer = format.writer();
    let mut bytes = writer.start(&header).len();
    let mut rows = store::transactions::booked_between(db, account.id.clone(), from, to);
    while let Some(row) = rows.recv().await {
        let txn = row?;
        bytes += writer
            .line(&Line {
                id: txn.id.into(),
                booked_at: "2026-01-01T00:00:00Z".into(),
                kind: txn.kind.as_str().to_string(),
                description: txn.details,
                counterparty: txn.counterparty_name.unwrap_or_default(),
                amount: txn.amount_total,
                fee: txn.fee,
                balance_after: txn.balance_after.unwrap_or_default(),
            })
            .len();
    }
    bytes += writer.finish(&header).len();
    println!(
        "statement {:?} of {lines} lines: {:.2} s, {:.1} MiB out, peak RSS {:.0} MiB (before {:.0} MiB)",
        format,
        started.elapsed().as_secs_f64(),
        bytes as f64 / 1_048_576.0,
        peak_mib(),
        before
    );
    Ok(())
}

async fn transfers_per_second(
    db: &Db,
    accounts: usize,
    workers: usize,
    run: Duration,
) -> anyhow::Result<()> {
    let mut funded = Vec::new();
    for i in 0..accounts {
        let holder = account(db, &format!("Bench Transfer {i} Ltd")).await?;
        let payer = store::bookings::Party {
            name: "Bench",
            kind: PayeeType::Company,
            account: None,
        };
        store::bookings::inbound(
            db,
            &holder,
            Money::new(100_000_000, holder.currency),
            Scheme::Local,
            payer,
            "float",
            db.now_ms(),
        )
        .await?;
        funded.push(
            store::bank_accounts::by_id(db, &holder.id)
                .await?
                .expect("opened"),
        );
    }
    let funded = std::sync::Arc::new(funded);
    let deadline = Instant::now() + run;
    let mut tasks = Vec::new();
    for w in 0..workers {
        let db = db.clone();
        let funded = funded.clone();
        tasks.push(tokio::spawn(async move {
            let mut done = 0u64;
            let mut k = w;
            while Instant::now() < deadline {
                let from = &funded[k % funded.len()];
                let to = &funded[(k * 7 + 3) % funded.len()];
                k += workers;
                if from.id == to.id {
                    continue;
                }
                if store::bookings::internal(
                    &db,
                    from,
                    to,
                    Money::new(1, from.currency),
                    "bench",
                    db.now_ms(),
                    None,
                )
                .await
                .is_ok()
                {
                    done += 1;
                }
            }
            done
        }));
    }
    let mut total = 0;
    for task in tasks {
        total += task.await?;
    }
    println!(
        "internal transfers: {:.0} per second ({workers} workers, {accounts} accounts, {total} in {} s)",
        total as f64 / run.as_secs_f64(),
        run.as_secs()
    );
    Ok(())
}
