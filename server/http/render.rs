//! The bridge between the page handler and the isolate pool: what a render is given, what it
//! returns, and the host fetch that lets the app's API client call the API router in-process.

use std::sync::{Arc, OnceLock};

use axum::body::Body;
use axum::http::{header, Method, Request};
use axum::Router;
use futures_util::FutureExt;
use http_body_util::BodyExt;
use tower::ServiceExt;

use super::device_layout::Layout;
use crate::config::Company;

/// The caller of one render, as the in-process API calls must see them.
pub struct Caller {
    pub cookie: Option<String>,
    pub request_id: Option<String>,
    /// The page request's client, so limits and the audit log see the customer, not the server.
    pub client_ip: crate::api::client_ip::ClientIp,
    /// Who the page request authenticated, for the render's calls (none for a visitor).
    pub authenticated: Option<crate::api::session_state::Authenticated>,
    /// The accounts this render's calls have read, for its later calls.
    pub accounts: crate::api::accounts::bank_accounts::RenderAccounts,
}

#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RenderInput<'a> {
    pub url: &'a str,
    pub layout: Layout,
    pub session: crate::api::session_state::SessionState,
    pub site: Site<'a>,
    pub timings: Timings,
    /// SPEC §3 feature entries, read by the page handler: every page needs them, and a host
    /// fetch for them cost two thread hops and a JSON round trip per render.
    pub features: Vec<crate::api::engagement::FeatureEntry>,
    /// What a plain form post sent, when the post answers with the page itself: the page shows
    /// the values again (a refused transfer keeps what was typed) without them being in an
    /// address, where history, logs and Referer headers would keep a payee's details.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub posted: Option<std::collections::BTreeMap<String, String>>,
}

/// Client-side timings that come from configuration, so tests can shorten them.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Timings {
    pub idle_warning_seconds: u32,
    pub idle_countdown_seconds: u32,
}

#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Site<'a> {
    pub base_url: &'a str,
    #[serde(flatten)]
    pub company: &'a Company,
}

#[derive(Debug, serde::Deserialize)]
pub struct Head {
    pub title: String,
    pub description: String,
}

#[derive(Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RenderOutput {
    pub status: u16,
    pub redirect: Option<String>,
    pub head: Head,
    /// After the JSON's line, not in it (`app/src/entry-server.tsx`).
    #[serde(skip)]
    pub html: String,
    pub hydrate: bool,
    pub route_set: String,
    /// The rendered route's page chunk, when its code is loaded lazily.
    pub page: Option<String>,
    /// Passed on as the render wrote it: a dashboard's state is tens of kilobytes, and parsing
    /// and writing it again is work for nothing.
    pub state: Option<Box<serde_json::value::RawValue>>,
}

impl RenderOutput {
    /// What `__ssrEntry` returns: one line of JSON, then the page's HTML as it is.
    pub fn parse(output: &str) -> Result<Self, serde_json::Error> {
        let Some((json, html)) = output.split_once('\n') else {
            return Err(serde::de::Error::custom(
                "the render wrote no line break after its JSON",
            ));
        };
        let mut parsed: Self = serde_json::from_str(json)?;
        parsed.html = html.to_string();
        Ok(parsed)
    }
}

#[derive(serde::Deserialize)]
struct HostRequest {
    method: String,
    path: String,
    body: Option<String>,
}

struct HostResponse {
    status: u16,
    body: String,
}

/// Answers the app's API calls during a render by sending them through the API router, with the
/// caller's cookies, on the isolate's thread with the server's runtime current (`OnRuntime`).
/// The router is set once it exists.
pub fn host_fetch(
    api: Arc<OnceLock<Router>>,
    runtime: tokio::runtime::Handle,
) -> ssr_runtime::HostFetch {
    Arc::new(move |request: String, context: ssr_runtime::HostContext| {
        let api = api.clone();
        let runtime = runtime.clone();
        Box::pin(async move {
            let caller = context.downcast_ref::<Caller>();
            let answer = match (serde_json::from_str::<HostRequest>(&request), api.get()) {
                (Ok(request), Some(router)) => {
                    let call = build_request(request, caller);
                    let router = router.clone();
                    match call {
                        // A panic past the API's own catch answers 500, as a panicking task
                        // on the server's runtime did, and leaves the isolate's thread alive.
                        Some(call) => OnRuntime::new(
                            runtime,
                            std::panic::AssertUnwindSafe(dispatch(router, call)).catch_unwind(),
                        )
                        .await
                        .unwrap_or_else(|_| failed()),
                        None => HostResponse {
                            status: 400,
                            body: String::new(),
                        },
                    }
                }
                _ => failed(),
            };
            // "<status> <body>": the body goes to the app as it is, not escaped into JSON.
            format!("{} {}", answer.status, answer.body)
        })
    })
}

/// A future polled where it is awaited (the isolate's thread, whose render waits for it anyway)
/// with the server's runtime as the current one, so that what it spawns or registers (sqlx
/// returning a connection to its pool, timers, sockets) belongs to the server's runtime and not
/// to the isolate's, which runs only during renders. Handing the call to the server's runtime
/// instead costs two thread wake-ups a call: one to start it, one to answer.
struct OnRuntime<F> {
    runtime: tokio::runtime::Handle,
    future: Option<std::pin::Pin<Box<F>>>,
}

impl<F: std::future::Future> OnRuntime<F> {
    fn new(runtime: tokio::runtime::Handle, future: F) -> Self {
        Self {
            runtime,
            future: Some(Box::pin(future)),
        }
    }
}

impl<F: std::future::Future> std::future::Future for OnRuntime<F> {
    type Output = F::Output;

