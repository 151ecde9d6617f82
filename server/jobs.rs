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

/// `sandbox`: the sandbox payment schemes settle transfers (the only schemes so far); outside
/// sandbox mode no transfer leaves the bank, so nothing is settled by a made-up outcome.
pub fn spawn(
    lifecycle: &Lifecycle,
    db: Db,
    limiter: Arc<RateLimiter>,
    card_delivery_step: std::time::Duration,
    sandbox: bool,
) {
    let accounts = db.clone();
    lifecycle.keep(every(lifecycle, Duration::from_millis(500), move || {
        let db = accounts.clone();
        async move {
            if let Err(error) = store::bank_accounts::activate_due(&db, db.now_ms()).await {
                tracing::warn!(%error, "activating pending bank accounts failed");
            }
            let step = crate::domain::clock::ms(card_delivery_step);
            if let Err(error) = store::cards::deliver_due(&db, db.now_ms(), step).await {
                tracing::warn!(%error, "moving card deliveries on failed");
            }
            if let Err(error) = store::referrals::activate_ready_accounts(&db, db.now_ms()).await {
                tracing::warn!(%error, "activating account referrals failed");
            }
            if let Err(error) = store::referrals::pay_due(&db, db.now_ms(), 100).await {
                tracing::warn!(%error, "paying referral rewards failed");
            }
            if let Err(error) =
                crate::services::invoices::matching::match_due(&db, db.now_ms(), 200).await
            {
                tracing::warn!(%error, "matching payments to invoices failed");
            }
        }
    }));
    if sandbox {
        let settling = db.clone();
        lifecycle.keep(every(lifecycle, Duration::from_millis(250), move || {
            let db = settling.clone();
            async move {
                if let Err(error) =
                    crate::services::payments::settlement::settle_due(&db, db.now_ms(), 500).await
                {
                    tracing::warn!(%error, "settling due transfers failed");
                }
            }
        }));
    }
    lifecycle.keep(every(lifecycle, Duration::from_secs(60), move || {
        let db = db.clone();
        let limiter = limiter.clone();
        async move {
            if let Err(error) = limiter.sweep().await {
                tracing::warn!(%error, "sweeping ended rate-limit windows failed");
            }
            if let Err(error) = store::exchanges::sweep(&db, db.now_ms()).await {
                tracing::warn!(%error, "sweeping old exchange quotes failed");
            }
            // Unfinished uploads expire after an hour; finished ones no transfer took, after a day.
            let now = db.now_ms();
            if let Err(error) =
                store::documents::sweep(&db, now - 3_600_000, now - 86_400_000, 500).await
            {
                tracing::warn!(%error, "sweeping abandoned uploads failed");
            }
        }
    }));
}
