//! Background work of a running bank: pending bank accounts become active when their time comes
//! (SPEC §4), ordered cards move through delivery, referrals become active and their rewards are paid, money in is matched to
//! the invoices it pays, transfers are
//! settled or returned by their scheme, and ended rate-limit windows, exchange quotes nobody
//! used and abandoned uploads are swept. Each job only touches rows whose time has passed and claims what it changes
//! (conditional updates, `FOR UPDATE SKIP LOCKED`), so several servers may run them; each stops
//! between steps when the process shuts down (`lifecycle.rs`).

use std::sync::Arc;
use std::time::Duration;

use crate::lifecycle::{every, Lifecycle};
use crate::rate_limit::RateLimiter;
use crate::store::{self, Db};

/// Checking the ledger's invariants reads every posting: every quarter of an hour is enough
/// for the dashboard, and the first check waits that long after the process starts.
const LEDGER_CHECK_EVERY: Duration = Duration::from_secs(15 * 60);

/// A job's failed run: logged, and kept for the back office's dashboard.
async fn failed(db: &Db, job: &str, error: &(dyn std::fmt::Display + Sync)) {
    tracing::warn!(%error, job, "a background job failed");
    if let Err(error) = store::health::job_failed(db, job, &error.to_string()).await {
        tracing::warn!(%error, job, "recording a job's failure failed");
    }
}

/// The ledger's invariants (`bank ledger check` and every quarter of an hour), each broken one
/// described; the result is kept for the back office's dashboard.
pub async fn check_ledger(db: &Db) -> Result<Vec<String>, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    let broken = store::ledger::check_invariants(&mut conn).await?;
    drop(conn);
    let detail = if broken.is_empty() {
        "the ledger is sound".to_string()
    } else {
        format!(
            "{} invariant(s) broken: {}",
            broken.len(),
            broken.join("; ")
        )
    };
    store::health::checked(db, "ledger", broken.is_empty(), &detail).await?;
    Ok(broken)
}

pub fn spawn(
    lifecycle: &Lifecycle,
    db: Db,
    limiter: Arc<RateLimiter>,
    card_delivery_step: std::time::Duration,
    rails: Option<Arc<dyn crate::providers::rails::PaymentRails>>,
    acquirer: Option<Arc<dyn crate::providers::acquirer::Acquirer>>,
    retry_base: Duration,
) {
    let accounts = db.clone();
    let checking_db = db.clone();
    lifecycle.keep(every(lifecycle, Duration::from_millis(500), move || {
        let db = accounts.clone();
        async move {
            if let Err(error) = store::bank_accounts::activate_due(&db, db.now_ms()).await {
                failed(&db, "activating pending bank accounts", &error).await;
            }
            let step = crate::domain::clock::ms(card_delivery_step);
            if let Err(error) = store::cards::deliver_due(&db, db.now_ms(), step).await {
                failed(&db, "moving card deliveries on", &error).await;
            }
            if let Err(error) = store::referrals::activate_ready_accounts(&db, db.now_ms()).await {
                failed(&db, "activating account referrals", &error).await;
            }
            if let Err(error) = store::referrals::pay_due(&db, db.now_ms(), 100).await {
                failed(&db, "paying referral rewards", &error).await;
            }
            if let Err(error) =
                crate::services::invoices::matching::match_due(&db, db.now_ms(), 200).await
            {
                failed(&db, "matching payments to invoices", &error).await;
            }
        }
    }));
    // Due transfers go to the rail (the sandbox schemes, or the sponsor bank's); with none
    // configured no transfer leaves the bank, so nothing is settled by a made-up outcome.
    if let Some(rails) = rails {
        let settling = db.clone();
        lifecycle.keep(every(lifecycle, Duration::from_millis(250), move || {
            let db = settling.clone();
            let rails = rails.clone();
            async move {
                if let Err(error) = crate::services::payments::settlement::settle_due(
                    &db,
                    rails.as_ref(),
                    retry_base,
                    db.now_ms(),
                    500,
                )
                .await
                {
                    failed(&db, "settling due transfers", &error).await;
                }
            }
        }));
    }
    // Refunds of a second activation fee, asked of the card acquirer until it takes them.
    if let Some(acquirer) = acquirer {
        let refunding = db.clone();
        lifecycle.keep(every(lifecycle, Duration::from_secs(1), move || {
            let db = refunding.clone();
            let acquirer = acquirer.clone();
            async move {
                if let Err(error) = crate::services::onboarding::card_payments::send_due_refunds(
                    &db,
                    acquirer.as_ref(),
                    retry_base,
                    db.now_ms(),
                    100,
                )
                .await
                {
                    failed(&db, "asking the acquirer for refunds", &error).await;
                }
            }
        }));
    }
    lifecycle.keep(every(lifecycle, Duration::from_secs(60), move || {
        let db = db.clone();
        let limiter = limiter.clone();
        async move {
            if let Err(error) = limiter.sweep().await {
                failed(&db, "sweeping ended rate-limit windows", &error).await;
            }
            if let Err(error) = store::exchanges::sweep(&db, db.now_ms()).await {
                failed(&db, "sweeping old exchange quotes", &error).await;
            }
            // Unfinished uploads expire after an hour; finished ones no transfer took, after a day.
            let now = db.now_ms();
            if let Err(error) =
                store::documents::sweep(&db, now - 3_600_000, now - 86_400_000, 500).await
            {
                failed(&db, "sweeping abandoned uploads", &error).await;
            }
        }
    }));
    let checking = checking_db;
    let mut first = true;
    lifecycle.keep(every(lifecycle, LEDGER_CHECK_EVERY, move || {
        let db = checking.clone();
        // The interval's first tick is at once: a starting process has nothing new to check.
        let skip = std::mem::replace(&mut first, false);
        async move {
            if skip {
                return;
            }
            // One process of the fleet checks each quarter (a minute's slack for clocks).
            let now = db.now_ms();
            let due = now - LEDGER_CHECK_EVERY.as_millis() as i64 + 60_000;
            match store::health::claim(&db, "ledger", now, due).await {
                Ok(true) => {}
                Ok(false) => return,
                Err(error) => return failed(&db, "checking the ledger", &error).await,
            }
            if let Err(error) = check_ledger(&db).await {
                failed(&db, "checking the ledger", &error).await;
            }
        }
    }));
}

/// Keeps the owner names of the bank's sterling accounts registered with ClearBank (which
/// answers other banks' Confirmation of Payee checks with them), every 30 seconds.
pub fn spawn_cop_registration(
    lifecycle: &Lifecycle,
    db: Db,
    clearbank: Arc<crate::providers::rails::clearbank::ClearBank>,
    real_account: String,
    retry_base: Duration,
) {
    lifecycle.keep(every(lifecycle, Duration::from_secs(30), move || {
        let db = db.clone();
        let clearbank = clearbank.clone();
        let real_account = real_account.clone();
        async move {
            if let Err(error) = crate::services::payments::cop_registration::register_due(
                &db,
                &clearbank,
                &real_account,
                retry_base,
                db.now_ms(),
                200,
            )
            .await
            {
                failed(&db, "registering account names with ClearBank", &error).await;
            }
        }
    }));
}
