//! Background work of a running bank: pending bank accounts become active when their time comes
//! (SPEC §4), transfers are settled or returned by their scheme, and ended rate-limit windows are
//! swept. Each job only touches rows whose time has
//! passed, so several servers may run them.

use std::sync::Arc;
use std::time::Duration;

use crate::api::rate_limit::RateLimiter;
use crate::store::{self, now_ms, Db};

pub fn spawn(db: Db, limiter: Arc<RateLimiter>) {
    let settling = db.clone();
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_millis(500));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            if let Err(error) = store::bank_accounts::activate_due(&db, now_ms()).await {
                tracing::warn!(%error, "activating pending bank accounts failed");
            }
        }
    });
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_millis(250));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            if let Err(error) = store::transfers::settle_due(&settling, now_ms(), 500).await {
                tracing::warn!(%error, "settling due transfers failed");
            }
        }
    });
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(60));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            if let Err(error) = limiter.sweep().await {
                tracing::warn!(%error, "sweeping ended rate-limit windows failed");
            }
        }
    });
}
