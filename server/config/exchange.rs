//! Currency exchange (issue 12): hours, quote lifetime, spreads and the rates provider.

use std::time::Duration;

use super::read::{err, parse, seconds, Env};
use super::ConfigError;
use crate::domain::accounts::money::Currency;
use crate::domain::exchange::hours::Hours;
use crate::domain::exchange::pricing::Spreads;

/// The ECB's daily reference rates.
pub const ECB_DAILY_URL: &str = "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml";

/// Currency exchange (issue 12).
#[derive(Debug, Clone)]
pub struct ExchangeConfig {
    /// When the bank converts (`BANK_EXCHANGE_HOURS`, `BANK_EXCHANGE_DAYS`; SPEC §9 by default).
    pub hours: Hours,
    /// How long a quote may be executed (`BANK_EXCHANGE_QUOTE_S`, 30).
    pub quote_lifetime: Duration,
    /// The bank's margin per pair (`BANK_FX_SPREAD`, `BANK_FX_SPREAD_<FROM>_<TO>`, in percent).
    pub spreads: Spreads,
    /// Where mid-market rates come from (`BANK_FX_PROVIDER`).
    pub rates: RatesConfig,
}

/// The configured rates provider (`BANK_FX_PROVIDER`).
#[derive(Debug, Clone)]
pub enum RatesConfig {
    /// The seeded random walk (`BANK_FX_SEED`), stepping every `step`.
    Sandbox { seed: u64, step: Duration },
    /// The ECB's daily XML (`BANK_FX_ECB_URL`), read every `every`.
    Ecb { url: String, every: Duration },
}

pub(super) fn exchange(env: &Env, sandbox: bool) -> Result<ExchangeConfig, ConfigError> {
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
                .unwrap_or_else(|| ECB_DAILY_URL.into()),
            every: Duration::from_secs(parse(env, "BANK_FX_REFRESH_S", 3600)?),
        },
        _ => return Err(err("BANK_FX_PROVIDER", "expected sandbox or ecb".into())),
    };
    Ok(ExchangeConfig {
        hours,
        quote_lifetime: seconds(env, "BANK_EXCHANGE_QUOTE_S", 30)?,
        spreads,
        rates,
    })
}
