//! Background work of a running bank: pending bank accounts become active when their time comes
//! (SPEC §4), ordered cards move through delivery, card referral rewards are paid, transfers are settled or returned by their scheme, and ended rate-limit windows and
//! exchange quotes nobody used are swept. Each job only touches rows whose time has
//! passed, so several servers may run them.

use std::sync::Arc;
use std::time::Duration;

use crate::api::rate_limit::RateLimiter;
use crate::store::{self, now_ms, Db};

pub fn spawn(db: Db, limiter: Arc<RateLimiter>, card_delivery_step_ms: u64) {
    let settling = db.clone();
    let sweeping = db.clone();
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_millis(500));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            if let Err(error) = store::bank_accounts::activate_due(&db, now_ms()).await {
                tracing::warn!(%error, "activating pending bank accounts failed");
            }
            let step = card_delivery_step_ms as i64;
            if let Err(error) = store::cards::deliver_due(&db, now_ms(), step).await {
                tracing::warn!(%error, "moving card deliveries on failed");
            }
            if let Err(error) = store::card_referrals::pay_due(&db, now_ms(), 100).await {
                tracing::warn!(%error, "paying card referral rewards failed");
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
            if let Err(error) = store::exchanges::sweep(&sweeping, now_ms()).await {
                tracing::warn!(%error, "sweeping old exchange quotes failed");
            }
        }
    });
}
