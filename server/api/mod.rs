//! The JSON API of SPEC §7, one module per area. The same router answers the browser and,
//! in-process, the server render (DESIGN.md §2 step 4).

pub mod accounts;
pub mod auth;
pub mod backoffice;
pub mod cards;
pub mod client_ip;
pub mod common_answers;
pub mod cpu_pool;
pub mod current_user;
pub mod engagement;
pub mod error;
pub mod exchange;
pub mod invoices;
pub mod lending;
pub mod onboarding;
mod openapi_doc;
pub mod payments;
pub mod policies;
pub mod profiles;
pub mod rights;
pub mod selected_profile;
pub mod session_cookies;
pub mod session_state;
pub mod signup;
pub mod support;

use std::sync::Arc;

use axum::Router;

use crate::config::Config;
use crate::services::Db;

/// What every API handler may use: one shared handle, so that the many clones a request makes
/// (every `State` extractor and middleware takes one) cost one counter, not one per part.
#[derive(Clone)]
pub struct ApiState(Arc<ApiParts>);

impl ApiState {
    pub fn new(parts: ApiParts) -> Self {
        Self(Arc::new(parts))
    }
}

impl std::ops::Deref for ApiState {
    type Target = ApiParts;
    fn deref(&self) -> &ApiParts {
        &self.0
    }
}

pub struct ApiParts {
    pub config: Arc<Config>,
    pub db: Db,
    pub notify: Arc<crate::providers::notify::Notifications>,
    pub limiter: Arc<crate::rate_limit::RateLimiter>,
    /// Bounded blocking pool for password hashes and documents.
    pub cpu: Arc<cpu_pool::CpuPool>,
    /// Passkey ceremonies for the bank's own origin (the face method).
    pub webauthn: Arc<webauthn_rs::Webauthn>,
    /// Password-reset requests, answered at once and carried out in order by a background
    /// worker, so the answer takes as long whether or not the address has an account.
    /// Wakes the password-reset worker when a request is queued (`store/reset_requests.rs`).
    pub reset_wake: Arc<tokio::sync::Notify>,
    /// The company register of the business wizard's search; none outside the sandbox without
    /// a Companies House key.
    pub companies: Option<Arc<dyn crate::providers::companies::CompanyRegister>>,
    pub addresses: Option<Arc<dyn crate::providers::addresses::AddressLookup>>,
    /// The identity verification provider; none outside the sandbox unless one is configured.
    pub identity: Option<Arc<dyn crate::providers::identity::IdentityProvider>>,
    /// The API router itself, set once it is built: sandbox providers call the bank's webhooks
    /// through it, as their real counterparts would over the network.
    pub loopback: Arc<std::sync::OnceLock<axum::Router>>,
    /// Mid-market rates, refreshed in the background (issue 12).
    pub rates: Arc<crate::providers::rates::RateBook>,
    /// The card acquirer's notifications of the activation fee's hosted checkout; none outside
    /// the sandbox until a real acquirer is configured.
    pub acquirer: Option<Arc<dyn crate::providers::acquirer::Acquirer>>,
    /// The payment rails transfers leave by (ClearBank, or the sandbox schemes); none: no
    /// transfer leaves the bank.
    pub rails: Option<Arc<dyn crate::providers::rails::PaymentRails>>,
    /// Confirmation of Payee at other banks (ClearBank, or the sandbox's rules); none: checks
    /// answer that no answer could be had.
    pub payee_checker: Option<Arc<dyn crate::providers::payee_check::PayeeChecker>>,
    /// The lender behind loans, mortgages and factoring; none outside the sandbox unless one is
    /// configured, and then no finance is offered.
    pub lending: Option<Arc<dyn crate::providers::lending::LendingProvider>>,
    /// The acquirer that opens merchant accounts (card acceptance); none outside the sandbox
    /// unless one is configured, and then card acceptance is not offered.
    pub merchant_acquirer: Option<Arc<dyn crate::providers::merchant_acquiring::MerchantAcquirer>>,
}

/// Marks a request the server render sent through the router in-process; no client can set it.
#[derive(Clone, Copy)]
pub struct InProcess;

/// Mutations must come from the bank's own pages (DESIGN.md §4): a cross-site Origin is
/// refused, and so is a request that carries cookies but no Origin at all. Calls with a bearer
/// token and no cookies are not forgeable by another site and pass.
async fn same_origin_mutations(
    axum::extract::State(state): axum::extract::State<ApiState>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::http::Method;
    use axum::response::IntoResponse;
    let safe = matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    );
    if safe || request.extensions().get::<InProcess>().is_some() {
        return next.run(request).await;
    }
    let allowed = origin_allowed(request.headers(), &state.config.base_url);
    if allowed {
        next.run(request).await
    } else {
        error::AppError::Forbidden.into_response()
    }
}

/// The Origin must be the bank's configured origin, or name the very host the request was sent
/// to, with the bank's scheme: a page on another site (or a plain-HTTP page on the same host)
/// cannot make the browser send either. Without an Origin, only a request without cookies
/// passes (it cannot ride on a customer's session).
pub fn origin_allowed(headers: &axum::http::HeaderMap, base_url: &str) -> bool {
    use axum::http::header;
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
    let scheme = base_url
        .split_once("://")
        .map_or("https", |(scheme, _)| scheme);
    match headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) {
        Some(origin) => {
            origin == base_url || host.is_some_and(|host| origin == format!("{scheme}://{host}"))
        }
        None => !headers.contains_key(header::COOKIE),
    }
}

