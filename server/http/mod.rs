//! The HTTP edge: middleware, pages, assets, health and the API router, in one axum Router.

mod acquirer_review_page;
pub mod assets;
pub mod back_office;
mod card_network;
pub mod device_layout;
mod exchange_forms;
mod forms;
mod health;
mod identity_widget;
mod invoice_forms;
mod lender_page;
mod login_form;
pub mod maintenance;
mod money_in;
mod onboarding_forms;
mod outage;
mod outbox;
mod pages;
mod payment_page;
pub mod render;
mod sandbox_decision;
mod security;
pub mod seo;
pub mod serve;
pub(crate) mod session;
pub mod shell;
mod short_links;
mod static_pages;
mod transfer_forms;

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use axum::http::{HeaderName, Request};
use axum::routing::get;
use axum::Router;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::trace::TraceLayer;

use crate::api::{self, ApiState};
use crate::config::Config;
use crate::services::Db;

/// Lets a request through only when its client (after trusted proxies) is this machine; anyone
/// else finds nothing there.
async fn local_only(
    ip: crate::api::client_ip::ClientIp,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    if ip.0.is_loopback() {
        next.run(request).await
    } else {
        tracing::warn!(%ip, path = %request.uri().path(), "a dev page was asked for from outside");
        (axum::http::StatusCode::NOT_FOUND, "Not found").into_response()
    }
}

async fn not_found() -> axum::response::Response {
    use axum::response::IntoResponse;
    (axum::http::StatusCode::NOT_FOUND, "Not found").into_response()
}

impl axum::extract::FromRef<AppState> for ApiState {
    fn from_ref(state: &AppState) -> Self {
        state.api.clone()
    }
}

/// What every page handler may use, shared as one handle like `ApiState`.
#[derive(Clone)]
pub struct AppState(Arc<AppParts>);

impl std::ops::Deref for AppState {
    type Target = AppParts;
    fn deref(&self) -> &AppParts {
        &self.0
    }
}

pub struct AppParts {
    pub config: Arc<Config>,
    pub api: ApiState,
    pub ssr: ssr_runtime::Pool,
    pub shell: Arc<shell::Shell>,
    pub fallback: Arc<minijinja::Environment<'static>>,
    pub manifest: Arc<assets::Manifest>,
    pub lifecycle: Arc<crate::lifecycle::Lifecycle>,
    pub static_pages: Arc<static_pages::StaticPages>,
}

/// Builds the whole application: the API router, the isolate pool that calls back into it,
/// and the page, asset and health routes around them.
pub fn app(config: Config, db: Db) -> anyhow::Result<Router> {
    Ok(build(config, db)?.0)
}

/// As [`app`], with the process's lifecycle: draining `/readyz` and stopping the jobs.
pub fn build(config: Config, db: Db) -> anyhow::Result<(Router, Arc<crate::lifecycle::Lifecycle>)> {
    let config = Arc::new(config);
    let lifecycle = Arc::new(crate::lifecycle::Lifecycle::default());
    warn_when_holidays_run_out(&db);
    let api_state = api_state(&config, db)?;
    let api_router = api::router(api_state.clone());
    // Sandbox providers call the bank's webhooks through the router, as real ones would.
    let _ = api_state.loopback.set(api_router.clone());
    start_background_work(&api_state, &lifecycle);
    let state = AppState(Arc::new(AppParts {
        config: config.clone(),
        api: api_state,
        ssr: start_renderers(&config, &api_router)?,
        shell: Arc::new(shell::Shell::new()),
        fallback: Arc::new(fallback_templates()),
        manifest: Arc::new(assets::Manifest::embedded()),
        lifecycle: lifecycle.clone(),
        static_pages: Arc::new(static_pages::StaticPages::default()),
    }));
    let pages = sandbox_pages(&state)
        .merge(bank_pages())
        .route("/back-office", get(back_office::page))
        .route("/back-office/{*rest}", get(back_office::page))
        .fallback(pages::page);
    let maintenance = maintenance::Switch::new(state.api.clone());
    let state_for_gate = state.api.clone();
    let state_for_outage = state.clone();
    let pages = pages.layer(page_panics(&state)).with_state(state);
    let router = Router::new()
        .merge(api_router)
        .merge(pages)
        .layer(axum::middleware::from_fn_with_state(
            maintenance,
            maintenance::gate,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state_for_gate,
            back_office::gate,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state_for_outage,
            outage::guard,
        ));
    let router = edge_layers(router, &config);
    Ok((router, lifecycle))
}

fn warn_when_holidays_run_out(db: &Db) {
    if crate::domain::exchange::hours::holidays_run_out_soon(db.now_ms()) {
        tracing::warn!(
            until = %crate::domain::exchange::hours::holidays_known_until(),
            "the bundled bank holiday list ends within half a year: extend server/domain/exchange/bank_holidays.csv"
        );
    }
}

