//! When the pool checks a connection before handing it out.
//!
//! sqlx pings every connection it hands out (and again when it comes back, which stays): on
//! PostgreSQL a network round trip before every statement or transaction taken from the pool.
//! A connection that came back a moment ago passed its return ping, so only one that sat idle
//! for a while is pinged, as is every one for a while after a statement found the database away:
//! a restart or failover ends all the pool's connections at once, and the first request to meet a
//! dead one answers 503 with `Retry-After` while the others are checked and replaced instead of
//! each failing a request too.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// Longer than the gaps between a busy bank's statements; a connection left from a quiet spell
/// is checked before it is trusted.
const IDLE: Duration = Duration::from_secs(1);
/// Longer than a failover's gap and the `Retry-After` that follows it.
const AFTER_AWAY: Duration = Duration::from_secs(10);

pub struct PoolCheck {
    since: Instant,
    /// When a statement last found the database away, in ms after `since`, plus one (0: never).
    away_at: AtomicU64,
}

impl PoolCheck {
    fn new(since: Instant) -> Self {
        Self {
            since,
            away_at: AtomicU64::new(0),
        }
    }

    fn away_seen(&self, now: Instant) {
        let at = now.saturating_duration_since(self.since).as_millis() as u64 + 1;
        self.away_at.fetch_max(at, Ordering::Relaxed);
    }

    fn wanted(&self, idle_for: Duration, now: Instant) -> bool {
        if idle_for >= IDLE {
            return true;
        }
        match self.away_at.load(Ordering::Relaxed) {
            0 => false,
            at => {
                let away = self.since + Duration::from_millis(at - 1);
                now.saturating_duration_since(away) < AFTER_AWAY
            }
        }
    }
}

/// One per process: every pool of the process (tests run several banks) checks more after any
/// of them found its database away, which only costs pings.
fn shared() -> &'static PoolCheck {
    static CHECK: OnceLock<PoolCheck> = OnceLock::new();
    CHECK.get_or_init(|| PoolCheck::new(Instant::now()))
}

/// A statement found the database away: check connections before handing them out for a while.
pub(super) fn away_seen() {
    shared().away_seen(Instant::now());
}

/// Whether a connection idle for `idle_for` is pinged before it is handed out.
pub(super) fn wanted(idle_for: Duration) -> bool {
    shared().wanted(idle_for, Instant::now())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_connection_back_a_moment_ago_is_trusted_one_idle_for_a_while_is_checked() {
        let start = Instant::now();
        let check = PoolCheck::new(start);
        assert!(!check.wanted(Duration::from_millis(5), start));
        assert!(!check.wanted(Duration::from_millis(999), start + Duration::from_secs(60)));
        assert!(check.wanted(Duration::from_secs(1), start));
    }

    #[test]
    fn after_the_database_was_away_every_connection_is_checked_for_a_while() {
        let start = Instant::now();
        let check = PoolCheck::new(start);
        let away = start + Duration::from_secs(30);
        assert!(!check.wanted(Duration::ZERO, away));
        check.away_seen(away);
        assert!(check.wanted(Duration::ZERO, away));
        assert!(check.wanted(Duration::ZERO, away + Duration::from_millis(9_999)));
        assert!(!check.wanted(Duration::ZERO, away + AFTER_AWAY));
        // An earlier report does not shorten the window of a later one.
        check.away_seen(start);
        assert!(check.wanted(Duration::ZERO, away + Duration::from_secs(5)));
    }
}