#[derive(utoipa::OpenApi)]
#[openapi(
    info(
        title = "Harbour bank API",
        description = "The JSON API of SPEC §7. Errors are SPEC §8's `{code, title, message}`."
    ),
    components(schemas(error::ErrorBody))
)]
struct ApiDoc;

/// Every documented call; a handler is registered here only with its `#[utoipa::path]`.
fn documented() -> utoipa_axum::router::OpenApiRouter<ApiState> {
    use utoipa::OpenApi;
    utoipa_axum::router::OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(auth::routes())
        .merge(backoffice::routes())
        .merge(accounts::routes())
        .merge(cards::routes())
        .merge(engagement::routes())
        .merge(exchange::routes())
        .merge(onboarding::routes())
        .merge(profiles::routes())
        .merge(payments::routes())
        .merge(invoices::routes())
        .merge(lending::routes())
        .merge(signup::routes())
        .merge(support::routes())
        .merge(policies::routes())
        .routes(utoipa_axum::routes!(session_state::current))
}

/// The OpenAPI 3.1 document of the API, generated from the handlers and their types.
pub fn openapi() -> utoipa::openapi::OpenApi {
    let (_, doc) = documented().split_for_parts();
    openapi_doc::complete(doc)
}

pub fn router(state: ApiState) -> Router {
    let (routes, doc) = documented().split_for_parts();
    if let Err(problems) = rights::check_coverage(&doc) {
        panic!("the rights table does not cover the API: {problems:#?}");
    }
    let routes = routes.route_layer(axum::middleware::from_fn_with_state(
        state.clone(),
        rights::enforce,
    ));
    let document = std::sync::Arc::new(
        openapi_doc::complete(doc)
            .to_pretty_json()
            .expect("the OpenAPI document serialises"),
    );
    let serve_document = move || {
        let document = document.clone();
        async move {
            (
                [
                    (
                        axum::http::header::CONTENT_TYPE,
                        "application/json; charset=utf-8",
                    ),
                    (axum::http::header::CACHE_CONTROL, "public, max-age=300"),
                ],
                document.as_str().to_string(),
            )
        }
    };
    routes
        .route(
            "/v1/openapi.json",
            axum::routing::get(serve_document.clone()),
        )
        .route("/api/openapi.json", axum::routing::get(serve_document))
        // Unknown API paths answer in the API's own error format, not with a page.
        .route(
            "/v1/{*rest}",
            axum::routing::any(|| async { error::AppError::NotFound }),
        )
        .route(
            "/v2/{*rest}",
            axum::routing::any(|| async { error::AppError::NotFound }),
        )
        .route(
            "/back-office/api/{*rest}",
            axum::routing::any(|| async { error::AppError::NotFound }),
        )
        .route_layer(axum::middleware::from_fn_with_state(
            state.clone(),
            same_origin_mutations,
        ))
        .layer(axum::middleware::map_response(no_store_by_default))
        .layer(error::catch_api_panics())
        .with_state(state)
}

/// API answers carry balances, names and tokens: unless a handler says otherwise (public
/// reference data), no cache may keep them (ASVS 14.3.2), so nothing of a customer stays on a
/// shared computer after log-out.
async fn no_store_by_default(mut response: axum::response::Response) -> axum::response::Response {
    use axum::http::{header, HeaderValue};
    response
        .headers_mut()
        .entry(header::CACHE_CONTROL)
        .or_insert(HeaderValue::from_static("no-store"));
    response
}

/// The relying party is the bank's base URL: its host is the passkeys' RP ID.
pub fn webauthn_for(config: &Config) -> anyhow::Result<webauthn_rs::Webauthn> {
    let origin = webauthn_rs::prelude::Url::parse(&config.base_url)?;
    let host = origin
        .host_str()
        .ok_or_else(|| anyhow::anyhow!("BANK_BASE_URL has no host"))?
        .to_string();
    Ok(webauthn_rs::WebauthnBuilder::new(&host, &origin)?
        .rp_name(&config.company.trading_name)
        .build()?)
}

/// A sandbox provider's call to one of the bank's webhooks, through the API router as a real
/// provider's would arrive over the network (the rights table, the signature check and all):
/// the status it was answered with.
pub async fn loopback_post(
    state: &ApiState,
    path: &str,
    signature: (&str, &str),
    body: Vec<u8>,
) -> anyhow::Result<axum::http::StatusCode> {
    use tower::ServiceExt;
    let router = state
        .loopback
        .get()
        .ok_or_else(|| anyhow::anyhow!("loopback router not set"))?
        .clone();
    let request = axum::http::Request::post(path)
        .header("content-type", "application/json")
        .header(signature.0, signature.1)
        .body(axum::body::Body::from(body))?;
    let reply = router
        .oneshot(request)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(reply.status())
}

#[cfg(test)]
mod tests {
    use crate::domain::check_names as check;

    #[test]
    fn named_answer_enums_serialise_as_spec_names() {
        check(
            super::profiles::users::EntryKind::ALL,
            super::profiles::users::EntryKind::as_str,
        );
        check(
            super::profiles::invitations::Side::ALL,
            super::profiles::invitations::Side::as_str,
        );
    }
}
