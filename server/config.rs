//! Configuration from environment variables, each with a documented default (README).

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::time::Duration;

use ipnet::IpNet;
use secrecy::SecretString;

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
    pub idle_warning_s: u32,
    pub idle_countdown_s: u32,
    /// How long an MFA request stays open (SPEC §9: 120 s); tests shorten it.
    pub mfa_lifetime_s: u32,
    /// How long a newly requested bank account stays pending before the background job opens it.
    pub account_opening_s: u32,
    /// How old an approval may be for a security change (step-up); tests shorten it.
    pub step_up_s: u32,
    pub company: Company,
    pub features: FeatureFlags,
    /// Real email through SMTP (`BANK_SMTP_URL`); unset keeps email in the sandbox outbox.
    pub smtp: Option<crate::providers::notify::SmtpConfig>,
    /// Bearer token for operator-only calls (POST /v1/utils/settings). Unset: those calls are refused.
    pub ops_token: Option<SecretString>,
    /// Proxies whose `X-Forwarded-For` / `Forwarded` headers name the client (`BANK_TRUSTED_PROXIES`).
    /// Empty: the peer of the connection is the client, whatever the headers say.
    pub trusted_proxies: Vec<IpNet>,
    /// Rate-limit counts in Redis (`BANK_REDIS_URL`), shared by every bank process.
    pub redis_url: Option<SecretString>,
    /// Connection limits of the listener.
    pub limits: crate::http::serve::Limits,
    /// The Companies House search API (`BANK_COMPANIES_HOUSE_KEY`, `BANK_COMPANIES_HOUSE_URL`);
    /// unset: the sandbox register in sandbox mode, else no company search.
    pub companies_house: Option<crate::providers::companies::companies_house::Settings>,
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

/// The bank's card programme (issue 14).
#[derive(Debug, Clone)]
pub struct CardsConfig {
    /// Seals card numbers at rest (`BANK_CARD_KEYS`: `id:base64-of-32-bytes`, newest first,
    /// comma-separated; `bank card-key <id>` makes one). Required outside sandbox mode.
    pub vault: std::sync::Arc<crate::domain::cards::sealed::CardVault>,
    /// Computes security codes (`BANK_CARD_VERIFICATION_KEY`). Required outside sandbox mode.
    pub verification_key: SecretString,
    /// How long each delivery step takes (`BANK_CARD_DELIVERY_STEP_MS`, 20000): ordered, then
    /// being made, in the post, and waiting for activation.
    pub delivery_step_ms: u64,
    /// How long revealed details stay on screen (`BANK_CARD_DETAILS_S`, 60).
    pub details_visible_s: u32,
    /// What the card referral programme pays the referrer, in pence
    /// (`BANK_CARD_REFERRAL_REWARD`, a decimal in pounds, 25.00).
    pub referral_reward: i64,
}

/// Currency exchange (issue 12).
#[derive(Debug, Clone)]
pub struct ExchangeConfig {
    /// When the bank converts (`BANK_EXCHANGE_HOURS`, `BANK_EXCHANGE_DAYS`; SPEC §9 by default).
    pub hours: crate::domain::exchange::hours::Hours,
    /// How long a quote may be executed (`BANK_EXCHANGE_QUOTE_S`, 30).
    pub quote_lifetime_s: u32,
    /// The bank's margin per pair (`BANK_FX_SPREAD`, `BANK_FX_SPREAD_<FROM>_<TO>`, in percent).
    pub spreads: crate::domain::exchange::pricing::Spreads,
    /// Where mid-market rates come from (`BANK_FX_PROVIDER`).
    pub rates: crate::providers::rates::RatesConfig,
}

/// Milliseconds from submit until the sandbox scheme settles or returns a transfer.
#[derive(Debug, Clone, Copy)]
pub struct Settlement {
    pub local_ms: i64,
    pub sepa_ms: i64,
    pub swift_ms: i64,
}

impl Settlement {
    pub fn delay_ms(&self, scheme: crate::domain::payments::payee::Scheme) -> i64 {
        use crate::domain::payments::payee::Scheme;
        match scheme {
            Scheme::Local => self.local_ms,
            Scheme::Sepa => self.sepa_ms,
            Scheme::Swift => self.swift_ms,
        }
    }
}

/// Identity verification (`BANK_IDENTITY_PROVIDER`: `sumsub`, or the sandbox in sandbox mode).
#[derive(Clone, Debug)]
pub struct IdentityConfig {
    pub sumsub: Option<crate::providers::identity::sumsub::Settings>,
    /// Signs the sandbox widget's tokens and webhooks (`BANK_IDENTITY_SANDBOX_SECRET`); the
    /// sandbox never verifies anyone real, and every process of one sandbox shares it.
    pub sandbox_secret: SecretString,
    /// How long a widget token opens the widget (`BANK_IDENTITY_TOKEN_S`, 600).
    pub token_lifetime_s: u32,
    /// How long the sandbox takes to review (`BANK_SANDBOX_REVIEW_MS`, 1500).
    pub sandbox_review_ms: u64,
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
}