/// What every API handler may use: the providers the configuration names, the limits, the pools.
fn api_state(config: &Arc<Config>, db: Db) -> anyhow::Result<ApiState> {
    let notify = crate::providers::notify::Notifications::for_config(&db, config)?;
    let limiter = Arc::new(crate::rate_limit::RateLimiter::for_config(config, &db)?);
    tracing::info!(counter = limiter.backend_name(), "rate limits");
    let identity = crate::providers::identity::from_config(config, &db.clock);
    let lending = crate::providers::lending::from_config(config, &db.clock)?;
    let merchant_clock = db.clock.clone();
    let rates = crate::providers::rates::start(
        crate::providers::rates::from_config(&config.exchange.rates),
        db.clone(),
    );
    Ok(ApiState::new(api::ApiParts {
        config: config.clone(),
        db,
        notify: Arc::new(notify),
        limiter,
        cpu: Arc::new(api::cpu_pool::CpuPool::per_core()),
        webauthn: Arc::new(api::webauthn_for(config)?),
        reset_wake: Arc::new(tokio::sync::Notify::new()),
        companies: crate::providers::companies::from_config(config),
        addresses: crate::providers::addresses::from_config(config),
        identity,
        loopback: Arc::new(std::sync::OnceLock::new()),
        rates,
        acquirer: crate::providers::acquirer::from_config(config)?,
        lending,
        rails: crate::providers::rails::from_config(config)?,
        payee_checker: crate::providers::payee_check::from_config(config)?,
        merchant_acquirer: crate::providers::merchant_acquiring::from_config(
            config,
            &merchant_clock,
        ),
    }))
}

/// The password-reset worker and the background jobs, stopped with the process's lifecycle.
fn start_background_work(api_state: &ApiState, lifecycle: &Arc<crate::lifecycle::Lifecycle>) {
    lifecycle.keep(tokio::spawn(api::auth::reset_worker(
        api_state.clone(),
        lifecycle.stopping(),
    )));
    crate::jobs::spawn(
        lifecycle,
        api_state.db.clone(),
        api_state.limiter.clone(),
        api_state.config.cards.delivery_step,
        api_state.rails.clone(),
        api_state.acquirer.clone(),
        api_state
            .config
            .clearbank
            .as_ref()
            .map_or(std::time::Duration::from_secs(5), |c| c.retry_base),
    );
    let clearbank = api_state.config.clearbank.as_ref();
    if let Some((settings, real_account)) =
        clearbank.and_then(|c| c.real_account_id.clone().map(|id| (c, id)))
    {
        match crate::providers::rails::clearbank::ClearBank::new(settings) {
            Ok(clearbank) => crate::jobs::spawn_cop_registration(
                lifecycle,
                api_state.db.clone(),
                Arc::new(clearbank),
                real_account,
                settings.retry_base,
            ),
            Err(error) => tracing::error!(%error, "ClearBank's account names cannot be registered"),
        }
    }
}

/// The isolates that render pages; their data calls go through the same API router.
fn start_renderers(config: &Config, api_router: &Router) -> anyhow::Result<ssr_runtime::Pool> {
    let api_slot = Arc::new(OnceLock::new());
    let mut pool = ssr_runtime::PoolConfig::new(assets::SNAPSHOT);
    pool.isolates = config.isolates;
    pool.queue = config.render_queue;
    pool.deadline = config.render_deadline;
    pool.heap_limit = config.isolate_heap_mb * 1024 * 1024;
    pool.fetch = Some(render::host_fetch(
        api_slot.clone(),
        tokio::runtime::Handle::current(),
    ));
    let ssr = ssr_runtime::Pool::start(pool)?;
    let _ = api_slot.set(api_router.clone());
    Ok(ssr)
}

/// The Rust-rendered pages: the failure page and the sandbox's own tools.
fn fallback_templates() -> minijinja::Environment<'static> {
    let mut templates = minijinja::Environment::new();
    for (name, source) in [
        ("fallback.html", include_str!("fallback.html")),
        ("outbox.html", include_str!("outbox.html")),
        ("money_in.html", include_str!("money_in.html")),
        ("card_network.html", include_str!("card_network.html")),
        ("identity_widget.html", include_str!("identity_widget.html")),
        ("payment_page.html", include_str!("payment_page.html")),
        ("lender_page.html", include_str!("lender_page.html")),
        (
            "acquirer_review_page.html",
            include_str!("acquirer_review_page.html"),
        ),
    ] {
        templates
            .add_template(name, source)
            .unwrap_or_else(|e| panic!("{name} parses: {e}"));
    }
    templates
}

