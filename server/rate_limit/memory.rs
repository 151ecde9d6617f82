//! Fixed windows in this process's memory: only for the embedded SQLite bank, which is one
//! process by construction.

use std::collections::HashMap;
use std::sync::Mutex;

#[derive(Default)]
pub struct Windows {
    /// key -> (hits, window end in ms)
    windows: Mutex<HashMap<String, (i64, i64)>>,
}

impl Windows {
    /// Counts one hit; answers the hits in the current window and when it ends.
    pub fn hit(&self, key: &str, window_ms: i64, now: i64) -> (i64, i64) {
        let mut windows = self
            .windows
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if windows.len() > 100_000 {
            windows.retain(|_, (_, ends)| *ends > now);
        }
        let entry = windows
            .entry(key.to_string())
            .or_insert((0, now + window_ms));
        if entry.1 <= now {
            *entry = (0, now + window_ms);
        }
        entry.0 = entry.0.saturating_add(1);
        *entry
    }

    pub fn sweep(&self, now: i64) {
        self.windows
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .retain(|_, (_, ends)| *ends > now);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_within_a_window_and_starts_again_after_it() {
        let windows = Windows::default();
        assert_eq!(windows.hit("a", 60_000, 1_000), (1, 61_000));
        assert_eq!(windows.hit("a", 60_000, 31_000), (2, 61_000));
        assert_eq!(windows.hit("b", 60_000, 31_000), (1, 91_000));
        assert_eq!(windows.hit("a", 60_000, 61_000), (1, 121_000));
        windows.sweep(200_000);
        assert_eq!(windows.hit("a", 60_000, 200_000), (1, 260_000));
    }
}