#[derive(Debug, thiserror::Error)]
#[error("{name}: {problem}")]
pub struct ConfigError {
    name: String,
    problem: String,
}

type Env = BTreeMap<String, String>;

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
            idle_warning_s: parse(env, "BANK_IDLE_WARNING_S", 240)?,
            idle_countdown_s: parse(env, "BANK_IDLE_COUNTDOWN_S", 60)?,
            mfa_lifetime_s: parse(env, "BANK_MFA_LIFETIME_S", 120)?,
            account_opening_s: parse(env, "BANK_ACCOUNT_OPENING_S", 3)?,
            step_up_s: parse(env, "BANK_STEP_UP_S", 300)?,
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
            },
            features,
            smtp: env
                .get("BANK_SMTP_URL")
                .filter(|u| !u.is_empty())
                .map(|url| crate::providers::notify::SmtpConfig {
                    url: SecretString::from(url.clone()),
                    from: get("BANK_MAIL_FROM", "Harbour <no-reply@harbour.example>"),
                }),
            ops_token: secret(env, "BANK_OPS_TOKEN"),
            trusted_proxies: proxies(&get("BANK_TRUSTED_PROXIES", ""))?,
            redis_url: secret(env, "BANK_REDIS_URL"),
            limits: crate::http::serve::Limits {
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
            identity: identity(env)?,
            activation_fee_business: fee(env, "BANK_ACTIVATION_FEE_BUSINESS", "49.00")?,
            activation_fee_personal: fee(env, "BANK_ACTIVATION_FEE_PERSONAL", "19.00")?,
            transfer_fees: transfer_fees(env)?,
            transfer_limits: transfer_limits(env)?,
            settlement: Settlement {
                local_ms: parse(env, "BANK_SETTLEMENT_LOCAL_MS", 2_000)?,
                sepa_ms: parse(env, "BANK_SETTLEMENT_SEPA_MS", 5_000)?,
                swift_ms: parse(env, "BANK_SETTLEMENT_SWIFT_MS", 10_000)?,
            },
            exchange: exchange(env, sandbox)?,
            cards: cards(env, sandbox)?,
            companies_house: secret(env, "BANK_COMPANIES_HOUSE_KEY").map(|api_key| {
                crate::providers::companies::companies_house::Settings {
                    base_url: get(
                        "BANK_COMPANIES_HOUSE_URL",
                        "https://api.company-information.service.gov.uk",
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

/// A setting that must never reach a log: `Debug` prints it redacted.
fn fee(env: &Env, name: &str, default: &str) -> Result<i64, ConfigError> {
    let text = env.get(name).map_or(default, String::as_str);
    crate::domain::accounts::money::parse_decimal(text)
        .filter(|minor| *minor > 0)
        .ok_or_else(|| {
            err(
                name,
                "an amount above zero with at most two decimals, e.g. 49.00".into(),
            )
        })
}

fn transfer_fees(env: &Env) -> Result<crate::domain::payments::fees::FeeTable, ConfigError> {
    use crate::domain::accounts::money::Currency;
    use crate::domain::payments::payee::Scheme;
    let mut table = crate::domain::payments::fees::FeeTable::defaults();
    for scheme in Scheme::ALL {
        for currency in [
            Currency::Gbp,
            Currency::Eur,
            Currency::Usd,
            Currency::Chf,
            Currency::All,
        ] {
            let name = format!(
                "BANK_FEE_{}_{}",
                scheme.as_str().to_ascii_uppercase(),
                currency.code()
            );
            if let Some(text) = env.get(&name) {
                let minor =
                    crate::domain::accounts::money::parse_decimal(text).ok_or_else(|| {
                        err(
                            &name,
                            "an amount with at most two decimals, e.g. 0.20".into(),
                        )
                    })?;
                table.set(*scheme, currency, minor);
            }
        }
    }
    Ok(table)
}

fn transfer_limits(
    env: &Env,
) -> Result<crate::domain::payments::limits::TransferLimits, ConfigError> {
    use crate::domain::accounts::money::Currency;
    let mut limits = crate::domain::payments::limits::TransferLimits::defaults();
    for currency in Currency::EVERY {
        for (kind, daily) in [("TRANSFER", false), ("DAILY", true)] {
            let name = format!("BANK_LIMIT_{kind}_{}", currency.code());
            if env.get(&name).is_some() {
                let minor = fee(env, &name, "0")?;
                if daily {
                    limits.set_daily(currency, minor);
                } else {
                    limits.set_per_transfer(currency, minor);
                }
            }
        }
    }
    Ok(limits)
}

fn exchange(env: &Env, sandbox: bool) -> Result<ExchangeConfig, ConfigError> {
    use crate::domain::accounts::money::Currency;
    use crate::domain::exchange::hours::Hours;
    use crate::domain::exchange::pricing::Spreads;
    use crate::providers::rates::RatesConfig;
    let window = env
        .get("BANK_EXCHANGE_HOURS")
        .map_or("08:30-17:29", String::as_str);
    let days = env
        .get("BANK_EXCHANGE_DAYS")
        .map_or("business", String::as_str);
    let hours = Hours::parse(window, days).map_err(|problem| {
        let name = if Hours::parse(window, "business").is_ok() {
            "BANK_EXCHANGE_DAYS"
        } else {
            "BANK_EXCHANGE_HOURS"
        };
        err(name, problem.into())
    })?;
    // Percent in the environment ("0.5" is half a percent), a fraction in the code.
    let percent = |name: &str| -> Result<Option<rust_decimal::Decimal>, ConfigError> {
        let Some(text) = env.get(name) else {
            return Ok(None);
        };
        text.trim()
            .parse::<rust_decimal::Decimal>()
            .ok()
            .map(|p| p / rust_decimal::Decimal::ONE_HUNDRED)
            .filter(|s| Spreads::valid(*s))
            .map(Some)
            .ok_or_else(|| err(name, "a percentage from 0 to under 20, e.g. 0.5".into()))
    };
    let mut spreads = Spreads::defaults();
    if let Some(spread) = percent("BANK_FX_SPREAD")? {
        spreads.set_default(spread);
    }
    for from in Currency::EVERY {
        for to in Currency::EVERY {
            if let Some(spread) = percent(&format!("BANK_FX_SPREAD_{from}_{to}"))? {
                spreads.set(from, to, spread);
            }
        }
    }
    let provider = env
        .get("BANK_FX_PROVIDER")
        .map_or(if sandbox { "sandbox" } else { "ecb" }, String::as_str);
    let rates = match provider {
        "sandbox" if sandbox => RatesConfig::Sandbox {
            seed: parse(env, "BANK_FX_SEED", 2026)?,
            step: Duration::from_secs(parse(env, "BANK_FX_REFRESH_S", 5)?),
        },
        "sandbox" => {
            return Err(err(
                "BANK_FX_PROVIDER",
                "the sandbox's rates are made up: only with BANK_SANDBOX=on".into(),
            ))
        }
        "ecb" => RatesConfig::Ecb {
            url: env
                .get("BANK_FX_ECB_URL")
                .cloned()
                .unwrap_or_else(|| crate::providers::rates::ecb::DEFAULT_URL.into()),
            every: Duration::from_secs(parse(env, "BANK_FX_REFRESH_S", 3600)?),
        },
        _ => return Err(err("BANK_FX_PROVIDER", "expected sandbox or ecb".into())),
    };
    Ok(ExchangeConfig {
        hours,
        quote_lifetime_s: parse(env, "BANK_EXCHANGE_QUOTE_S", 30)?,
        spreads,
        rates,
    })
}

fn identity(env: &Env) -> Result<IdentityConfig, ConfigError> {
    let token_lifetime_s = parse(env, "BANK_IDENTITY_TOKEN_S", 600)?;
    let sumsub = match env.get("BANK_IDENTITY_PROVIDER").map(String::as_str) {
        None | Some("" | "sandbox") => None,
        Some("sumsub") => {
            let required = |name: &str| {
                secret(env, name)
                    .ok_or_else(|| err(name, "required with BANK_IDENTITY_PROVIDER=sumsub".into()))
            };
            Some(crate::providers::identity::sumsub::Settings {
                base_url: env
                    .get("BANK_SUMSUB_URL")
                    .cloned()
                    .unwrap_or_else(|| "https://api.sumsub.com".into()),
                app_token: required("BANK_SUMSUB_APP_TOKEN")?,
                secret_key: required("BANK_SUMSUB_SECRET_KEY")?,
                webhook_secret: required("BANK_SUMSUB_WEBHOOK_SECRET")?,
                level: env
                    .get("BANK_SUMSUB_LEVEL")
                    .cloned()
                    .unwrap_or_else(|| "basic-kyc-level".into()),
                token_lifetime_s,
            })
        }
        Some(_) => {
            return Err(err(
                "BANK_IDENTITY_PROVIDER",
                "expected sumsub or sandbox".into(),
            ))
        }
    };
    Ok(IdentityConfig {
        sumsub,
        sandbox_secret: secret(env, "BANK_IDENTITY_SANDBOX_SECRET")
            .unwrap_or_else(|| SecretString::from("sandbox-identity-secret")),
        token_lifetime_s,
        sandbox_review_ms: parse(env, "BANK_SANDBOX_REVIEW_MS", 1500)?,
    })
}

/// Sandbox cards carry test-range numbers only, so a sandbox may use these published keys; a
/// real deployment names its own.
const SANDBOX_CARD_KEYS: &str = "sandbox:c2FuZGJveCBjYXJkIGtleSwgdGVzdCBjYXJkcyEhISE=";
const SANDBOX_VERIFICATION_KEY: &str = "sandbox card verification key";

fn cards(env: &Env, sandbox: bool) -> Result<CardsConfig, ConfigError> {
    let required = |name: &str, sandbox_value: &str| match secret(env, name) {
        Some(value) => Ok(value),
        None if sandbox => Ok(SecretString::from(sandbox_value.to_string())),
        None => Err(err(name, "required outside sandbox mode".into())),
    };
    let ring = required("BANK_CARD_KEYS", SANDBOX_CARD_KEYS)?;
    let vault = crate::domain::cards::sealed::CardVault::from_config(
        secrecy::ExposeSecret::expose_secret(&ring),
    )
    .map_err(|e| err("BANK_CARD_KEYS", e.to_string()))?;
    Ok(CardsConfig {
        vault: std::sync::Arc::new(vault),
        verification_key: required("BANK_CARD_VERIFICATION_KEY", SANDBOX_VERIFICATION_KEY)?,
        delivery_step_ms: parse(env, "BANK_CARD_DELIVERY_STEP_MS", 20_000)?,
        details_visible_s: parse(env, "BANK_CARD_DETAILS_S", 60)?,
        referral_reward: match env.get("BANK_CARD_REFERRAL_REWARD") {
            None => 2_500,
            Some(text) => crate::domain::accounts::money::parse_decimal(text.trim())
                .filter(|pence| *pence > 0)
                .ok_or_else(|| {
                    err(
                        "BANK_CARD_REFERRAL_REWARD",
                        "a positive amount in pounds, like 25.00".into(),
                    )
                })?,
        },
    })
}

fn secret(env: &Env, name: &str) -> Option<SecretString> {
    env.get(name)
        .filter(|value| !value.is_empty())
        .map(|value| SecretString::from(value.clone()))
}

/// `10.0.0.0/8, 192.168.1.7`: networks, or single addresses standing for themselves.
fn proxies(text: &str) -> Result<Vec<IpNet>, ConfigError> {
    text.split([',', ' '])
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .map(|item| {
            item.parse::<IpNet>()
                .or_else(|_| item.parse::<std::net::IpAddr>().map(IpNet::from))
                .map_err(|_| {
                    err(
                        "BANK_TRUSTED_PROXIES",
                        format!("{item} is neither a network (CIDR) nor an address"),
                    )
                })
        })
        .collect()
}

fn err(name: &str, problem: String) -> ConfigError {
    ConfigError {
        name: name.to_string(),
        problem,
    }
}

fn parse<T: std::str::FromStr>(env: &Env, name: &str, default: T) -> Result<T, ConfigError>
where
    T::Err: std::fmt::Display,
{
    match env.get(name) {
        None => Ok(default),
        Some(value) => value.trim().parse().map_err(|e| err(name, format!("{e}"))),
    }
}

fn parse_bool(value: &str) -> Option<bool> {
    match value.trim().to_ascii_lowercase().as_str() {
        "1" | "on" | "true" | "yes" => Some(true),
        "0" | "off" | "false" | "no" => Some(false),
        _ => None,
    }
}

/// `activateByCard` -> `ACTIVATE_BY_CARD`.
pub fn screaming(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_uppercase() && !out.is_empty() {
            out.push('_');
        }
        out.push(c.to_ascii_uppercase());
    }
    out
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
            (config.idle_warning_s, config.idle_countdown_s),
            (240, 60),
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
            ("BANK_OPS_TOKEN", "op-secret-123"),
            ("BANK_SMTP_URL", "smtps://mailer:hunter2@mail.example:465"),
            ("BANK_REDIS_URL", "redis://:r3dis-pass@cache:6379"),
            ("DATABASE_URL", "postgres://bank:pg-pass@db/bank"),
        ]))
        .unwrap();
        let printed = format!("{config:?}");
        for secret in ["op-secret-123", "hunter2", "r3dis-pass", "pg-pass"] {
            assert!(!printed.contains(secret), "{secret} leaked: {printed}");
        }
    }

    #[test]
    fn screaming_case() {
        assert_eq!(screaming("activateByCard"), "ACTIVATE_BY_CARD");
        assert_eq!(screaming("idleLogout"), "IDLE_LOGOUT");
    }
}
