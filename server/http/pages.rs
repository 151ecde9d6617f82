//! Every page: choose the layout, hand the render to the isolate pool, place the result in
//! the document shell. When the render itself fails, Rust serves the error page.

use std::sync::Arc;

use axum::extract::{Request, State};
use std::collections::BTreeMap;

use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use minijinja::context;
use ssr_runtime::RenderError;

use super::render::{Caller, RenderInput, RenderOutput, Site, Timings};
use super::security::CspNonce;
use super::shell::Page;
use super::{device_layout, static_pages, AppState};
use crate::api::client_ip::ClientIp;
use crate::api::session_state::SessionState;

pub async fn page(State(state): State<AppState>, ip: ClientIp, request: Request) -> Response {
    if request.method() != Method::GET && request.method() != Method::HEAD {
        return (
            StatusCode::METHOD_NOT_ALLOWED,
            [(header::ALLOW, "GET, HEAD")],
            "Method not allowed",
        )
            .into_response();
    }
    let down = request
        .extensions()
        .get::<super::maintenance::Down>()
        .is_some();
    if let Some(key) = static_pages::policy_key(request.uri().path()).filter(|_| !down) {
        return policy(&state, key, ip, request.headers()).await;
    }
    let url = request
        .uri()
        .path_and_query()
        .map(|pq| pq.as_str().to_string())
        .unwrap_or_else(|| "/".into());
    let nonce = request
        .extensions()
        .get::<CspNonce>()
        .map(|n| n.0.clone())
        .unwrap_or_default();
    if down {
        return render_down(&state, ip, request.headers(), &nonce, &url).await;
    }
    render_at(&state, ip, request.headers(), &nonce, &url, None).await
}

/// Any page while the bank is in maintenance: the app renders its maintenance screen for every
/// route. Nothing is read from the database (it may be what the maintenance is for), and no
/// session is looked up or shown.
async fn render_down(
    state: &AppState,
    ip: ClientIp,
    headers: &HeaderMap,
    nonce: &str,
    url: &str,
) -> Response {
    let mut flags = state.config.features.clone();
    flags.set(crate::domain::engagement::features::Flag::Maintenance, true);
    let features = crate::api::engagement::flag_entries(&flags);
    let layout = device_layout::allowed(device_layout::choose(headers), &features);
    let input = render_input(state, url, layout, SessionState::anonymous(), features);
    let caller = Caller {
        cookie: None,
        request_id: None,
        client_ip: ip,
        authenticated: None,
        accounts: Default::default(),
    };
    match render_output(state, &input, caller, url).await {
        Ok(output) => respond(state, url, nonce, output, false),
        Err(response) => response,
    }
}

/// One render through the isolate pool; a failed or busy render answers its Rust-rendered page.
async fn render_output(
    state: &AppState,
    input: &RenderInput<'_>,
    caller: Caller,
    url: &str,
) -> Result<RenderOutput, Response> {
    let input = serde_json::to_string(input).expect("render input serialises");
    let output = match state.ssr.render(input, Arc::new(caller)).await {
        Ok(output) => output,
        Err(RenderError::Busy) => return Err(busy(state)),
        Err(error) => {
            tracing::error!(%error, url, "page render failed");
            return Err(failure(state));
        }
    };
    RenderOutput::parse(&output).map_err(|error| {
        tracing::error!(%error, url, "the render returned an unreadable page");
        failure(state)
    })
}

