use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use bank::config::Config;
use bank::domain::ids::{ProfileId, UserId};
use bank::store::Db;
use http_body_util::BodyExt;
use tower::ServiceExt;

pub const IPHONE: &str =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
pub const DESKTOP: &str =
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36";

#[derive(Clone, Copy, Debug)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// The real bank on a fresh database of its own, driven through its router.
pub struct TestBank {
    pub router: Router,
    pub db: Db,
    /// Where the database is, so a second bank process can share it.
    pub url: String,
    cleanup: Option<(String, String)>,
    _dir: Option<tempfile::TempDir>,
}

pub struct Reply {
    pub status: StatusCode,
    pub headers: axum::http::HeaderMap,
    pub body: String,
}

impl Reply {
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }

    /// The body as the API's own answer type, so that a test reads `card.pan_masked`, not
    /// `["panMasked"]`: a renamed or retyped field stops the test compiling (issue 27).
    pub fn read<T: serde::de::DeserializeOwned>(&self) -> T {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("not a {} ({e}): {}", std::any::type_name::<T>(), self.body))
    }

    /// The body as SPEC §8's refusal.
    pub fn error(&self) -> bank::api::error::ErrorBody {
        self.read()
    }

    /// The SPEC §5 message of one field of a refusal.
    pub fn field_error(&self, field: &str) -> String {
        self.error()
            .fields
            .and_then(|mut fields| fields.remove(field))
            .unwrap_or_else(|| panic!("no error for {field}: {}", self.body))
    }

    pub fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
    }

    /// What a plain form post answered with a page shows again: the `posted` values of the
    /// page's state (server: `FormPost::show`), which never go into an address.
    pub fn posted(&self) -> std::collections::BTreeMap<String, String> {
        let start = self
            .body
            .find(r#"<script id="__bank_state""#)
            .unwrap_or_else(|| panic!("no page state: {} {}", self.status, self.body));
        let json = &self.body[start..];
        let json = &json[json.find('>').unwrap() + 1..json.find("</script>").unwrap()];
        let state: serde_json::Value = serde_json::from_str(json).expect("the page state is JSON");
        serde_json::from_value(state["posted"].clone()).unwrap_or_default()
    }

    /// The refusal code of a plain form post: in the redirect's address for most forms, in the
    /// page answered with for those that keep a payee's details out of addresses (transfers).
    pub fn form_error(&self) -> String {
        if self.status == StatusCode::UNPROCESSABLE_ENTITY {
            return self.posted().get("error").cloned().unwrap_or_default();
        }
        let location = self.header("location");
        let query = location.split_once('?').map_or("", |(_, q)| q);
        url::form_urlencoded::parse(query.as_bytes())
            .find(|(k, _)| k == "error")
            .map(|(_, v)| v.into_owned())
            .unwrap_or_default()
    }
}

/// A request body built from the API's own request type: a renamed field stops the test
/// compiling, and the JSON is what the app's generated types send.
pub fn body<T: serde::Serialize>(request: &T) -> serde_json::Value {
    serde_json::to_value(request).expect("a request type serialises")
}

/// The log-in form's body.
pub fn login_body(email: &str, password: &str) -> serde_json::Value {
    body(&bank::api::auth::LoginInput {
        email: Some(email.into()),
        password: Some(password.into()),
        accept_policies: false,
    })
}

/// Sign-up's first step: send a code to `email`.
pub fn send_body(email: &str) -> serde_json::Value {
    body(&bank::api::auth::SendInput {
        email: email.into(),
    })
}

/// Sign-up's second step: the emailed code.
pub fn verify_body(email: &str, code: &str) -> serde_json::Value {
    body(&bank::api::auth::VerifyInput {
        email: email.into(),
        code: code.into(),
    })
}

/// An invited person's account, created from their invitation link's `token`.
pub fn invited_signup(token: &str) -> bank::api::signup::CreateInput {
    bank::api::signup::CreateInput {
        password: "harbour2026".into(),
        onboarding_flow: Some(bank::domain::onboarding::kyc::OnboardingFlow::UserInvited),
        invitation_token: Some(token.into()),
        accept_policies: true,
        ..Default::default()
    }
}

