//! A pool of V8 isolates that render pages. It knows nothing about banking: it takes a
//! request string, runs the server bundle's `__ssrEntry(request)` and returns its string.
//!
//! Each isolate lives on its own OS thread with a current-thread tokio runtime, because
//! `JsRuntime` is `!Send`. Isolates start from a startup snapshot of the server bundle, so
//! the bundle is evaluated once at build time, never per request.

mod host;
mod isolate;
mod ops;
mod pool;
mod snapshot;
mod watchdog;

pub use host::{HostContext, HostFetch};
pub use pool::{Pool, PoolConfig, RenderError};
pub use snapshot::{create_snapshot, SnapshotError};
