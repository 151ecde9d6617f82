use std::sync::Arc;
use std::time::Duration;

use crossbeam_channel::{bounded, Receiver, Sender, TrySendError};
use tokio::sync::oneshot;

use crate::host::{HostContext, HostFetch};
use crate::isolate::Isolate;
use crate::watchdog::Watchdog;

#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum RenderError {
    /// Every isolate is busy and the queue is full: shed load, ask to retry.
    #[error("the render queue is full")]
    Busy,
    #[error("the render passed its deadline and was terminated")]
    Deadline,
    #[error("the render reached the isolate's heap limit and was terminated")]
    HeapLimit,
    #[error("the render threw: {0}")]
    Script(String),
    #[error("the render pool has shut down")]
    Closed,
}

#[derive(Clone)]
pub struct PoolConfig {
    pub isolates: usize,
    /// Renders waiting for an isolate beyond this are refused with `RenderError::Busy`.
    pub queue: usize,
    pub deadline: Duration,
    /// Maximum V8 heap per isolate, in bytes.
    pub heap_limit: usize,
    pub snapshot: &'static [u8],
    pub fetch: Option<HostFetch>,
}

impl PoolConfig {
    pub fn new(snapshot: &'static [u8]) -> Self {
        let isolates = std::thread::available_parallelism().map_or(2, |n| n.get());
        Self {
            isolates,
            queue: isolates * 64,
            deadline: Duration::from_secs(2),
            heap_limit: 128 * 1024 * 1024,
            snapshot,
            fetch: None,
        }
    }
}

struct Job {
    input: String,
    context: HostContext,
    reply: oneshot::Sender<Result<String, RenderError>>,
}

/// A fixed set of isolate threads fed by one bounded queue.
#[derive(Clone)]
pub struct Pool {
    tx: Sender<Job>,
    isolates: usize,
}

impl Pool {
    pub fn start(config: PoolConfig) -> std::io::Result<Self> {
        let isolates = config.isolates.max(1);
        let (tx, rx) = bounded::<Job>(config.queue.max(1));
        let config = Arc::new(config);
        for id in 0..isolates {
            let rx = rx.clone();
            let config = config.clone();
            let watchdog = Watchdog::spawn(format!("ssr-watchdog-{id}"))?;
            std::thread::Builder::new()
                .name(format!("ssr-isolate-{id}"))
                .spawn(move || worker(config, rx, watchdog))?;
        }
        Ok(Self { tx, isolates })
    }

    pub fn isolates(&self) -> usize {
        self.isolates
    }

    pub async fn render(&self, input: String, context: HostContext) -> Result<String, RenderError> {
        let (reply, answer) = oneshot::channel();
        match self.tx.try_send(Job {
            input,
            context,
            reply,
        }) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => return Err(RenderError::Busy),
            Err(TrySendError::Disconnected(_)) => return Err(RenderError::Closed),
        }
        answer.await.unwrap_or(Err(RenderError::Closed))
    }
}

fn worker(config: Arc<PoolConfig>, rx: Receiver<Job>, watchdog: Watchdog) {
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            tracing::error!(%error, "could not start an isolate thread's runtime");
            return;
        }
    };
    let _enter = runtime.enter();
    let new_isolate = || Isolate::new(config.snapshot, config.heap_limit, config.fetch.clone());
    let mut isolate = Some(new_isolate());
    while let Ok(job) = rx.recv() {
        let current = isolate.get_or_insert_with(new_isolate);
        let outcome =
            runtime.block_on(current.render(job.input, job.context, config.deadline, &watchdog));
        if outcome.poisoned {
            // Replace before answering, so the next job finds a ready isolate.
            drop(isolate.take());
            isolate = Some(new_isolate());
        }
        let _ = job.reply.send(outcome.result);
    }
}
