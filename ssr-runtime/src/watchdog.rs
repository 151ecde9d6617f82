use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::time::Duration;

use deno_core::v8::IsolateHandle;

enum Message {
    Arm(IsolateHandle, Duration, Arc<AtomicBool>),
    Disarm,
}

/// A thread beside each isolate that terminates a render running past its deadline.
/// A synchronous endless loop blocks the isolate's own runtime, so the deadline cannot
/// be kept from that thread.
pub(crate) struct Watchdog {
    tx: mpsc::Sender<Message>,
}

impl Watchdog {
    pub fn spawn(name: String) -> std::io::Result<Self> {
        let (tx, rx) = mpsc::channel::<Message>();
        std::thread::Builder::new().name(name).spawn(move || loop {
            match rx.recv() {
                Ok(Message::Arm(handle, deadline, fired)) => match rx.recv_timeout(deadline) {
                    Ok(Message::Disarm) => {}
                    Ok(Message::Arm(..)) => unreachable!("armed twice without disarming"),
                    Err(RecvTimeoutError::Timeout) => {
                        fired.store(true, Ordering::SeqCst);
                        handle.terminate_execution();
                    }
                    Err(RecvTimeoutError::Disconnected) => return,
                },
                Ok(Message::Disarm) => {}
                Err(_) => return,
            }
        })?;
        Ok(Self { tx })
    }

    /// Starts the clock; the returned flag turns true if the deadline terminated the render.
    pub fn arm(&self, handle: IsolateHandle, deadline: Duration) -> Arc<AtomicBool> {
        let fired = Arc::new(AtomicBool::new(false));
        let _ = self.tx.send(Message::Arm(handle, deadline, fired.clone()));
        fired
    }

    pub fn disarm(&self) {
        let _ = self.tx.send(Message::Disarm);
    }
}
