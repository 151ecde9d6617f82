//! The maintenance flag (SPEC §1, issue 31 point 7): while it is on, every page shows the
//! maintenance screen and every API call answers 503 with `Retry-After` and SPEC §8's error
//! body, except health checks, assets and the operator's calls. Operators turn it on and off
//! with `bank features maintenance on|off` (a stored override): every process of the fleet sees
//! the change within a second, without a restart.

use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::api::error::AppError;
use crate::api::ApiState;
use crate::domain::engagement::features::Flag;

/// How long a process trusts what it last read of the flag.
const RECHECK_MS: i64 = 1_000;
/// What clients are told to wait before trying again.
pub const RETRY_AFTER_S: u32 = 300;
pub const CODE: &str = "maintenance";
pub const MESSAGE: &str =
    "The Internet bank is down for planned maintenance. Please try again in a few minutes.";

/// Marks a page request made while the bank is in maintenance: the page renders the
/// maintenance screen, never a cached or posted page.
#[derive(Clone, Copy)]
pub struct Down;

#[derive(Clone)]
pub struct Switch {
    api: ApiState,
    checked_at: Arc<AtomicI64>,
    on: Arc<AtomicBool>,
}

impl Switch {
    pub fn new(api: ApiState) -> Self {
        Self {
            api,
            checked_at: Arc::new(AtomicI64::new(i64::MIN)),
            on: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Whether the bank is in maintenance, read at most once a second. A failed read keeps the
    /// last answer: the database being away is not a reason to open or close the bank.
    async fn is_on(&self) -> bool {
        let now = self.api.db.now_ms();
        let checked = self.checked_at.load(Ordering::Relaxed);
        if now.saturating_sub(checked) >= RECHECK_MS || now < checked {
            match crate::api::engagement::effective_flags(&self.api).await {
                Ok(flags) => self
                    .on
                    .store(flags.get(Flag::Maintenance), Ordering::Relaxed),
                Err(error) => tracing::warn!(%error, "reading the maintenance flag failed"),
            }
            self.checked_at.store(now, Ordering::Relaxed);
        }
        self.on.load(Ordering::Relaxed)
    }
}

/// What keeps working in maintenance: health checks (the fleet's balancer), assets (the
/// maintenance screen's own), the flags (the app learns the bank is back), and outside parties (their signed webhooks and the sandbox's stand-ins): what
/// they report about money and checks in flight is kept, as the bank's own jobs keep running.
fn exempt(method: &Method, path: &str) -> bool {
    matches!(
        path,
        "/healthz" | "/readyz" | "/favicon.svg" | "/favicon.ico" | "/robots.txt"
    ) || path.starts_with("/assets/")
        || path.starts_with("/sandbox/")
        || path.starts_with("/dev/")
        || path.starts_with("/v2/webhooks/")
        || (method == Method::GET && path == "/v1/features")
}

fn is_api(path: &str) -> bool {
    path.starts_with("/v1/") || path.starts_with("/v2/")
}

pub async fn gate(State(switch): State<Switch>, mut request: Request, next: Next) -> Response {
    let path = request.uri().path();
    if exempt(request.method(), path) || !switch.is_on().await {
        return next.run(request).await;
    }
    let mut response = if is_api(path) {
        AppError::refused(
            StatusCode::SERVICE_UNAVAILABLE,
            CODE,
            "Down for maintenance",
            MESSAGE,
        )
        .into_response()
    } else {
        // A plain form post changes nothing: it is shown the same screen as a visit.
        if request.method() != Method::GET && request.method() != Method::HEAD {
            *request.method_mut() = Method::GET;
            *request.body_mut() = Body::empty();
        }
        request.extensions_mut().insert(Down);
        next.run(request).await
    };
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(RETRY_AFTER_S));
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}