/// The configuration of a sandbox bank, as `make run` and the tests name the mode.
pub fn sandbox_config() -> Config {
    Config::from_map(
        &[
            ("BANK_SANDBOX".to_string(), "on".to_string()),
            // The sandbox's reviewers answer at once: tests wait for them.
            ("BANK_SANDBOX_REVIEW_MS".to_string(), "20".to_string()),
            // Exchange is open whenever the tests run; the hours have their own tests.
            ("BANK_EXCHANGE_HOURS".to_string(), "00:00-23:59".to_string()),
            ("BANK_EXCHANGE_DAYS".to_string(), "every".to_string()),
            // Transfers stay pending until a test settles them (`settle_now`).
            (
                "BANK_SETTLEMENT_LOCAL_MS".to_string(),
                "3600000".to_string(),
            ),
            ("BANK_SETTLEMENT_SEPA_MS".to_string(), "3600000".to_string()),
            (
                "BANK_SETTLEMENT_SWIFT_MS".to_string(),
                "3600000".to_string(),
            ),
        ]
        .into(),
    )
    .unwrap()
}

pub fn postgres_base() -> String {
    std::env::var("BANK_TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into())
}

impl TestBank {
    pub async fn start(backend: Backend) -> Self {
        Self::start_with(backend, |_| {}).await
    }

    pub async fn start_with(backend: Backend, adjust: impl FnOnce(&mut Config)) -> Self {
        let mut config = sandbox_config();
        config.isolates = 1;
        config.base_url = "https://bank.test".into();
        adjust(&mut config);
        let (db, url, cleanup, dir) = match backend {
            Backend::Sqlite => {
                let dir = tempfile::tempdir().unwrap();
                let url = format!("sqlite://{}/bank.db", dir.path().display());
                (Db::connect(&url).await.unwrap(), url, None, Some(dir))
            }
            Backend::Postgres => {
                let base = postgres_base();
                let name = format!("bank_test_{}", uuid::Uuid::new_v4().simple());
                let admin = Db::connect_admin(&base).await;
                sqlx::query(&format!("CREATE DATABASE {name}"))
                    .execute(&admin)
                    .await
                    .unwrap();
                let url = format!("{}/{name}", base.rsplit_once('/').unwrap().0);
                let db = Db::connect(&url).await.unwrap();
                (db, url, Some((base, name)), None)
            }
        };
        let router = bank::http::app(config, db.clone()).unwrap();
        Self {
            router,
            db,
            url,
            cleanup,
            _dir: dir,
        }
    }

    /// Another bank process on the same database, with its own pools and memory.
    pub async fn another_process(&self, adjust: impl FnOnce(&mut Config)) -> Router {
        let mut config = sandbox_config();
        config.isolates = 1;
        config.base_url = "https://bank.test".into();
        adjust(&mut config);
        let mut db = Db::connect(&self.url).await.unwrap();
        // Processes of one bank read one time: a test that moves the clock moves them all.
        db.clock = self.db.clock.clone();
        bank::http::app(config, db).unwrap()
    }

    /// The bank on a real socket (an ephemeral port on 127.0.0.1), with the peer address
    /// reaching the handlers as in production; answers the address to call.
    pub async fn serve(&self) -> std::net::SocketAddr {
        serve(self.router.clone()).await
    }

    /// Drops a PostgreSQL test database; SQLite folders vanish with the bank.
    pub async fn finish(self) {
        self.db.pool.close().await;
        if let Some((base, name)) = self.cleanup {
            let admin = Db::connect_admin(&base).await;
            sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                .execute(&admin)
                .await
                .unwrap();
        }
    }

    /// A request through the router, as if sent from this machine (127.0.0.1) unless the test
    /// names another peer with `from_peer`.
    pub async fn send(&self, mut request: Request<Body>) -> Reply {
        if request
            .extensions()
            .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
            .is_none()
        {
            request = from_peer(request, "127.0.0.1");
        }
        let response = self.router.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        Reply {
            status,
            headers,
            body: String::from_utf8_lossy(&bytes).into_owned(),
        }
    }

    pub async fn get(&self, path: &str, agent: &str) -> Reply {
        self.send(
            Request::get(path)
                .header(header::USER_AGENT, agent)
                .body(Body::empty())
                .unwrap(),
        )
        .await
    }

    pub async fn post_json(
        &self,
        path: &str,
        body: serde_json::Value,
        token: Option<&str>,
    ) -> Reply {
        let mut request = Request::post(path).header(header::CONTENT_TYPE, "application/json");
        if let Some(token) = token {
            request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
        }
        self.send(request.body(Body::from(body.to_string())).unwrap())
            .await
    }
}

pub async fn serve(router: Router) -> std::net::SocketAddr {
    serve_with(router, sandbox_config().limits).await
}

/// The production listener (`bank::http::serve`) with these limits, until the test ends.
pub async fn serve_with(router: Router, limits: bank::config::Limits) -> std::net::SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(bank::http::serve::serve(
        listener,
        router,
        limits,
        std::future::pending(),
    ));
    address
}