    fn poll(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<F::Output> {
        let this = &mut *self;
        let _current = this.runtime.enter();
        let future = this
            .future
            .as_mut()
            .expect("an OnRuntime future is not polled after it is ready");
        let polled = future.as_mut().poll(cx);
        if polled.is_ready() {
            // Dropped while the server's runtime is current: see `Drop`.
            this.future = None;
        }
        polled
    }
}

impl<F> Drop for OnRuntime<F> {
    /// A render given up mid-call drops the call here: what its drop spawns (a connection's
    /// return to its pool) must go to the server's runtime too.
    fn drop(&mut self) {
        if let Some(future) = self.future.take() {
            let _current = self.runtime.enter();
            drop(future);
        }
    }
}

fn failed() -> HostResponse {
    HostResponse {
        status: 500,
        body: String::new(),
    }
}

fn build_request(request: HostRequest, caller: Option<&Caller>) -> Option<Request<Body>> {
    // Only API paths: the render must not fetch pages or assets through this door.
    if !(request.path.starts_with("/v1/")
        || request.path.starts_with("/v2/")
        || request.path.starts_with("/back-office/api/"))
    {
        return None;
    }
    let method = Method::from_bytes(request.method.as_bytes()).ok()?;
    let mut builder = Request::builder()
        .method(method)
        .uri(&request.path)
        .header(header::ACCEPT, "application/json");
    if let Some(caller) = caller {
        if let Some(cookie) = &caller.cookie {
            builder = builder.header(header::COOKIE, cookie);
        }
        if let Some(id) = &caller.request_id {
            builder = builder.header("x-request-id", id);
        }
    }
    let body = match request.body {
        Some(body) => {
            builder = builder.header(header::CONTENT_TYPE, "application/json");
            Body::from(body)
        }
        None => Body::empty(),
    };
    let mut request = builder.body(body).ok()?;
    request.extensions_mut().insert(crate::api::InProcess);
    if let Some(caller) = caller {
        request.extensions_mut().insert(caller.client_ip);
        request.extensions_mut().insert(caller.accounts.clone());
        if let Some(authenticated) = &caller.authenticated {
            request.extensions_mut().insert(authenticated.user.clone());
            request.extensions_mut().insert(authenticated.row.clone());
            if let Some(profile) = &authenticated.profile {
                request.extensions_mut().insert(profile.clone());
            }
        }
    }
    Some(request)
}

async fn dispatch(router: Router, request: Request<Body>) -> HostResponse {
    let Ok(response) = router.oneshot(request).await;
    let status = response.status().as_u16();
    match response.into_body().collect().await {
        Ok(bytes) => HostResponse {
            status,
            body: String::from_utf8_lossy(&bytes.to_bytes()).into_owned(),
        },
        Err(_) => failed(),
    }
}

#[cfg(test)]
mod tests {
    use super::{OnRuntime, RenderOutput};
    use std::time::Duration;

    fn runtimes() -> (tokio::runtime::Runtime, tokio::runtime::Runtime) {
        let server = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("server-runtime")
            .enable_all()
            .build()
            .unwrap();
        let isolate = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        (server, isolate)
    }

    fn thread_name() -> String {
        std::thread::current()
            .name()
            .unwrap_or_default()
            .to_string()
    }

    #[test]
    fn what_a_render_time_call_spawns_runs_on_the_servers_runtime() {
        let (server, isolate) = runtimes();
        let call = OnRuntime::new(server.handle().clone(), async {
            tokio::spawn(async { thread_name() }).await.unwrap()
        });
        assert_eq!(isolate.block_on(call), "server-runtime");
    }

    #[test]
    fn a_call_given_up_mid_way_is_dropped_on_the_servers_runtime() {
        // What sqlx does when a checked-out connection is dropped: spawn its return.
        struct SpawnsOnDrop(Option<tokio::sync::oneshot::Sender<String>>);
        impl Drop for SpawnsOnDrop {
            fn drop(&mut self) {
                if let Some(told) = self.0.take() {
                    tokio::spawn(async move {
                        let _ = told.send(thread_name());
                    });
                }
            }
        }
        let (server, isolate) = runtimes();
        let (told, dropped) = tokio::sync::oneshot::channel();
        let held = SpawnsOnDrop(Some(told));
        let call = OnRuntime::new(server.handle().clone(), async move {
            let _held = held;
            std::future::pending::<()>().await
        });
        let given_up =
            isolate.block_on(async { tokio::time::timeout(Duration::from_millis(20), call).await });
        assert!(given_up.is_err());
        // Had the drop spawned onto the isolate's runtime, nothing would run it now.
        let ran_on =
            server.block_on(async { tokio::time::timeout(Duration::from_secs(30), dropped).await });
        assert_eq!(
            ran_on.expect("the drop's task ran").unwrap(),
            "server-runtime"
        );
    }

    #[test]
    fn the_html_follows_the_json_line_as_it_is() {
        let html = "<p class=\"a\">one\ntwo \\n</p>\n";
        let output = format!(
            "{}\n{html}",
            r#"{"status":200,"head":{"title":"Line\nbreak","description":""},"hydrate":true,"routeSet":"auth","state":{"a":"\n"}}"#
        );
        let parsed = RenderOutput::parse(&output).unwrap();
        assert_eq!(parsed.html, html);
        assert_eq!(parsed.head.title, "Line\nbreak");
        assert_eq!(parsed.state.unwrap().get(), r#"{"a":"\n"}"#);
    }

    #[test]
    fn an_output_without_its_line_break_is_refused() {
        let output = r#"{"status":200,"head":{"title":"","description":""},"html":"<p></p>","hydrate":false,"routeSet":"auth"}"#;
        assert!(RenderOutput::parse(output).is_err());
    }
}
