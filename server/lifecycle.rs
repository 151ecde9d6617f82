//! A bank process's way out (issue 15): on SIGTERM `/readyz` turns unready first, so a load
//! balancer stops sending new requests; after the drain period the listener stops accepting and
//! in-flight requests and renders finish (up to the grace period); then the background jobs stop
//! between two steps, never inside one, and the process exits.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tokio::sync::watch;
use tokio::task::JoinHandle;

pub struct Lifecycle {
    draining: AtomicBool,
    stop: watch::Sender<bool>,
    jobs: std::sync::Mutex<Vec<JoinHandle<()>>>,
}

impl Default for Lifecycle {
    fn default() -> Self {
        Self {
            draining: AtomicBool::new(false),
            stop: watch::channel(false).0,
            jobs: std::sync::Mutex::new(Vec::new()),
        }
    }
}

impl Lifecycle {
    /// `/readyz` answers unready from now on.
    pub fn begin_drain(&self) {
        self.draining.store(true, Ordering::SeqCst);
    }

    pub fn is_draining(&self) -> bool {
        self.draining.load(Ordering::SeqCst)
    }

    /// What a job loop watches: it ends when this turns true.
    pub fn stopping(&self) -> watch::Receiver<bool> {
        self.stop.subscribe()
    }

    /// A job loop to wait for at the end.
    pub fn keep(&self, job: JoinHandle<()>) {
        self.jobs.lock().expect("the job list lock").push(job);
    }

    /// Tells the jobs to stop after the step they are in, and waits for them (at most `wait`).
    pub async fn stop_jobs(&self, wait: Duration) {
        let _ = self.stop.send(true);
        let jobs: Vec<JoinHandle<()>> =
            std::mem::take(&mut *self.jobs.lock().expect("the job list lock"));
        let all = async {
            for job in jobs {
                let _ = job.await;
            }
        };
        if tokio::time::timeout(wait, all).await.is_err() {
            tracing::warn!("background jobs were still in a step when the process stopped");
        }
    }
}

/// Runs `step` every `every` until the lifecycle stops; the stop is only seen between steps.
pub fn every<F, Fut>(lifecycle: &Lifecycle, every: Duration, mut step: F) -> JoinHandle<()>
where
    F: FnMut() -> Fut + Send + 'static,
    Fut: std::future::Future<Output = ()> + Send,
{
    let mut stopping = lifecycle.stopping();
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(every);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = stopping.wait_for(|stop| *stop) => break,
            }
            step().await;
        }
    })
}
