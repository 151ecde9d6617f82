use std::cell::RefCell;
use std::rc::Rc;

use deno_core::{op2, OpState};
use deno_error::JsErrorBox;

use crate::host::{HostContext, HostFetch};

/// What one render carries through the op state. It is put in before the render and
/// taken out after it, so nothing of one caller stays behind for the next.
pub(crate) struct RenderSlot {
    pub input: Option<String>,
    pub output: Option<String>,
    pub context: HostContext,
}

#[op2]
#[string]
fn op_ssr_take_input(state: &mut OpState) -> Result<String, JsErrorBox> {
    state
        .try_borrow_mut::<RenderSlot>()
        .and_then(|slot| slot.input.take())
        .ok_or_else(|| JsErrorBox::generic("no render request is pending"))
}

#[op2(fast)]
fn op_ssr_put_output(state: &mut OpState, #[string] output: String) -> Result<(), JsErrorBox> {
    let slot = state
        .try_borrow_mut::<RenderSlot>()
        .ok_or_else(|| JsErrorBox::generic("no render is running"))?;
    slot.output = Some(output);
    Ok(())
}

#[op2]
#[string]
async fn op_host_fetch(
    state: Rc<RefCell<OpState>>,
    #[string] request: String,
) -> Result<String, JsErrorBox> {
    let (fetch, context) = {
        let state = state.borrow();
        let fetch = state
            .try_borrow::<HostFetch>()
            .cloned()
            .ok_or_else(|| JsErrorBox::generic("this runtime has no host fetch"))?;
        let context = state
            .try_borrow::<RenderSlot>()
            .map(|slot| slot.context.clone())
            .ok_or_else(|| JsErrorBox::generic("host fetch outside a render"))?;
        (fetch, context)
    };
    Ok(fetch(request, context).await)
}

/// The parts of a URL, parsed by the WHATWG-compliant `url` crate, for the prelude's `URL`.
#[derive(serde::Serialize)]
struct UrlParts {
    href: String,
    origin: String,
    protocol: String,
    username: String,
    password: String,
    host: String,
    hostname: String,
    port: String,
    pathname: String,
    search: String,
    hash: String,
}

#[op2]
#[serde]
fn op_url_parse(#[string] href: String, #[string] base: String) -> Result<UrlParts, JsErrorBox> {
    let invalid = || JsErrorBox::type_error(format!("Invalid URL: {href}"));
    // An empty base means none: no valid base URL is empty.
    let url = match Some(base).filter(|b| !b.is_empty()) {
        Some(base) => deno_core::url::Url::parse(&base).and_then(|b| b.join(&href)),
        None => deno_core::url::Url::parse(&href),
    }
    .map_err(|_| invalid())?;
    let with_prefix = |prefix: &str, part: Option<&str>| {
        part.filter(|p| !p.is_empty())
            .map(|p| format!("{prefix}{p}"))
            .unwrap_or_default()
    };
    Ok(UrlParts {
        origin: url.origin().ascii_serialization(),
        protocol: format!("{}:", url.scheme()),
        username: url.username().to_string(),
        password: url.password().unwrap_or_default().to_string(),
        host: match (url.host_str(), url.port()) {
            (Some(host), Some(port)) => format!("{host}:{port}"),
            (Some(host), None) => host.to_string(),
            _ => String::new(),
        },
        hostname: url.host_str().unwrap_or_default().to_string(),
        port: url.port().map(|p| p.to_string()).unwrap_or_default(),
        pathname: url.path().to_string(),
        search: with_prefix("?", url.query()),
        hash: with_prefix("#", url.fragment()),
        href: url.to_string(),
    })
}

/// The isolate's console, into the embedder's structured logs.
#[op2(fast)]
fn op_ssr_log(#[smi] level: u32, #[string] message: String) {
    match level {
        0 => tracing::debug!(target: "ssr::console", "{message}"),
        1 => tracing::info!(target: "ssr::console", "{message}"),
        2 => tracing::warn!(target: "ssr::console", "{message}"),
        _ => tracing::error!(target: "ssr::console", "{message}"),
    }
}

deno_core::extension!(
    ssr_ops,
    ops = [
        op_ssr_take_input,
        op_ssr_put_output,
        op_host_fetch,
        op_url_parse,
        op_ssr_log
    ],
);

pub(crate) fn extension() -> deno_core::Extension {
    ssr_ops::init()
}
