//! Background work of a running bank: pending bank accounts become active when their time comes
//! (SPEC §4). The job only flips rows whose time has passed, so several servers may run it.

use std::time::Duration;

use crate::store::{self, now_ms, Db};

pub fn spawn(db: Db) {
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
}
