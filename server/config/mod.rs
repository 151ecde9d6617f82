//! Configuration from environment variables, each with a documented default (README).

mod cards;
mod exchange;
mod listener;
mod payments;
mod providers;
mod read;

pub use cards::CardsConfig;
pub use exchange::{ExchangeConfig, RatesConfig, ECB_DAILY_URL};
pub use listener::Limits;
pub use payments::Settlement;
pub use providers::{
    CheckoutComSettings, ClearBankSettings, CompaniesHouseSettings, IdealPostcodesSettings,
    IdentityConfig, SmtpConfig, SumsubSettings, TwilioSettings, YouLendSettings,
};
pub use read::{screaming, ConfigError};

use std::net::SocketAddr;
use std::time::Duration;

use ipnet::IpNet;
use secrecy::SecretString;

use read::{err, fee, millis, parse, parse_bool, proxies, seconds, secret, Env};

use crate::domain::engagement::features::{FeatureFlags, Flag};

#[derive(Clone, Debug)]
pub struct Config {
    pub listen: SocketAddr,
    /// May carry a password (`postgres://user:password@host/db`), so it never prints.
    pub database_url: SecretString,
    /// The public origin, used for canonical links, the sitemap and cookie security.
    pub base_url: String,
    pub isolates: usize,
    pub render_deadline: Duration,
    pub render_queue: usize,
    pub isolate_heap_mb: usize,
    pub sandbox: bool,
    /// SPEC §9 idle logout: warn after this much inactivity, then count down.
    pub idle_warning: Duration,
    pub idle_countdown: Duration,
    /// How long an MFA request stays open (SPEC §9: 120 s); tests shorten it.
    pub mfa_lifetime: Duration,
    /// How long a newly requested bank account stays pending before the background job opens it.
    pub account_opening: Duration,
    /// How old an approval may be for a security change (step-up); tests shorten it.
    pub step_up: Duration,
    pub company: Company,
    pub features: FeatureFlags,
    /// What a customer earns, in pence, for each friend whose account becomes ready through their
    /// referral link or invitation (`BANK_REFERRAL_REWARD`, 25.00).
    pub referral_reward: i64,
    /// Real email through SMTP (`BANK_SMTP_URL`); unset keeps email in the sandbox outbox.
    pub smtp: Option<SmtpConfig>,
    /// Proxies whose `X-Forwarded-For` / `Forwarded` headers name the client (`BANK_TRUSTED_PROXIES`).
    /// Empty: the peer of the connection is the client, whatever the headers say.
    pub trusted_proxies: Vec<IpNet>,
    /// Rate-limit counts in Redis (`BANK_REDIS_URL`), shared by every bank process.
    pub redis_url: Option<SecretString>,
    /// Connection limits of the listener.
    pub limits: Limits,
    /// The Companies House search API (`BANK_COMPANIES_HOUSE_KEY`, `BANK_COMPANIES_HOUSE_URL`);
    /// unset: the sandbox register in sandbox mode, else no company search.
    pub companies_house: Option<CompaniesHouseSettings>,
    /// UK address look-up (`BANK_IDEAL_POSTCODES_KEY`); none: the sandbox sample, or typing.
    pub ideal_postcodes: Option<IdealPostcodesSettings>,
    /// Texts through Twilio (`BANK_TWILIO_AUTH_TOKEN` and the rest); none: the sandbox outbox.
    pub twilio: Option<TwilioSettings>,
    /// The sponsor bank's payment rails (`BANK_CLEARBANK_TOKEN` and the rest); none: the
    /// sandbox schemes in sandbox mode, else no transfer leaves the bank.
    pub clearbank: Option<ClearBankSettings>,
    /// The activation fee's card acquirer (`BANK_CHECKOUT_COM_SECRET_KEY` and the rest); none:
    /// the sandbox's hosted page in sandbox mode, else no card or Apple Pay payment.
    pub checkout_com: Option<CheckoutComSettings>,
    /// The lender for business loans and factoring (`BANK_YOULEND_CLIENT_SECRET` and the
    /// rest); none: the sandbox lender in sandbox mode, else no finance is offered.
    pub youlend: Option<YouLendSettings>,
    pub identity: IdentityConfig,
    /// The activation fee in minor units (`BANK_ACTIVATION_FEE_BUSINESS`, 49.00;
    /// `BANK_ACTIVATION_FEE_PERSONAL`, 19.00), in the currency of the primary account.
    pub activation_fee_business: i64,
    pub activation_fee_personal: i64,
    /// Transfer fees per scheme and currency (`BANK_FEE_<SCHEME>_<CURRENCY>`, e.g.
    /// `BANK_FEE_SWIFT_USD=20.00`; defaults in `domain/payments/fees.rs`).
    pub transfer_fees: crate::domain::payments::fees::FeeTable,
    /// Per transfer and per day, per currency (`BANK_LIMIT_TRANSFER_<CURRENCY>`,
    /// `BANK_LIMIT_DAILY_<CURRENCY>`).
    pub transfer_limits: crate::domain::payments::limits::TransferLimits,
    /// How long the sandbox schemes take to settle (`BANK_SETTLEMENT_<SCHEME>_MS`).
    pub settlement: Settlement,
    /// Currency exchange: hours, quote lifetime, spreads and the rates provider.
    pub exchange: ExchangeConfig,
    /// The card programme: keys and delivery timings.
    pub cards: CardsConfig,
}

