//! CPU-heavy work of a request (argon2 hashes, PDF documents) runs on tokio's blocking pool,
//! never on a worker thread that serves other requests, and a semaphore bounds how many such
//! jobs run at once: a burst of log-ins waits its turn instead of stalling the whole bank.

use std::sync::Arc;

use tokio::sync::Semaphore;

use super::error::AppError;

pub struct CpuPool {
    permits: Arc<Semaphore>,
}

impl CpuPool {
    pub fn new(jobs: usize) -> Self {
        Self {
            permits: Arc::new(Semaphore::new(jobs.max(1))),
        }
    }

    /// As many jobs at once as the machine has cores.
    pub fn per_core() -> Self {
        Self::new(std::thread::available_parallelism().map_or(2, |n| n.get()))
    }

    /// Runs `work` off the request threads; a panic in it becomes a 500, not a lost connection.
    pub async fn run<T, F>(&self, work: F) -> Result<T, AppError>
    where
        F: FnOnce() -> T + Send + 'static,
        T: Send + 'static,
    {
        let permit = self
            .permits
            .clone()
            .acquire_owned()
            .await
            .map_err(|e| AppError::Internal(e.into()))?;
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work()
        })
        .await
        .map_err(|e| AppError::Internal(anyhow::anyhow!("blocking job failed: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn no_more_than_the_bound_run_at_once() {
        let pool = Arc::new(CpuPool::new(2));
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let jobs: Vec<_> = (0..8)
            .map(|_| {
                let (pool, running, most) = (pool.clone(), running.clone(), most.clone());
                tokio::spawn(async move {
                    pool.run(move || {
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        std::thread::sleep(std::time::Duration::from_millis(20));
                        running.fetch_sub(1, Ordering::SeqCst);
                    })
                    .await
                })
            })
            .collect();
        for job in jobs {
            job.await.unwrap().unwrap();
        }
        assert_eq!(most.load(Ordering::SeqCst), 2);
    }

    #[tokio::test]
    async fn a_panicking_job_is_an_internal_error() {
        let pool = CpuPool::new(1);
        let outcome: Result<(), AppError> = pool.run(|| panic!("boom")).await;
        assert!(matches!(outcome, Err(AppError::Internal(_))));
        pool.run(|| ()).await.expect("the permit came back");
    }
}
