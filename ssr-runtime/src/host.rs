use std::any::Any;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

/// Whatever the embedder needs to answer the bundle's host calls on behalf of the caller
/// of one render (for the bank: the caller's cookies). Opaque to this crate.
pub type HostContext = Arc<dyn Any + Send + Sync>;

/// Answers `globalThis.__hostFetch(request)` from inside the isolate: a request string in,
/// a response string out. The future runs on the isolate's thread, so a slow answer should
/// be spawned onto the embedder's own runtime.
pub type HostFetch =
    Arc<dyn Fn(String, HostContext) -> Pin<Box<dyn Future<Output = String> + Send>> + Send + Sync>;
