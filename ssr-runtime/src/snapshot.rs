use deno_core::{JsRuntimeForSnapshot, RuntimeOptions};

pub(crate) const PRELUDE: &str = include_str!("js/prelude.js");

#[derive(Debug, thiserror::Error)]
pub enum SnapshotError {
    #[error("evaluating the server bundle failed: {0}")]
    Bundle(String),
    #[error("could not start a runtime for the snapshot: {0}")]
    Runtime(String),
}

/// Evaluates the prelude and the server bundle in a fresh isolate and serialises its heap.
/// Called from the build script, so isolates start with the bundle already evaluated.
pub fn create_snapshot(bundle: &str) -> Result<Vec<u8>, SnapshotError> {
    // On its own thread, so that callers inside an async context (tests) can use it too.
    let bundle = bundle.to_owned();
    std::thread::spawn(move || snapshot_on_this_thread(&bundle))
        .join()
        .map_err(|_| SnapshotError::Runtime("the snapshot thread panicked".into()))?
}

fn snapshot_on_this_thread(bundle: &str) -> Result<Vec<u8>, SnapshotError> {
    // Creating a runtime needs a tokio context (V8's delayed tasks are scheduled on it).
    let tokio = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .map_err(|e| SnapshotError::Runtime(e.to_string()))?;
    let _guard = tokio.enter();
    let mut runtime = JsRuntimeForSnapshot::new(RuntimeOptions {
        extensions: vec![crate::ops::extension()],
        ..Default::default()
    });
    runtime
        .execute_script("ssr-runtime:prelude.js", PRELUDE)
        .map_err(|e| SnapshotError::Bundle(e.to_string()))?;
    runtime
        .execute_script("server-bundle.js", bundle.to_owned())
        .map_err(|e| SnapshotError::Bundle(e.to_string()))?;
    Ok(runtime.snapshot().to_vec())
}
