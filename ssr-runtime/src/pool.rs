use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use crossbeam_channel::{bounded, Receiver, Sender};
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
    /// How long an idle isolate watches for its next job before its thread sleeps (see
    /// [`receive`]); zero never watches.
    pub spin: Duration,
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
            // Twice what a sleep and a wake-up added to the gap between back-to-back renders
            // on the 2-core machine (README, "Hand-over without a wake-up").
            spin: Duration::from_micros(200),
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

/// Who is free and what waits, changed under one lock so that a job is never left queued
/// while an isolate sleeps.
#[derive(Default)]
struct Board {
    /// Idle isolates, the one that finished last on top.
    idle: Vec<usize>,
    waiting: VecDeque<Job>,
}

/// A fixed set of isolate threads. A render goes to the isolate that became idle last, so
/// that under light load one warm isolate (its compiled code and its memory in the core's
/// caches) serves it instead of each in turn; when all are busy it waits in one bounded queue.
#[derive(Clone)]
pub struct Pool {
    board: Arc<Mutex<Board>>,
    /// One hand-over slot per isolate. Only the pool holds these: when the last pool is
    /// dropped the isolates see their slot close and stop.
    slots: Arc<[Sender<Job>]>,
    queue: usize,
}

impl Pool {
    pub fn start(config: PoolConfig) -> std::io::Result<Self> {
        let isolates = config.isolates.max(1);
        let board = Arc::new(Mutex::new(Board::default()));
        let config = Arc::new(config);
        let mut slots = Vec::with_capacity(isolates);
        for id in 0..isolates {
            let (slot, job) = bounded::<Job>(1);
            slots.push(slot);
            let board = board.clone();
            let config = config.clone();
            let watchdog = Watchdog::spawn(format!("ssr-watchdog-{id}"))?;
            std::thread::Builder::new()
                .name(format!("ssr-isolate-{id}"))
                .spawn(move || worker(id, config, board, job, watchdog))?;
        }
        Ok(Self {
            board,
            slots: slots.into(),
            queue: config.queue.max(1),
        })
    }

    pub fn isolates(&self) -> usize {
        self.slots.len()
    }

    pub async fn render(&self, input: String, context: HostContext) -> Result<String, RenderError> {
        let (reply, answer) = oneshot::channel();
        let job = Job {
            input,
            context,
            reply,
        };
        let idle = {
            let mut board = lock(&self.board);
            match board.idle.pop() {
                Some(id) => Some((id, job)),
                None if board.waiting.len() < self.queue => {
                    board.waiting.push_back(job);
                    None
                }
                None => return Err(RenderError::Busy),
            }
        };
        if let Some((id, job)) = idle {
            // The isolate marked itself idle and waits on its empty slot.
            if self.slots[id].send(job).is_err() {
                return Err(RenderError::Closed);
            }
        }
        answer.await.unwrap_or(Err(RenderError::Closed))
    }
}

fn lock(board: &Mutex<Board>) -> MutexGuard<'_, Board> {
    // The lock guards two plain collections changed in one step each: a panic elsewhere
    // cannot leave them half-changed.
    board
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn worker(
    id: usize,
    config: Arc<PoolConfig>,
    board: Arc<Mutex<Board>>,
    slot: Receiver<Job>,
    watchdog: Watchdog,
) {
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
    let mut next = take_or_wait(&board, id, Warmth::Cold);
    let mut last_wait = Duration::MAX;
    loop {
        let job = match next.take() {
            Some(job) => job,
            None => match receive(&slot, config.spin, &mut last_wait) {
                Ok(job) => job,
                Err(_) => return,
            },
        };
        let current = isolate.get_or_insert_with(new_isolate);
        let outcome =
            runtime.block_on(current.render(job.input, job.context, config.deadline, &watchdog));
        let warmth = if outcome.poisoned {
            // Replace before answering, so the next job finds a ready isolate.
            drop(isolate.take());
            isolate = Some(new_isolate());
            Warmth::Cold
        } else {
            Warmth::Warm
        };
        // Free before answering: the answer's next request then finds this isolate.
        next = take_or_wait(&board, id, warmth);
        let _ = job.reply.send(outcome.result);
    }
}

