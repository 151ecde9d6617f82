//! The bank's "now", passed in rather than read from the system wherever it is needed: every
//! expiry, cut-off, due time and stamp of the server asks the `Clock` its database handle
//! carries (`store::Db::clock`), so a test moves time forward instead of sleeping, and the
//! background jobs of that bank see the same moved time.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The system's time plus a shift that only tests set. Copies share the shift, so a test that
/// advances its bank's clock moves every handler, service and job of that bank at once.
#[derive(Clone, Debug, Default)]
pub struct Clock {
    shift_ms: Arc<AtomicI64>,
}

impl Clock {
    /// The real time.
    pub fn system() -> Self {
        Self::default()
    }

    /// Milliseconds since the Unix epoch: what the store keeps times as.
    pub fn now_ms(&self) -> i64 {
        system_ms() + self.shift_ms.load(Ordering::Relaxed)
    }

    /// The same instant as a date-time in UTC.
    pub fn now(&self) -> time::OffsetDateTime {
        time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(self.now_ms()) * 1_000_000)
            .unwrap_or(time::OffsetDateTime::UNIX_EPOCH)
    }

    /// Moves this clock and every copy of it forward (tests: an approval, a quote or an
    /// invitation expires without waiting for it).
    pub fn advance(&self, by: Duration) {
        self.shift_ms.fetch_add(ms(by), Ordering::Relaxed);
    }
}

/// A duration in the milliseconds the store keeps times in.
pub fn ms(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

/// A duration in whole seconds, as answers carry lifetimes (`expiresInS`, `visibleForS`).
pub fn whole_seconds(duration: Duration) -> u32 {
    u32::try_from(duration.as_secs()).unwrap_or(u32::MAX)
}

fn system_ms() -> i64 {
    (time::OffsetDateTime::now_utc().unix_timestamp_nanos() / 1_000_000) as i64
}

/// The longest wait between tries of an outside party.
const MAX_WAIT_MS: i64 = 60 * 60 * 1000;

/// The wait in milliseconds before try `attempts + 1` of a call an outside party did not take
/// (a payment to the rail, a refund to the acquirer): the base, then three times longer each
/// time, up to an hour.
pub fn backoff(retry_base: Duration, attempts: i64) -> i64 {
    let base = i64::try_from(retry_base.as_millis()).unwrap_or(MAX_WAIT_MS);
    let factor = 3_i64.saturating_pow(u32::try_from(attempts.clamp(1, 20) - 1).unwrap_or(0));
    base.saturating_mul(factor).min(MAX_WAIT_MS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_share_the_advance() {
        let clock = Clock::system();
        let copy = clock.clone();
        let before = copy.now_ms();
        clock.advance(Duration::from_secs(3600));
        let after = copy.now_ms();
        assert!(after - before >= 3_600_000, "{before} -> {after}");
        assert!(after - before < 3_700_000, "{before} -> {after}");
    }

    #[test]
    fn now_and_now_ms_name_the_same_instant() {
        let clock = Clock::system();
        let ms = clock.now_ms();
        let at = clock.now().unix_timestamp_nanos() / 1_000_000;
        assert!((at as i64 - ms).abs() < 1_000);
    }
}