#[derive(Clone, Debug, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Company {
    pub legal_name: String,
    pub trading_name: String,
    pub address: String,
    pub company_number: String,
    pub support_phone: String,
    pub support_email: String,
    pub regulator_reference: String,
    /// Support's hours over Christmas and New Year, shown while the christmasSupportHours flag
    /// is on: days and hours separated by semicolons.
    pub holiday_support_hours: String,
}

impl Config {
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_map(&std::env::vars().collect())
    }

    pub fn from_map(env: &Env) -> Result<Self, ConfigError> {
        let get = |name: &str, default: &str| {
            env.get(name)
                .cloned()
                .unwrap_or_else(|| default.to_string())
        };
        let host = get("BANK_HOST", "127.0.0.1");
        let port: u16 = parse(env, "BANK_PORT", 8080)?;
        let listen: SocketAddr = format!("{host}:{port}")
            .parse()
            .map_err(|e| err("BANK_HOST", format!("not an address: {e}")))?;
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        // Two per core: a render waits for its data calls (API, database) with its isolate idle,
        // and a second isolate per core renders in those waits (the dashboard: 367 → 497
        // requests/s at 50 connections on 2 cores; pages without data calls lose nothing).
        let isolates = parse(env, "BANK_SSR_ISOLATES", 2 * cores)?;
        if isolates == 0 {
            return Err(err("BANK_SSR_ISOLATES", "must be at least 1".into()));
        }
        let mut features = FeatureFlags::defaults();
        for flag in Flag::ALL {
            let key = format!("BANK_FEATURE_{}", screaming(flag.name()));
            if let Some(value) = env.get(&key) {
                let on = parse_bool(value)
                    .ok_or_else(|| err(&key, "expected on/off, true/false or 1/0".into()))?;
                features.set(flag, on);
            }
        }
        // No default: a deployment must say which bank it is. Sandbox mode shows every code
        // sent and credits any account, so it must never be what a forgotten setting means.
        let sandbox = env
            .get("BANK_SANDBOX")
            .and_then(|value| parse_bool(value))
            .ok_or_else(|| {
                err(
                    "BANK_SANDBOX",
                    "name the mode: on (sandbox providers, demo data and the dev pages, for a \
                     laptop) or off (a real deployment)"
                        .into(),
                )
            })?;
        Ok(Self {
            listen,
            database_url: SecretString::from(get("DATABASE_URL", "sqlite://./data/bank.db")),
            base_url: get("BANK_BASE_URL", &format!("http://localhost:{port}"))
                .trim_end_matches('/')
                .to_string(),
            isolates,
            render_deadline: Duration::from_millis(parse(env, "BANK_SSR_DEADLINE_MS", 2000)?),
            render_queue: parse(env, "BANK_SSR_QUEUE", isolates * 64)?,
            isolate_heap_mb: parse(env, "BANK_SSR_HEAP_MB", 128)?,
            // No default: a deployment must say which bank it is. Sandbox mode shows every code
            // sent and credits any account, so it must never be what a forgotten setting means.
            sandbox,
            idle_warning: seconds(env, "BANK_IDLE_WARNING_S", 240)?,
            idle_countdown: seconds(env, "BANK_IDLE_COUNTDOWN_S", 60)?,
            mfa_lifetime: seconds(env, "BANK_MFA_LIFETIME_S", 120)?,
            account_opening: seconds(env, "BANK_ACCOUNT_OPENING_S", 3)?,
            step_up: seconds(env, "BANK_STEP_UP_S", 300)?,
            company: Company {
                legal_name: get("BANK_LEGAL_NAME", "Harbour Payments Ltd"),
                trading_name: get("BANK_TRADING_NAME", "Harbour"),
                address: get(
                    "BANK_ADDRESS",
                    "20 Finsbury Circus, London EC2M 7EA, United Kingdom",
                ),
                company_number: get("BANK_COMPANY_NUMBER", "14928371"),
                support_phone: get("BANK_SUPPORT_PHONE", "+44 20 3885 0190"),
                support_email: get("BANK_SUPPORT_EMAIL", "support@harbour.example"),
                regulator_reference: get("BANK_FCA_REFERENCE", "902117"),
                holiday_support_hours: get(
                    "BANK_HOLIDAY_SUPPORT_HOURS",
                    "24 December: 9:00 to 13:00; 25 and 26 December: closed; \
                     27 to 30 December: 10:00 to 16:00; 31 December: 9:00 to 13:00; \
                     1 January: closed",
                ),
            },
            features,
            referral_reward: fee(env, "BANK_REFERRAL_REWARD", "25.00")?,
            smtp: env
                .get("BANK_SMTP_URL")
                .filter(|u| !u.is_empty())
                .map(|url| SmtpConfig {
                    url: SecretString::from(url.clone()),
                    from: get("BANK_MAIL_FROM", "Harbour <no-reply@harbour.example>"),
                }),
            trusted_proxies: proxies(&get("BANK_TRUSTED_PROXIES", ""))?,
            redis_url: secret(env, "BANK_REDIS_URL"),
            limits: Limits {
                header_read: Duration::from_secs(parse(env, "BANK_HEADER_TIMEOUT_S", 10)?),
                idle: Duration::from_secs(parse(env, "BANK_IDLE_TIMEOUT_S", 75)?),
                max_connections: parse(env, "BANK_MAX_CONNECTIONS", 2048)?,
                grace: Duration::from_secs(parse(env, "BANK_SHUTDOWN_GRACE_S", 20)?),
                // A sandbox on a laptop has no load balancer to tell.
                drain: Duration::from_millis(parse(
                    env,
                    "BANK_SHUTDOWN_DRAIN_MS",
                    if sandbox { 0 } else { 5_000 },
                )?),
            },
            identity: providers::identity(env)?,
            activation_fee_business: fee(env, "BANK_ACTIVATION_FEE_BUSINESS", "49.00")?,
            activation_fee_personal: fee(env, "BANK_ACTIVATION_FEE_PERSONAL", "19.00")?,
            transfer_fees: payments::transfer_fees(env)?,
            transfer_limits: payments::transfer_limits(env)?,
            settlement: Settlement {
                local: millis(env, "BANK_SETTLEMENT_LOCAL_MS", 2_000)?,
                sepa: millis(env, "BANK_SETTLEMENT_SEPA_MS", 5_000)?,
                swift: millis(env, "BANK_SETTLEMENT_SWIFT_MS", 10_000)?,
            },
            exchange: exchange::exchange(env, sandbox)?,
            cards: cards::cards(env, sandbox)?,
            companies_house: secret(env, "BANK_COMPANIES_HOUSE_KEY").map(|api_key| {
                CompaniesHouseSettings {
                    base_url: get(
                        "BANK_COMPANIES_HOUSE_URL",
                        "https://api.company-information.service.gov.uk",
                    ),
                    api_key,
                }
            }),
            twilio: providers::twilio(env)?,
            clearbank: providers::clearbank(env)?,
            checkout_com: providers::checkout_com(env)?,
            youlend: providers::youlend(env)?,
            ideal_postcodes: secret(env, "BANK_IDEAL_POSTCODES_KEY").map(|api_key| {
                IdealPostcodesSettings {
                    base_url: get(
                        "BANK_IDEAL_POSTCODES_URL",
                        "https://api.ideal-postcodes.co.uk",
                    ),
                    api_key,
                }
            }),
        })
    }

    /// Cookies are Secure everywhere but on plain-HTTP localhost development.
    pub fn secure_cookies(&self) -> bool {
        self.base_url.starts_with("https://")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &[(&str, &str)]) -> Env {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    /// A named mode, for the tests about other settings.
    fn with_mode(pairs: &[(&str, &str)]) -> Env {
        let mut map = env(pairs);
        map.entry("BANK_SANDBOX".into())
            .or_insert_with(|| "on".into());
        map
    }

    #[test]
    fn the_mode_must_be_named() {
        let error = Config::from_map(&env(&[])).unwrap_err();
        assert!(error.to_string().starts_with("BANK_SANDBOX"), "{error}");
        assert!(Config::from_map(&env(&[("BANK_SANDBOX", "maybe")])).is_err());
        let keys = crate::domain::cards::sealed::CardVault::new_key_text("k1");
        let real = [
            ("BANK_SANDBOX", "off"),
            ("BANK_CARD_KEYS", keys.as_str()),
            ("BANK_CARD_VERIFICATION_KEY", "a real verification key"),
        ];
        assert!(!Config::from_map(&env(&real)).unwrap().sandbox);
    }

    #[test]
    fn a_real_deployment_names_its_card_keys() {
        let error = Config::from_map(&env(&[("BANK_SANDBOX", "off")])).unwrap_err();
        assert!(error.to_string().starts_with("BANK_CARD_KEYS"), "{error}");
        let bad = Config::from_map(&with_mode(&[("BANK_CARD_KEYS", "k1:short")])).unwrap_err();
        assert!(bad.to_string().starts_with("BANK_CARD_KEYS"), "{bad}");
        let keys = crate::domain::cards::sealed::CardVault::new_key_text("k1");
        let error = Config::from_map(&env(&[("BANK_SANDBOX", "off"), ("BANK_CARD_KEYS", &keys)]))
            .unwrap_err();
        assert!(
            error.to_string().starts_with("BANK_CARD_VERIFICATION_KEY"),
            "{error}"
        );
        // The sandbox's published keys work, in sandbox mode only.
        assert!(Config::from_map(&with_mode(&[])).is_ok());
    }

    #[test]
    fn defaults_run_a_sandbox_bank_on_sqlite() {
        let config = Config::from_map(&with_mode(&[("BANK_SANDBOX", "on")])).unwrap();
        assert_eq!(config.listen.to_string(), "127.0.0.1:8080");
        assert_eq!(
            secrecy::ExposeSecret::expose_secret(&config.database_url),
            "sqlite://./data/bank.db"
        );
        assert!(config.sandbox);
        assert!(!config.secure_cookies());
        assert!(config.features.get(Flag::Referrals));
        assert!(!config.features.get(Flag::ChatWidget));
        assert_eq!(
            (config.idle_warning, config.idle_countdown),
            (Duration::from_secs(240), Duration::from_secs(60)),
            "SPEC §9 idle timings"
        );
    }

    #[test]
    fn feature_flags_come_from_the_environment() {
        let config = Config::from_map(&with_mode(&[
            ("BANK_FEATURE_CHAT_WIDGET", "on"),
            ("BANK_FEATURE_REFERRALS", "0"),
        ]))
        .unwrap();
        assert!(config.features.get(Flag::ChatWidget));
        assert!(!config.features.get(Flag::Referrals));
        assert!(Config::from_map(&with_mode(&[("BANK_FEATURE_REFERRALS", "maybe")])).is_err());
    }

    #[test]
    fn bad_numbers_are_reported_by_name() {
        let error = Config::from_map(&with_mode(&[("BANK_PORT", "eighty")])).unwrap_err();
        assert!(error.to_string().starts_with("BANK_PORT"));
        assert!(Config::from_map(&with_mode(&[("BANK_SSR_ISOLATES", "0")])).is_err());
    }

    #[test]
    fn trusted_proxies_are_networks_or_addresses() {
        let config = Config::from_map(&with_mode(&[(
            "BANK_TRUSTED_PROXIES",
            "10.0.0.0/8, 192.168.1.7 ::1",
        )]))
        .unwrap();
        let shown: Vec<String> = config
            .trusted_proxies
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(shown, ["10.0.0.0/8", "192.168.1.7/32", "::1/128"]);
        assert!(Config::from_map(&with_mode(&[("BANK_TRUSTED_PROXIES", "10.0.0.0/33")])).is_err());
        assert!(Config::from_map(&with_mode(&[]))
            .unwrap()
            .trusted_proxies
            .is_empty());
    }

    #[test]
    fn secrets_never_print() {
        let config = Config::from_map(&with_mode(&[
            ("BANK_SMTP_URL", "smtps://mailer:hunter2@mail.example:465"),
            ("BANK_REDIS_URL", "redis://:r3dis-pass@cache:6379"),
            ("DATABASE_URL", "postgres://bank:pg-pass@db/bank"),
        ]))
        .unwrap();
        let printed = format!("{config:?}");
        for secret in ["hunter2", "r3dis-pass", "pg-pass"] {
            assert!(!printed.contains(secret), "{secret} leaked: {printed}");
        }
    }

    #[test]
    fn screaming_case() {
        assert_eq!(screaming("activateByCard"), "ACTIVATE_BY_CARD");
        assert_eq!(screaming("idleLogout"), "IDLE_LOGOUT");
    }
}
