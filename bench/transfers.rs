//! The transfers benchmark (a script, not a test): transfers submitted per second through the
//! HTTP API over a real socket, with their approvals granted beforehand, at 1 and 16 concurrent
//! clients; then the settlement job's throughput with one and with four settlers (as separate
//! processes would have their own pools). Run through `bench/transfers.sh`, which also runs
//! pgbench's TPC-B on the same PostgreSQL for the ratio.
//!
//!     DATABASE_URL=postgres://... cargo run --release --example transfers_bench -- 2000

use std::sync::Arc;
use std::time::Instant;

use bank::config::Config;
use bank::domain::accounts::money::Currency;
use bank::domain::auth::email::Email;
use bank::domain::auth::mfa::{Method, Purpose};
use bank::domain::onboarding::kyc::KycStatus;
use bank::domain::payments::approval;
use bank::domain::payments::payee::Scheme;
use bank::domain::payments::recipient::{PayeeType, RecipientInput};
use bank::domain::payments::transfer::{self, TransferInput};
use bank::domain::profiles::access::{ProfileType, Role};
use bank::store::bank_accounts::NewAccount;
use bank::store::{self, Db};

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
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let address = listener.local_addr()?;
    tokio::spawn(bank::http::serve::serve(
        listener,
        router,
        config.limits,
        std::future::pending(),
    ));

    let (user_id, account_id, token) = payer(&db).await?;
    let payee = RecipientInput {
        name: "Acme Ltd".into(),
        kind: Some(PayeeType::Company),
        uk_sort_code: "200000".into(),
        uk_account_number: "55779911".into(),
        reference: "Bench".into(),
        ..Default::default()
    };
    let checked = transfer::check(
        &TransferInput {
            amount: "1.00".into(),
            scheme: Some(Scheme::Local),
            payee,
        },
        Currency::Gbp,
        true,
    )
    .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let payee_account = checked.payee_account();
    let binding = approval::binding(&checked.terms(&account_id, &payee_account));
    let client = reqwest::Client::new();

    for clients in [1usize, 16] {
        let approvals = grant(&db, &user_id, &binding, per_round).await?;
        let queue = Arc::new(tokio::sync::Mutex::new(approvals));
        let started = Instant::now();
        let mut workers = Vec::new();
        for _ in 0..clients {
            let queue = queue.clone();
            let client = client.clone();
            let token = token.clone();
            let account_id = account_id.clone();
            workers.push(tokio::spawn(async move {
                let mut failed = 0usize;
                loop {
                    let Some(request_id) = queue.lock().await.pop() else {
                        break;
                    };
                    let body = serde_json::json!({
                        "id": uuid::Uuid::new_v4().to_string(),
                        "requestId": request_id,
                        "amount": "1.00",
                        "sender": {"bankAccountId": account_id},
                        "receiver": {"name": "Acme Ltd", "type": "company",
                            "ukSortCode": "200000", "ukAccountNumber": "55779911"},
                        "details": "Bench",
                        "scheme": "local"
                    });
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
        println!(
            "submit, {clients:>2} clients: {:>7.0} transfers/s ({per_round} in {seconds:.2} s, {failed} failed)",
            per_round as f64 / seconds
        );
    }

    for settlers in [1usize, 4] {
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
                store::transfers::settle_due(&pool, store::now_ms() + 2 * 86_400_000, usize::MAX)
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

async fn pending(db: &Db) -> anyhow::Result<i64> {
    let (n,) =
        sqlx::query_as::<_, (i64,)>("SELECT COUNT(*) FROM transfers WHERE status = 'pending'")
            .fetch_one(&db.pool)
            .await?;
    Ok(n)
}

/// A business with a GBP account holding a million pounds, and a session.
async fn payer(db: &Db) -> anyhow::Result<(String, String, String)> {
    let email = Email::parse(&format!(
        "bench-{}@example.com",
        uuid::Uuid::new_v4().simple()
    ))
    .map_err(|_| anyhow::anyhow!("email"))?;
    let user_id = store::users::create(
        db,
        &store::users::NewUser {
            email: &email,
            password_hash: "unused",
            name: "Bench",
            surname: "Payer",
            phone_code: Some("+44"),
            phone_number: Some("7700900999"),
            mfa_method: Method::Sms,
            onboarding_flow: None,
            kyc_status: KycStatus::Completed,
        },
    )
    .await?;
    let profile_id = store::profiles::create(db, ProfileType::Business, "Bench Payer Ltd").await?;
    store::profiles::add_member(db, &profile_id, &user_id, Role::Admin, &[], true).await?;
    let mut tx = db.begin_write().await?;
    let account_id = store::bank_accounts::open(
        &mut tx,
        &NewAccount {
            profile_id: &profile_id,
            currency: Currency::Gbp,
            name: "Bench Payer Ltd",
            is_primary: true,
            status: "active",
            activates_at: None,
            created_at: store::now_ms(),
        },
    )
    .await?;
    tx.commit().await?;
    let account = store::bank_accounts::by_id(db, &account_id)
        .await?
        .ok_or_else(|| anyhow::anyhow!("account"))?;
    bank::providers::sandbox_payments::credit(db, &account.iban, "1000000.00", "Bench", "")
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let tokens = store::sessions::issue(db, &user_id, store::now_ms()).await?;
    Ok((user_id, account_id, tokens.access))
}

/// Approvals already verified for the terms, as the SMS step would leave them.
async fn grant(db: &Db, user_id: &str, binding: &str, count: usize) -> anyhow::Result<Vec<String>> {
    let mut ids = Vec::with_capacity(count);
    for _ in 0..count {
        let request = store::mfa::create(
            db,
            &store::mfa::NewRequest {
                user_id,
                purpose: Purpose::Transfer,
                method: Method::Sms,
                code: "000000",
                challenge: None,
                lifetime_ms: 3_600_000,
                binding: Some(binding),
            },
            store::now_ms(),
        )
        .await?;
        ids.push(request.id);
    }
    sqlx::query("UPDATE mfa_requests SET status = 'verified' WHERE user_id = $1 AND status IN ('pending', 'expired') AND binding = $2")
        .bind(user_id)
        .bind(binding)
        .execute(&db.pool)
        .await?;
    Ok(ids)
}
