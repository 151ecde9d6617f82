use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use deno_core::v8::IsolateHandle;

/// A thread beside each isolate that terminates a render running past its deadline.
/// A synchronous endless loop blocks the isolate's own runtime, so the deadline cannot
/// be kept from that thread.
///
/// Arming and disarming only write the shared state under an uncontended lock: the thread is
/// woken only when it sleeps with nothing armed. Under load it wakes once per deadline,
/// finds a later render armed and sleeps until that one's deadline (a wake per render cost
/// two context switches per page).
pub(crate) struct Watchdog {
    shared: Arc<Shared>,
}

struct Shared {
    state: Mutex<State>,
    wake: Condvar,
}

#[derive(Default)]
struct State {
    armed: Option<Armed>,
    /// Until when the thread sleeps: `None` without a deadline (nothing armed).
    sleeps_until: Option<Instant>,
    /// The thread is asleep (while it checks, arming need not wake it).
    asleep: bool,
    closed: bool,
}

struct Armed {
    handle: IsolateHandle,
    until: Instant,
    fired: Arc<AtomicBool>,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // The state stays consistent even if a holder panicked: every write is one assignment.
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn run(&self) {
        let mut state = self.lock();
        loop {
            if state.closed {
                return;
            }
            let now = Instant::now();
            match state.armed.as_ref().map(|armed| armed.until) {
                None => {
                    (state.asleep, state.sleeps_until) = (true, None);
                    state = self.wake.wait(state).unwrap_or_else(|p| p.into_inner());
                    state.asleep = false;
                }
                Some(until) if now >= until => {
                    if let Some(armed) = state.armed.take() {
                        armed.fired.store(true, Ordering::SeqCst);
                        armed.handle.terminate_execution();
                    }
                }
                Some(until) => {
                    (state.asleep, state.sleeps_until) = (true, Some(until));
                    state = self
                        .wake
                        .wait_timeout(state, until - now)
                        .map(|(state, _)| state)
                        .unwrap_or_else(|p| p.into_inner().0);
                    state.asleep = false;
                }
            }
        }
    }
}

impl Watchdog {
    pub fn spawn(name: String) -> std::io::Result<Self> {
        let shared = Arc::new(Shared {
            state: Mutex::new(State::default()),
            wake: Condvar::new(),
        });
        let thread = shared.clone();
        std::thread::Builder::new()
            .name(name)
            .spawn(move || thread.run())?;
        Ok(Self { shared })
    }

    /// Starts the clock; the returned flag turns true if the deadline terminated the render.
    pub fn arm(&self, handle: IsolateHandle, deadline: Duration) -> Arc<AtomicBool> {
        let fired = Arc::new(AtomicBool::new(false));
        let until = Instant::now() + deadline;
        let mut state = self.shared.lock();
        state.armed = Some(Armed {
            handle,
            until,
            fired: fired.clone(),
        });
        // A thread asleep until an earlier deadline (a past render's) wakes by then and waits
        // again for this one; only one asleep for good, or until later, must be woken now.
        if state.asleep && state.sleeps_until.is_none_or(|sleeps| sleeps > until) {
            self.shared.wake.notify_one();
        }
        fired
    }

    pub fn disarm(&self) {
        self.shared.lock().armed = None;
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.shared.lock().closed = true;
        self.shared.wake.notify_one();
    }
}