/// Sandbox tools exist only in sandbox mode. The dev pages answer only this machine (they show
/// every code the bank sends and credit any account); the sandbox providers' pages answer any
/// machine that reaches a sandbox bank, as the real providers' would.
fn sandbox_pages(state: &AppState) -> Router<AppState> {
    if !state.config.sandbox {
        // The app has a route for the component kit; a real bank does not serve it.
        return Router::new().route("/dev/ui", get(not_found));
    }
    Router::new()
        .route("/dev/outbox", get(outbox::page))
        .route(
            "/dev/outbox/{id}/attachments/{index}",
            get(outbox::attachment),
        )
        .route("/dev/ui", get(pages::page))
        .route("/dev/money-in", get(money_in::form).post(money_in::submit))
        .route(
            "/dev/card-network",
            get(card_network::form).post(card_network::submit),
        )
        .route_layer(axum::middleware::from_fn_with_state(
            state.clone(),
            local_only,
        ))
        .route(
            "/sandbox/identity",
            get(identity_widget::form)
                .post(identity_widget::submit)
                .layer(axum::extract::DefaultBodyLimit::max(
                    2 * identity_widget::MAX_FILE_BYTES + 64 * 1024,
                )),
        )
        .route(
            "/sandbox/pay/{id}",
            get(payment_page::form).post(payment_page::pay),
        )
        .route(
            "/sandbox/acquirer",
            get(acquirer_review_page::form).post(acquirer_review_page::decide),
        )
        .route(
            "/sandbox/lender",
            get(lender_page::form).post(lender_page::decide),
        )
        .route(
            "/sandbox/pay/{id}/3ds",
            get(payment_page::form).post(payment_page::challenge),
        )
}

/// Health, search engines, assets, and the pages whose plain forms post (each post is its API
/// call, dispatched through the API router); every other path is rendered by the app.
fn bank_pages() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(health::healthz))
        .route("/readyz", get(health::readyz))
        .route("/robots.txt", get(seo::robots))
        .route("/sitemap.xml", get(seo::sitemap))
        .route("/assets/{*file}", get(assets::serve))
        .route("/favicon.svg", get(assets::favicon))
        .route("/favicon.ico", get(assets::favicon))
        .route("/s/{code}", get(short_links::follow))
        .route("/login", get(pages::page).post(login_form::password))
        .route("/login/sms", get(pages::page).post(login_form::sms))
        .route(
            "/phone-verification",
            get(pages::page).post(onboarding_forms::phone),
        )
        .route(
            "/sumsub",
            get(pages::page).post(onboarding_forms::agreement),
        )
        .route(
            "/account-activation/transfer",
            get(pages::page).post(onboarding_forms::fee_transfer),
        )
        .route(
            "/currency-converter",
            get(pages::page).post(exchange_forms::convert),
        )
        .route(
            "/transfer/approve",
            get(pages::page).post(transfer_forms::confirm),
        )
        .route(
            "/transfer/{realm}",
            get(pages::page).post(transfer_forms::start),
        )
        .route("/invoice/new", get(pages::page).post(invoice_forms::create))
        .route(
            "/invoice/edit/{invoice}",
            get(pages::page).post(invoice_forms::edit),
        )
}

/// A page handler that panics answers the Rust-rendered failure page, never a broken socket.
fn page_panics(
    state: &AppState,
) -> CatchPanicLayer<
    impl Fn(Box<dyn std::any::Any + Send + 'static>) -> axum::response::Response + Clone,
> {
    let state = state.clone();
    CatchPanicLayer::custom(move |panic: Box<dyn std::any::Any + Send + 'static>| {
        tracing::error!(
            panic = api::error::panic_text(panic.as_ref()),
            "a page handler panicked"
        );
        pages::failure(&state)
    })
}

/// Around everything: compression, security headers with the CSP nonce, the request id in
/// logs and answers, and a deadline for any request.
fn edge_layers(router: Router, config: &Config) -> Router {
    let request_id = HeaderName::from_static("x-request-id");
    let https = config.secure_cookies();
    let third_party = security::ThirdParty {
        sumsub: config.identity.sumsub.is_some(),
    };
    router
        .layer(CompressionLayer::new().br(true).gzip(true))
        .layer(axum::middleware::from_fn_with_state(
            security::Https(https, third_party),
            security::headers,
        ))
        .layer(PropagateRequestIdLayer::new(request_id.clone()))
        .layer(TraceLayer::new_for_http().make_span_with(|request: &Request<_>| {
            let id = request.headers().get("x-request-id").and_then(|v| v.to_str().ok()).unwrap_or("-");
            tracing::info_span!("request", method = %request.method(), path = %request.uri().path(), request_id = %id)
        }))
        .layer(SetRequestIdLayer::new(request_id, MakeRequestUuid))
        .layer(axum::middleware::from_fn(security::request_id))
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            axum::http::StatusCode::REQUEST_TIMEOUT,
            Duration::from_secs(30),
        ))
}