/// The isolate's next job. A sleeping thread is woken in tens of microseconds on a virtual
/// machine, a large part of a small page's render; so when the last job came within `spin` of
/// the isolate going idle (renders back to back), the slot is watched for up to that long before
/// the thread sleeps. When jobs come further apart (a page whose data is read between its
/// renders), the thread sleeps at once: a watch that fails is paid for once, then not again until
/// jobs come close together.
fn receive(
    slot: &Receiver<Job>,
    spin: Duration,
    last_wait: &mut Duration,
) -> Result<Job, crossbeam_channel::RecvError> {
    let idle_since = std::time::Instant::now();
    if !spin.is_zero() && *last_wait <= spin {
        loop {
            match slot.try_recv() {
                Ok(job) => {
                    *last_wait = idle_since.elapsed();
                    return Ok(job);
                }
                Err(crossbeam_channel::TryRecvError::Disconnected) => {
                    return Err(crossbeam_channel::RecvError)
                }
                Err(crossbeam_channel::TryRecvError::Empty) => {}
            }
            if idle_since.elapsed() >= spin {
                break;
            }
            std::hint::spin_loop();
        }
    }
    let job = slot.recv();
    *last_wait = idle_since.elapsed();
    job
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Warmth {
    /// Has just rendered: the next render should come here.
    Warm,
    /// New (at start, or replacing a poisoned one): used when the warm ones are busy.
    Cold,
}

/// The job that waits longest, or none after marking this isolate idle (its slot then
/// receives the next job): on top of the idle isolates when warm, beneath them when cold.
fn take_or_wait(board: &Mutex<Board>, id: usize, warmth: Warmth) -> Option<Job> {
    let mut board = lock(board);
    let job = board.waiting.pop_front();
    if job.is_none() {
        match warmth {
            Warmth::Warm => board.idle.push(id),
            Warmth::Cold => board.idle.insert(0, id),
        }
    }
    job
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(input: &str) -> Job {
        Job {
            input: input.to_string(),
            context: Arc::new(()),
            reply: oneshot::channel().0,
        }
    }

    fn send_after(slot: Sender<Job>, delay: Duration, input: &'static str) {
        std::thread::spawn(move || {
            std::thread::sleep(delay);
            let _ = slot.send(job(input));
        });
    }

    #[test]
    fn after_a_short_wait_the_isolate_watches_and_takes_the_job_sent_meanwhile() {
        let (slot, jobs) = bounded(1);
        send_after(slot, Duration::from_millis(1), "next");
        let mut last_wait = Duration::ZERO;
        let taken = receive(&jobs, Duration::from_secs(30), &mut last_wait).expect("a job");
        assert_eq!(taken.input, "next");
        assert!(last_wait >= Duration::from_millis(1) && last_wait < Duration::from_secs(30));
    }

    #[test]
    fn a_job_later_than_the_watch_is_still_taken_and_the_next_wait_sleeps_at_once() {
        let (slot, jobs) = bounded(1);
        send_after(slot.clone(), Duration::from_millis(20), "late");
        let mut last_wait = Duration::ZERO;
        let spin = Duration::from_millis(1);
        let taken = receive(&jobs, spin, &mut last_wait).expect("a job");
        assert_eq!(taken.input, "late");
        // Longer than the window: the next wait does not watch.
        assert!(last_wait > spin);
        send_after(slot, Duration::from_millis(5), "after");
        let taken = receive(&jobs, spin, &mut last_wait).expect("a job");
        assert_eq!(taken.input, "after");
    }

    #[test]
    fn a_closed_slot_ends_the_isolate_whether_it_watches_or_sleeps() {
        for last_wait in [Duration::ZERO, Duration::MAX] {
            let (slot, jobs) = bounded::<Job>(1);
            drop(slot);
            let mut last_wait = last_wait;
            assert!(receive(&jobs, Duration::from_millis(50), &mut last_wait).is_err());
        }
    }

    #[test]
    fn no_window_never_watches() {
        let (slot, jobs) = bounded(1);
        slot.send(job("waiting")).expect("room in the slot");
        let mut last_wait = Duration::ZERO;
        let taken = receive(&jobs, Duration::ZERO, &mut last_wait).expect("a job");
        assert_eq!(taken.input, "waiting");
    }
}