/// A request as if it came over a socket from `peer`.
pub fn from_peer(mut request: Request<Body>, peer: &str) -> Request<Body> {
    let peer: std::net::SocketAddr = format!("{peer}:40000").parse().unwrap();
    request
        .extensions_mut()
        .insert(axum::extract::ConnectInfo(peer));
    request
}

pub trait AdminConnect {
    async fn connect_admin(url: &str) -> sqlx::PgPool;
}

impl AdminConnect for Db {
    async fn connect_admin(url: &str) -> sqlx::PgPool {
        sqlx::PgPool::connect(url)
            .await
            .unwrap_or_else(|e| panic!("PostgreSQL at {url} is needed for these tests: {e}"))
    }
}

/// Runs one async test body against SQLite and against PostgreSQL, as two tests.
#[macro_export]
macro_rules! on_both_backends {
    ($name:ident, |$bank:ident| $body:block) => {
        mod $name {
            use super::*;
            async fn run($bank: &$crate::helpers::TestBank) $body

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                let bank = $crate::helpers::TestBank::start($crate::helpers::Backend::Sqlite).await;
                run(&bank).await;
                bank.finish().await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                let bank = $crate::helpers::TestBank::start($crate::helpers::Backend::Postgres).await;
                run(&bank).await;
                bank.finish().await;
            }
        }
    };
    // With the configuration adjusted first (a real deployment: `|c| c.sandbox = false`).
    ($name:ident, $adjust:expr, |$bank:ident| $body:block) => {
        mod $name {
            use super::*;
            async fn run($bank: &$crate::helpers::TestBank) $body

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                let bank = $crate::helpers::TestBank::start_with(
                    $crate::helpers::Backend::Sqlite,
                    $adjust,
                )
                .await;
                run(&bank).await;
                bank.finish().await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                let bank = $crate::helpers::TestBank::start_with(
                    $crate::helpers::Backend::Postgres,
                    $adjust,
                )
                .await;
                run(&bank).await;
                bank.finish().await;
            }
        }
    };
}

/// A user with an SMS phone (+44 7700 900123) and a completed KYC, as the tests need one.
pub async fn create_user(bank: &TestBank, email: &str, password_hash: &str) -> UserId {
    let email = bank::domain::auth::email::Email::parse(email).unwrap();
    bank::store::users::create(
        &bank.db,
        &bank::store::users::NewUser {
            email: &email,
            password_hash,
            name: "Anna",
            surname: "Smith",
            phone_code: Some("+44"),
            phone_number: Some("7700900123"),
            mfa_method: bank::domain::auth::mfa::Method::Sms,
            onboarding_flow: None,
            kyc_status: bank::domain::onboarding::kyc::KycStatus::Completed,
        },
    )
    .await
    .unwrap()
}

/// The bank's own origin, as the browser sends it with a mutation.
pub const ORIGIN: &str = "https://bank.test";

/// A JSON POST from the bank's own pages, with extra headers (cookies, say).
pub async fn post(
    bank: &TestBank,
    path: &str,
    body: serde_json::Value,
    extra: &[(&str, &str)],
) -> Reply {
    send_json(bank, "POST", path, body, extra).await
}

pub async fn send_json(
    bank: &TestBank,
    method: &str,
    path: &str,
    body: serde_json::Value,
    extra: &[(&str, &str)],
) -> Reply {
    let mut request = Request::builder()
        .method(method)
        .uri(path)
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::ORIGIN, ORIGIN);
    for (name, value) in extra {
        request = request.header(*name, *value);
    }
    bank.send(request.body(Body::from(body.to_string())).unwrap())
        .await
}

pub fn set_cookies(reply: &Reply) -> Vec<String> {
    reply
        .headers
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap().to_string())
        .collect()
}