/// The page at `url` for the request's session, as a GET renders it; a plain form post that
/// answers with a page (rather than a redirect) passes what was posted as `posted`, so the page
/// shows it again without it ever being in an address.
pub async fn render_at(
    state: &AppState,
    ip: ClientIp,
    headers: &HeaderMap,
    nonce: &str,
    url: &str,
    posted: Option<BTreeMap<String, String>>,
) -> Response {
    let layout = device_layout::choose(headers);
    // SPEC §4: a reset or invitation link is for whoever opens it; a signed-in user is logged
    // out first, so the link never acts on (or shows) another person's session.
    let live_link = match super::session::is_live_token_link(state, url).await {
        Ok(live) => live,
        Err(error) => {
            tracing::error!(%error, "checking a token link failed");
            return failure(state);
        }
    };
    let logged_out = if live_link {
        match super::session::end(state, headers).await {
            Ok(ended) => ended,
            Err(error) => {
                tracing::error!(%error, "ending the session for a token link failed");
                return failure(state);
            }
        }
    } else {
        false
    };
    let (session, authenticated) = match if logged_out {
        Ok((SessionState::anonymous(), None))
    } else {
        SessionState::load_authenticated(&state.api, headers).await
    } {
        Ok(loaded) => loaded,
        Err(error) => {
            tracing::error!(%error, "session lookup failed");
            return failure(state);
        }
    };
    let signed_in = session.is_auth;
    // SPEC §2 route guards, decided here for the dashboard set: a member who may not open the
    // page goes to the dashboard, whatever the app would show.
    if session.is_auth && session.onboarding_flow.is_none() && session.app_in_access {
        let path = url.split(['?', '#']).next().unwrap_or("/");
        match crate::api::rights::page_allowed(&state.api, &session, path).await {
            Ok(true) => {}
            Ok(false) => {
                return (StatusCode::FOUND, [(header::LOCATION, "/dashboard")]).into_response()
            }
            Err(error) => {
                tracing::error!(%error, "checking a page's guard failed");
                return failure(state);
            }
        }
    }
    let features = match crate::api::engagement::feature_entries_for(
        &state.api,
        &session,
        authenticated.as_ref(),
    )
    .await
    {
        Ok(features) => features,
        Err(error) => {
            tracing::error!(%error, "reading the feature flags failed");
            return failure(state);
        }
    };
    let layout = device_layout::allowed(layout, &features);
    let mut input = render_input(state, url, layout, session, features);
    input.posted = posted;
    let caller = Caller {
        cookie: headers
            .get(header::COOKIE)
            .and_then(|v| v.to_str().ok())
            .filter(|_| !logged_out)
            .map(str::to_string),
        request_id: headers
            .get("x-request-id")
            .and_then(|v| v.to_str().ok())
            .map(str::to_string),
        client_ip: ip,
        authenticated,
        accounts: Default::default(),
    };
    let output = match render_output(state, &input, caller, url).await {
        Ok(output) => output,
        Err(response) => return response,
    };
    let mut response = respond(state, url, nonce, output, signed_in);
    if logged_out {
        crate::api::session_cookies::clear(response.headers_mut(), state.config.secure_cookies());
    }
    response
}

/// A back-office page (`back_office.rs`): the desktop layout, no customer session, the flags
/// as they stand; its data calls carry the request's cookies, so the staff session is theirs.
pub async fn render_staff_page(state: &AppState, ip: ClientIp, request: Request) -> Response {
    let url = request
        .uri()
        .path_and_query()
        .map(|pq| pq.as_str().to_string())
        .unwrap_or_else(|| crate::api::backoffice::session::PATH.into());
    let nonce = request
        .extensions()
        .get::<CspNonce>()
        .map(|n| n.0.clone())
        .unwrap_or_default();
    let headers = request.headers();
    let flags =
        match crate::services::engagement::features::flags(&state.api.db, &state.config).await {
            Ok(flags) => flags,
            Err(error) => {
                tracing::error!(%error, "reading the feature flags failed");
                return failure(state);
            }
        };
    let features = crate::api::engagement::flag_entries(&flags);
    let input = render_input(
        state,
        &url,
        device_layout::Layout::Desktop,
        SessionState::anonymous(),
        features,
    );
    let caller = Caller {
        cookie: headers
            .get(header::COOKIE)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string),
        request_id: headers
            .get("x-request-id")
            .and_then(|v| v.to_str().ok())
            .map(str::to_string),
        client_ip: ip,
        authenticated: None,
        accounts: Default::default(),
    };
    match render_output(state, &input, caller, &url).await {
        Ok(output) => respond(state, &url, &nonce, output, true),
        Err(response) => response,
    }
}

fn respond(
    state: &AppState,
    url: &str,
    nonce: &str,
    output: RenderOutput,
    signed_in: bool,
) -> Response {
    let status = StatusCode::from_u16(output.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    if let Some(target) = output
        .redirect
        .clone()
        .filter(|t| t.starts_with('/') && !t.starts_with("//"))
    {
        return (StatusCode::FOUND, [(header::LOCATION, target)]).into_response();
    }
    let html = document(state, url, nonce, &output);
    let mut response = (status, html).into_response();
    let out = response.headers_mut();
    out.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    // Pages may differ per session and layout; they must never sit in a shared cache, and a
    // signed-in customer's page must not stay in any cache at all (ASVS 14.3.2).
    out.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(if signed_in {
            "no-store"
        } else {
            "private, no-cache"
        }),
    );
    out.insert(
        header::VARY,
        HeaderValue::from_static("Cookie, Sec-CH-UA-Mobile, User-Agent"),
    );
    out.insert("accept-ch", HeaderValue::from_static("Sec-CH-UA-Mobile"));
    response
}

fn render_input<'a>(
    state: &'a AppState,
    url: &'a str,
    layout: device_layout::Layout,
    session: SessionState,
    features: Vec<crate::api::engagement::FeatureEntry>,
) -> RenderInput<'a> {
    RenderInput {
        features,
        url,
        layout,
        session,
        site: Site {
            base_url: &state.config.base_url,
            company: &state.config.company,
        },
        posted: None,
        timings: Timings {
            idle_warning_seconds: crate::domain::clock::whole_seconds(state.config.idle_warning),
            idle_countdown_seconds: crate::domain::clock::whole_seconds(
                state.config.idle_countdown,
            ),
        },
    }
}

