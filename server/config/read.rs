//! Reading settings from the environment: each by name, with its default, and an error that
//! names the variable.

use std::time::Duration;

use std::collections::BTreeMap;

use ipnet::IpNet;
use secrecy::SecretString;

#[derive(Debug, thiserror::Error)]
#[error("{name}: {problem}")]
pub struct ConfigError {
    pub(super) name: String,
    pub(super) problem: String,
}

pub(super) type Env = BTreeMap<String, String>;

/// An amount above zero in major units with at most two decimals, as minor units.
pub(super) fn fee(env: &Env, name: &str, default: &str) -> Result<i64, ConfigError> {
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

pub(super) fn secret(env: &Env, name: &str) -> Option<SecretString> {
    env.get(name)
        .filter(|value| !value.is_empty())
        .map(|value| SecretString::from(value.clone()))
}

/// `10.0.0.0/8, 192.168.1.7`: networks, or single addresses standing for themselves.
pub(super) fn proxies(text: &str) -> Result<Vec<IpNet>, ConfigError> {
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

pub(super) fn err(name: &str, problem: String) -> ConfigError {
    ConfigError {
        name: name.to_string(),
        problem,
    }
}

pub(super) fn parse<T: std::str::FromStr>(
    env: &Env,
    name: &str,
    default: T,
) -> Result<T, ConfigError>
where
    T::Err: std::fmt::Display,
{
    match env.get(name) {
        None => Ok(default),
        Some(value) => value.trim().parse().map_err(|e| err(name, format!("{e}"))),
    }
}

/// A duration given in whole seconds (the `_S` settings).
pub(super) fn seconds(env: &Env, name: &str, default: u64) -> Result<Duration, ConfigError> {
    parse(env, name, default).map(Duration::from_secs)
}

/// A duration given in milliseconds (the `_MS` settings).
pub(super) fn millis(env: &Env, name: &str, default: u64) -> Result<Duration, ConfigError> {
    parse(env, name, default).map(Duration::from_millis)
}

pub(super) fn parse_bool(value: &str) -> Option<bool> {
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
