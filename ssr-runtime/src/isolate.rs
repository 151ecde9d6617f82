use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use deno_core::v8;
use deno_core::{JsRuntime, PollEventLoopOptions, RuntimeOptions};

use crate::host::{HostContext, HostFetch};
use crate::ops::RenderSlot;
use crate::pool::RenderError;
use crate::watchdog::Watchdog;

/// One V8 isolate started from the snapshot. It is thrown away after any render that
/// was terminated or left the isolate in doubt, and a fresh one takes its place.
pub(crate) struct Isolate {
    runtime: JsRuntime,
    handle: v8::IsolateHandle,
    heap_hit: Arc<AtomicBool>,
}

pub(crate) struct Outcome {
    pub result: Result<String, RenderError>,
    /// The isolate must not serve another render.
    pub poisoned: bool,
}

impl Isolate {
    pub fn new(snapshot: &'static [u8], heap_limit: usize, fetch: Option<HostFetch>) -> Self {
        let mut runtime = JsRuntime::new(RuntimeOptions {
            extensions: vec![crate::ops::extension()],
            startup_snapshot: Some(snapshot),
            create_params: Some(v8::CreateParams::default().heap_limits(0, heap_limit)),
            ..Default::default()
        });
        let handle = runtime.v8_isolate().thread_safe_handle();
        let heap_hit = Arc::new(AtomicBool::new(false));
        {
            let handle = handle.clone();
            let heap_hit = heap_hit.clone();
            // Terminating is asynchronous: give V8 room to unwind instead of crashing the
            // process, and mark the isolate so that it is replaced.
            runtime.add_near_heap_limit_callback(move |current, _initial| {
                heap_hit.store(true, Ordering::SeqCst);
                handle.terminate_execution();
                current * 2
            });
        }
        if let Some(fetch) = fetch {
            runtime.op_state().borrow_mut().put::<HostFetch>(fetch);
        }
        Self {
            runtime,
            handle,
            heap_hit,
        }
    }

    pub async fn render(
        &mut self,
        input: String,
        context: HostContext,
        deadline: Duration,
        watchdog: &Watchdog,
    ) -> Outcome {
        self.runtime.op_state().borrow_mut().put(RenderSlot {
            input: Some(input),
            output: None,
            context,
        });
        let fired = watchdog.arm(self.handle.clone(), deadline);
        let run = tokio::time::timeout(deadline, self.run()).await;
        watchdog.disarm();
        let slot = self
            .runtime
            .op_state()
            .borrow_mut()
            .try_take::<RenderSlot>();

        let terminated = fired.load(Ordering::SeqCst) || run.is_err();
        if self.heap_hit.load(Ordering::SeqCst) {
            tracing::error!("render terminated: heap limit reached");
            return Outcome {
                result: Err(RenderError::HeapLimit),
                poisoned: true,
            };
        }
        if terminated {
            tracing::error!(?deadline, "render terminated: deadline passed");
            return Outcome {
                result: Err(RenderError::Deadline),
                poisoned: true,
            };
        }
        match run {
            Ok(Ok(())) => match slot.and_then(|s| s.output) {
                Some(output) => Outcome {
                    result: Ok(output),
                    poisoned: false,
                },
                None => Outcome {
                    result: Err(RenderError::Script("the render produced no output".into())),
                    poisoned: true,
                },
            },
            Ok(Err(message)) => {
                tracing::error!(error = %message, "render threw");
                // A thrown error leaves the isolate consistent: its module scope holds no
                // request data and the prelude cancelled the render's timers.
                Outcome {
                    result: Err(RenderError::Script(message)),
                    poisoned: false,
                }
            }
            Err(_) => unreachable!("a timed-out render is reported as terminated"),
        }
    }

    async fn run(&mut self) -> Result<(), String> {
        let promise = self
            .runtime
            .execute_script("ssr-runtime:render", "globalThis.__ssrRun()")
            .map_err(|e| js_error_text(&e))?;
        let settled = self.runtime.resolve(promise);
        self.runtime
            .with_event_loop_promise(Box::pin(settled), PollEventLoopOptions::default())
            .await
            .map(|_| ())
            .map_err(|e| e.to_string())
    }
}

fn js_error_text(error: &deno_core::error::JsError) -> String {
    // Display includes the message and, when V8 captured one, the stack.
    error.to_string()
}
