//! Fixed-window counters per key (an IP, an account, a request), in memory. Each instance of
//! the bank counts on its own; behind a load balancer the limits apply per instance.

use std::collections::HashMap;
use std::sync::Mutex;

#[derive(Default)]
pub struct RateLimiter {
    windows: Mutex<HashMap<String, (i64, u32)>>,
}

impl RateLimiter {
    /// Counts one hit on `key`; past `limit` hits within `window_ms`, answers how many seconds
    /// remain until the window ends.
    pub fn hit(&self, key: &str, limit: u32, window_ms: i64, now: i64) -> Result<(), u64> {
        let mut windows = self
            .windows
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if windows.len() > 100_000 {
            windows.retain(|_, (start, _)| now - *start < window_ms);
        }
        let entry = windows.entry(key.to_string()).or_insert((now, 0));
        if now - entry.0 >= window_ms {
            *entry = (now, 0);
        }
        if entry.1 >= limit {
            let left_ms = window_ms - (now - entry.0);
            return Err(((left_ms + 999) / 1000).max(1) as u64);
        }
        entry.1 += 1;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allows_the_limit_then_says_when_to_retry() {
        let limiter = RateLimiter::default();
        for _ in 0..3 {
            assert!(limiter.hit("ip:1", 3, 60_000, 1_000).is_ok());
        }
        assert_eq!(limiter.hit("ip:1", 3, 60_000, 31_000), Err(30));
        assert!(
            limiter.hit("ip:2", 3, 60_000, 31_000).is_ok(),
            "keys count apart"
        );
        assert!(
            limiter.hit("ip:1", 3, 60_000, 61_000).is_ok(),
            "a new window starts"
        );
    }
}