/// `name=value` of a cookie the reply sets, ready for a Cookie header.
pub fn cookie_pair(reply: &Reply, name: &str) -> String {
    set_cookies(reply)
        .into_iter()
        .find(|c| c.starts_with(&format!("{name}=")))
        .and_then(|c| c.split(';').next().map(str::to_string))
        .unwrap_or_else(|| panic!("no {name} cookie in {:?}", set_cookies(reply)))
}

/// The value of a cookie the reply sets.
pub fn cookie_value(reply: &Reply, name: &str) -> String {
    cookie_pair(reply, name)
        .split_once('=')
        .map(|(_, value)| value.to_string())
        .unwrap_or_default()
}

/// The newest message to `recipient` that `wanted` accepts, once a background job has sent it
/// (waits up to five seconds).
pub async fn wait_for_message(
    bank: &TestBank,
    recipient: &str,
    wanted: impl Fn(&bank::store::outbox::OutboxEntry) -> bool,
) -> bank::store::outbox::OutboxEntry {
    for _ in 0..100 {
        let newest = bank::store::outbox::latest(&bank.db, Some(recipient), 1)
            .await
            .unwrap();
        if let Some(message) = newest.into_iter().find(|m| wanted(m)) {
            return message;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("nothing of the kind was sent to {recipient}");
}

/// The newest message the sandbox sent to `recipient`.
pub async fn last_message(bank: &TestBank, recipient: &str) -> bank::store::outbox::OutboxEntry {
    bank::store::outbox::latest(&bank.db, Some(recipient), 1)
        .await
        .unwrap()
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("nothing was sent to {recipient}"))
}

/// A page as a browser with these cookies would get it.
pub async fn page_with_cookie(bank: &TestBank, path: &str, agent: &str, cookie: &str) -> Reply {
    bank.send(
        Request::get(path)
            .header(header::USER_AGENT, agent)
            .header(header::COOKIE, cookie)
            .body(Body::empty())
            .unwrap(),
    )
    .await
}

/// A signed-in customer: the user, their profile (admin role) and a bearer token.
pub struct Customer {
    pub user_id: UserId,
    pub profile_id: ProfileId,
    pub token: String,
}

impl Customer {
    pub fn bearer(&self) -> String {
        format!("Bearer {}", self.token)
    }
}

pub async fn customer(bank: &TestBank, email: &str, profile_name: &str) -> Customer {
    customer_with_role(bank, email, profile_name, "admin", &[]).await
}

pub async fn customer_with_role(
    bank: &TestBank,
    email: &str,
    profile_name: &str,
    role: &str,
    rights: &[&str],
) -> Customer {
    let user_id = create_user(bank, email, "unused-hash").await;
    let profile_id = bank::store::profiles::create(
        &bank.db,
        bank::domain::profiles::access::ProfileType::Business,
        profile_name,
    )
    .await
    .unwrap();
    let role = bank::domain::profiles::access::Role::parse(role).expect("a SPEC role");
    join(bank, &profile_id, user_id, role, rights).await
}

/// The owner `email` of a personal profile `name`, with an active GBP primary account.
pub async fn personal_customer(bank: &TestBank, email: &str, name: &str) -> Customer {
    let user_id = create_user(bank, email, "unused-hash").await;
    let profile_id = bank::store::profiles::create(
        &bank.db,
        bank::domain::profiles::access::ProfileType::Personal,
        name,
    )
    .await
    .unwrap();
    let owner = join(
        bank,
        &profile_id,
        user_id,
        bank::domain::profiles::access::Role::Admin,
        &[],
    )
    .await;
    open_account(
        bank,
        &owner.profile_id,
        bank::domain::accounts::money::Currency::Gbp,
        true,
    )
    .await;
    owner
}

/// A call to the API as `who` (their bearer token).
pub async fn call(
    bank: &TestBank,
    who: &Customer,
    method: &str,
    path: &str,
    body: serde_json::Value,
) -> Reply {
    send_json(
        bank,
        method,
        path,
        body,
        &[("authorization", &who.bearer())],
    )
    .await
}

/// Olivia, the owner of Bennett & Hale Trading Ltd, with an active GBP primary account: the
/// business most tests start from.
pub async fn business_owner(bank: &TestBank) -> Customer {
    business_owner_named(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await
}

/// The owner `email` of the business `name`, with an active GBP primary account.
pub async fn business_owner_named(bank: &TestBank, email: &str, name: &str) -> Customer {
    let owner = customer(bank, email, name).await;
    open_account(
        bank,
        &owner.profile_id,
        bank::domain::accounts::money::Currency::Gbp,
        true,
    )
    .await;
    owner
}

/// The invited person registers from their invitation link (a verified email, a password, the
/// current policies accepted); answers their access cookie.
pub async fn joins_from_invitation(bank: &TestBank, email: &str, token: &str) -> String {
    let registration = verified_email(bank, email).await;
    let joined = post(
        bank,
        "/v2/users",
        body(&invited_signup(token)),
        &[("cookie", &registration)],
    )
    .await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    cookie_pair(&joined, "__Host-access")
}

/// A new person added to `profile_id` as a member with `role` and `rights`, signed in.
pub async fn colleague(
    bank: &TestBank,
    profile_id: &ProfileId,
    email: &str,
    role: bank::domain::profiles::access::Role,
    rights: &[&str],
) -> Customer {
    let user_id = create_user(bank, email, "unused-hash").await;
    join(bank, profile_id, user_id, role, rights).await
}

async fn join(
    bank: &TestBank,
    profile_id: &ProfileId,
    user_id: UserId,
    role: bank::domain::profiles::access::Role,
    rights: &[&str],
) -> Customer {
    bank::store::profiles::add_member(&bank.db, profile_id, &user_id, role, rights, true)
        .await
        .unwrap();
    let tokens = bank::store::sessions::issue(&bank.db, &user_id, bank.db.now_ms())
        .await
        .unwrap();
    Customer {
        user_id,
        profile_id: profile_id.clone(),
        token: tokens.access,
    }
}

/// Opens an active account for a profile, straight in the store.
pub async fn open_account(
    bank: &TestBank,
    profile_id: &ProfileId,
    currency: bank::domain::accounts::money::Currency,
    is_primary: bool,
) -> bank::store::bank_accounts::BankAccount {
    let mut tx = bank.db.begin_write().await.unwrap();
    let id = bank::store::bank_accounts::open(
        &mut tx,
        &bank::store::bank_accounts::NewAccount {
            profile_id,
            currency,
            name: "Test Holder",
            is_primary,
            status: bank::domain::accounts::status::AccountStatus::Active,
            activates_at: None,
            created_at: bank.db.now_ms(),
        },
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    bank::store::bank_accounts::by_id(&bank.db, &id)
        .await
        .unwrap()
        .unwrap()
}

/// Re-reads an account (its balance changes as money moves).
pub async fn reload(
    bank: &TestBank,
    account: &bank::store::bank_accounts::BankAccount,
) -> bank::store::bank_accounts::BankAccount {
    bank::store::bank_accounts::by_id(&bank.db, &account.id)
        .await
        .unwrap()
        .unwrap()
}

pub async fn ledger_is_sound(bank: &TestBank) {
    let mut conn = bank.db.pool.acquire().await.unwrap();
    let broken = bank::store::ledger::check_invariants(&mut conn)
        .await
        .unwrap();
    assert!(broken.is_empty(), "ledger invariants broken: {broken:#?}");
}

/// A person part-way through onboarding: no phone, no profile, the given flow and KYC status.
/// Answers the user id and a bearer token.
pub async fn applicant(bank: &TestBank, email: &str, flow: &str, status: &str) -> (UserId, String) {
    let email = bank::domain::auth::email::Email::parse(email).unwrap();
    let user_id = bank::store::users::create(
        &bank.db,
        &bank::store::users::NewUser {
            email: &email,
            password_hash: "unused-hash",
            name: "Grace",
            surname: "Hopper",
            phone_code: None,
            phone_number: None,
            mfa_method: bank::domain::auth::mfa::Method::Sms,
            onboarding_flow: bank::domain::onboarding::kyc::OnboardingFlow::parse(flow),
            kyc_status: bank::domain::onboarding::kyc::KycStatus::parse(status)
                .expect("a SPEC status"),
        },
    )
    .await
    .unwrap();
    let tokens = bank::store::sessions::issue(&bank.db, &user_id, bank.db.now_ms())
        .await
        .unwrap();
    (user_id, format!("Bearer {}", tokens.access))
}

/// Verifies an email by its code and answers the registration cookie.
pub async fn verified_email(bank: &TestBank, email: &str) -> String {
    let sent = post(
        bank,
        "/v1/auth/send-verification-email-v2",
        send_body(email),
        &[],
    )
    .await;
    assert_eq!(sent.status, 200, "{}", sent.body);
    let code = last_message(bank, email).await.subject[..6].to_string();
    let reply = post(
        bank,
        "/v1/auth/verify-email-v2",
        verify_body(email, &code),
        &[],
    )
    .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    cookie_pair(&reply, "__Host-registration")
}

pub async fn download_bytes(bank: &TestBank, who: &Customer, path: &str) -> Vec<u8> {
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    let response = bank
        .router
        .clone()
        .oneshot(
            Request::get(path)
                .header(header::AUTHORIZATION, who.bearer())
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    response
        .into_body()
        .collect()
        .await
        .unwrap()
        .to_bytes()
        .to_vec()
}

/// A business owner whose company went through onboarding: registered office, company number
/// and VAT number, as an invoice prints them.
pub async fn registered_business(bank: &TestBank, email: &str, name: &str) -> Customer {
    registered_business_with_vat(bank, email, name, "GB123456782").await
}

/// As `registered_business`, with this VAT number ("" for a business not registered for VAT).
pub async fn registered_business_with_vat(
    bank: &TestBank,
    email: &str,
    name: &str,
    vat_number: &str,
) -> Customer {
    use bank::domain::onboarding::business::BusinessData;
    let owner = business_owner_named(bank, email, name).await;
    let data = BusinessData {
        country: "GB".into(),
        kind: "ltd".into(),
        name: name.into(),
        number: "09876543".into(),
        email: "office@bennett-hale.example".into(),
        vat_number: vat_number.into(),
        legal_building_number: "10".into(),
        legal_address_1: "Finsbury Square".into(),
        legal_city: "London".into(),
        legal_postcode: "EC2A 1AF".into(),
        legal_country: "GB".into(),
        actual_same_as_legal: true,
        ..BusinessData::default()
    };
    let now = bank.db.now_ms();
    let draft = bank::store::onboardings::create(&bank.db, &owner.user_id, now)
        .await
        .unwrap();
    bank::store::onboardings::save(&bank.db, &draft.id, 5, &data, now)
        .await
        .unwrap();
    let mut conn = bank.db.pool.acquire().await.unwrap();
    bank::store::onboardings::submit(&mut conn, &draft.id, &owner.profile_id, now)
        .await
        .unwrap();
    owner
}

/// A plain form post from the bank's own page, as `auth` (none when empty).
pub async fn form_post(bank: &TestBank, path: &str, auth: &str, fields: &[(&str, &str)]) -> Reply {
    let body = url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(fields)
        .finish();
    let mut request = Request::post(path)
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .header(header::ORIGIN, ORIGIN);
    if !auth.is_empty() {
        request = request.header(header::AUTHORIZATION, auth);
    }
    bank.send(request.body(Body::from(body)).unwrap()).await
}

/// A personal sign-up's answers (the password step), to which a test adds what a link carried.
pub fn personal_sign_up() -> bank::api::signup::CreateInput {
    bank::api::signup::CreateInput {
        password: "harbour2026".into(),
        onboarding_flow: Some(bank::domain::onboarding::kyc::OnboardingFlow::Personal),
        ..Default::default()
    }
}

/// Someone verifies `email` and signs up with `input`; answers their id.
pub async fn signs_up(
    bank: &TestBank,
    email: &str,
    input: bank::api::signup::CreateInput,
) -> UserId {
    let registration = verified_email(bank, email).await;
    let joined = post(
        bank,
        "/v2/users",
        body(&input),
        &[("cookie", &registration)],
    )
    .await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    bank::store::users::by_email(
        &bank.db,
        &bank::domain::auth::email::Email::parse(email).unwrap(),
    )
    .await
    .unwrap()
    .unwrap()
    .id
}

/// A ledger account's balance by its code (`suspense:GBP`, `fee_income:GBP`), over all the rows
/// it is spread on (`fee_income:GBP#3`); 0 when it has never been booked to.
pub async fn ledger_balance(bank: &TestBank, code: &str) -> i64 {
    sqlx::query_scalar::<_, i64>(
        "SELECT CAST(COALESCE(SUM(balance), 0) AS BIGINT) FROM ledger_accounts \
         WHERE code = $1 OR substr(code, 1, length($1) + 1) = $1 || '#'",
    )
    .bind(code)
    .fetch_one(&bank.db.pool)
    .await
    .unwrap()
}

/// Waits (a bounded while) until `key`'s group commit (`store::group_commit`) holds `queued`
/// waiting steps, or with None until its task has left: a group answers its steps before its
/// task looks at the queue again and leaves.
pub async fn queued_for(bank: &TestBank, key: &str, queued: Option<usize>) {
    for _ in 0..1_000 {
        if bank.db.queued(key) == queued {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    panic!(
        "{key} never held {queued:?} waiting: {:?}",
        bank.db.queued(key)
    );
}

/// The rows `sql` (its parameters written in) reads from `table` on PostgreSQL, and its plan:
/// run under `EXPLAIN ANALYZE` with sequential scans off, so the plan shows what the indexes
/// allow on a test's small tables, in a transaction rolled back after (nothing it writes stays,
/// and the setting does not go back to the pool with the connection).
pub async fn rows_read_by(bank: &TestBank, sql: &str, table: &str) -> (u64, String) {
    plan_of(bank, &[], &format!("EXPLAIN (ANALYZE) {sql}"), &[], table).await
}

/// As [`rows_read_by`], for `sql` prepared with parameters of `types` and run with `args` under
/// the generic plan PostgreSQL switches a prepared statement to after five runs (the one it
/// plans without the values, which the bank's statements run with).
pub async fn rows_read_by_generic_plan(
    bank: &TestBank,
    sql: &str,
    types: &str,
    args: &str,
    table: &str,
) -> (u64, String) {
    plan_of(
        bank,
        &[
            "SET LOCAL plan_cache_mode = force_generic_plan",
            &format!("PREPARE generic_plan ({types}) AS {sql}"),
        ],
        &format!("EXPLAIN (ANALYZE) EXECUTE generic_plan ({args})"),
        // A prepared statement outlives the transaction; the connection goes back to the pool.
        &["DEALLOCATE generic_plan"],
        table,
    )
    .await
}

/// The rows the plan `explain` prints read from `table`, and the plan: run with sequential scans
/// switched off in a transaction that is rolled back (so the settings do not go back to the pool
/// with the connection), after `before` and followed by `after`.
async fn plan_of(
    bank: &TestBank,
    before: &[&str],
    explain: &str,
    after: &[&str],
    table: &str,
) -> (u64, String) {
    let mut tx = bank.db.pool.begin().await.unwrap();
    for statement in ["SET LOCAL enable_seqscan = off"].iter().chain(before) {
        sqlx::raw_sql(statement).execute(&mut *tx).await.unwrap();
    }
    let plan: Vec<(String,)> = sqlx::query_as(explain).fetch_all(&mut *tx).await.unwrap();
    for statement in after {
        sqlx::raw_sql(statement).execute(&mut *tx).await.unwrap();
    }
    tx.rollback().await.unwrap();
    let plan: Vec<&str> = plan.iter().map(|(line,)| line.as_str()).collect();
    (rows_read(&plan, table), plan.join("\n"))
}

/// The rows a text plan's scans of `table` read: each scan's rows and those its filter removed
/// (both per loop in the text format), times its loops.
fn rows_read(plan: &[&str], table: &str) -> u64 {
    let number_after = |line: &str, key: &str| -> Option<u64> {
        let rest = &line[line.find(key)? + key.len()..];
        rest.split(|c: char| !c.is_ascii_digit())
            .next()?
            .parse()
            .ok()
    };
    let mut read = 0;
    let mut lines = plan.iter().peekable();
    while let Some(line) = lines.next() {
        if !line.contains(&format!(" on {table} ")) || !line.contains("actual") {
            continue;
        }
        let actual = &line[line.find("actual").unwrap()..];
        let loops = number_after(actual, "loops=").unwrap_or(1);
        let mut per_loop = number_after(actual, "rows=").unwrap_or(0);
        while let Some(detail) = lines.peek() {
            if detail.contains("->") {
                break;
            }
            per_loop += number_after(detail, "Rows Removed by Filter: ").unwrap_or(0);
            per_loop += number_after(detail, "Rows Removed by Index Recheck: ").unwrap_or(0);
            lines.next();
        }
        read += per_loop * loops;
    }
    read
}
