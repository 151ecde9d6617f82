//! A table that every page reads and operators seldom change (the flag overrides, the promo
//! campaigns) is read at most once a second per process instead of once per request.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a process answers what it read without asking again. A change reaches the process
/// that made it at once (it forgets what it read) and the rest of the fleet within this long.
pub const REREAD_AFTER: Duration = Duration::from_secs(1);

/// What was last read, and when; the generation counts the process's own changes, so a read
/// that began before one is not kept after it.
pub struct Reread<T>(Arc<Mutex<Held<T>>>);

impl<T> Clone for Reread<T> {
    fn clone(&self) -> Self {
        Self(self.0.clone())
    }
}

impl<T> Default for Reread<T> {
    fn default() -> Self {
        Self(Arc::new(Mutex::new(Held {
            generation: 0,
            read: None,
        })))
    }
}

struct Held<T> {
    generation: u64,
    read: Option<(Instant, Arc<T>)>,
}

impl<T> Reread<T> {
    /// What was read within the last second, else what `read` answers now.
    pub async fn get<F, Fut>(&self, read: F) -> Result<Arc<T>, sqlx::Error>
    where
        F: FnOnce() -> Fut,
        Fut: std::future::Future<Output = Result<T, sqlx::Error>>,
    {
        let generation = {
            let held = self.0.lock().expect("reread cache");
            match &held.read {
                Some((read_at, value)) if read_at.elapsed() < REREAD_AFTER => {
                    return Ok(value.clone())
                }
                _ => held.generation,
            }
        };
        let read_at = Instant::now();
        let value = Arc::new(read().await?);
        let mut held = self.0.lock().expect("reread cache");
        if held.generation == generation {
            held.read = Some((read_at, value.clone()));
        }
        Ok(value)
    }

    /// This process changed the table: the next reader reads it again.
    pub fn forget(&self) {
        let mut held = self.0.lock().expect("reread cache");
        held.generation += 1;
        held.read = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn answers_what_it_read_until_told_to_forget() {
        let cache = Reread::<u32>::default();
        assert_eq!(*cache.get(|| async { Ok(1) }).await.unwrap(), 1);
        assert_eq!(
            *cache.get(|| async { Ok(2) }).await.unwrap(),
            1,
            "read lately"
        );
        cache.forget();
        assert_eq!(*cache.get(|| async { Ok(3) }).await.unwrap(), 3);
    }

    #[tokio::test]
    async fn a_read_begun_before_a_change_is_not_kept() {
        let cache = Reread::<u32>::default();
        let stale = cache.get(|| async {
            cache.forget();
            Ok(1)
        });
        assert_eq!(*stale.await.unwrap(), 1, "its own caller still gets it");
        assert_eq!(*cache.get(|| async { Ok(2) }).await.unwrap(), 2);
    }
}