/// A render placed in the document shell.
fn document(state: &AppState, url: &str, nonce: &str, output: &RenderOutput) -> String {
    let path = url.split('?').next().unwrap_or("/");
    let canonical = format!("{}{}", state.config.base_url, path);
    let state_json = output.state.as_ref().filter(|_| output.hydrate);
    state.shell.render(
        &state.manifest,
        &state.config.company.trading_name,
        Page {
            title: &output.head.title,
            description: &output.head.description,
            canonical: &canonical,
            body: &output.html,
            nonce,
            state: state_json.map(|state| super::shell::Hydration {
                state,
                route_set: &output.route_set,
                page: output.page.as_deref(),
            }),
            sandbox: state.config.sandbox,
        },
    )
}

/// A policy page (SPEC §2 fixed public paths): the same for every visitor, so it is rendered
/// once, as for a visitor who is not signed in, and kept (`static_pages.rs`).
async fn policy(
    state: &AppState,
    key: &'static str,
    ip: ClientIp,
    headers: &axum::http::HeaderMap,
) -> Response {
    if let Some(cached) = state.static_pages.get(key) {
        return static_pages::answer(&cached, headers);
    }
    // A policy page shows no flag.
    let input = render_input(
        state,
        key,
        device_layout::Layout::Desktop,
        SessionState::anonymous(),
        Vec::new(),
    );
    let caller = Caller {
        cookie: None,
        request_id: None,
        client_ip: ip,
        authenticated: None,
        accounts: Default::default(),
    };
    let input = serde_json::to_string(&input).expect("render input serialises");
    let output = match state.ssr.render(input, Arc::new(caller)).await {
        Ok(output) => output,
        Err(RenderError::Busy) => return busy(state),
        Err(error) => {
            tracing::error!(%error, key, "policy page render failed");
            return failure(state);
        }
    };
    let output = match RenderOutput::parse(&output) {
        Ok(output) if output.status == 200 && output.state.is_none() => output,
        Ok(_) => {
            tracing::error!(key, "a policy page rendered as something else");
            return failure(state);
        }
        Err(error) => {
            tracing::error!(%error, key, "the render returned an unreadable page");
            return failure(state);
        }
    };
    let html = document(state, key, "", &output);
    let cached = state
        .static_pages
        .keep(key, "text/html; charset=utf-8", html);
    static_pages::answer(&cached, headers)
}

fn fallback_page(state: &AppState, status: StatusCode, title: &str, message: &str) -> Response {
    let html = state
        .fallback
        .get_template("fallback.html")
        .and_then(|t| {
            t.render(context! {
                title, message,
                trading_name => state.config.company.trading_name,
                phone => state.config.company.support_phone,
                css => state.manifest.css,
            })
        })
        .unwrap_or_else(|_| title.to_string());
    let mut response = (status, html).into_response();
    let out = response.headers_mut();
    out.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    out.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// A render that threw, ran out of time or memory: the shared error page, never a stack.
/// A page of the bank's own templates (the sandbox tools and providers): rendered with the
/// trading name and stylesheet, never cached; the error page if the template fails.
pub fn template_page(
    state: &AppState,
    template: &str,
    status: StatusCode,
    context: minijinja::Value,
) -> Response {
    let base = minijinja::context! {
        trading_name => state.config.company.trading_name,
        css => state.manifest.css,
    };
    let html = state
        .fallback
        .get_template(template)
        .and_then(|t| t.render(minijinja::context! { ..base, ..context }));
    match html {
        Ok(html) => (
            status,
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                (header::CACHE_CONTROL, "no-store"),
            ],
            html,
        )
            .into_response(),
        Err(error) => {
            tracing::error!(%error, template, "page template failed");
            failure(state)
        }
    }
}

pub fn failure(state: &AppState) -> Response {
    fallback_page(
        state,
        StatusCode::INTERNAL_SERVER_ERROR,
        "Something went wrong",
        "We could not show this page. Your money and data are safe. Please try again in a moment.",
    )
}

/// The database cannot be reached (see `outage`): the bank is away for a moment, not broken.
pub fn unavailable(state: &AppState, message: &str) -> Response {
    fallback_page(
        state,
        StatusCode::SERVICE_UNAVAILABLE,
        "We will be right back",
        message,
    )
}

/// Every isolate is busy and the queue is full: shed the load and say when to come back.
fn busy(state: &AppState) -> Response {
    tracing::warn!("every isolate is busy and the render queue is full: shedding with 503");
    let mut response = fallback_page(
        state,
        StatusCode::SERVICE_UNAVAILABLE,
        "We are very busy",
        "Too many people are using the bank right now. Please try again in a few seconds.",
    );
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("2"));
    response
}
