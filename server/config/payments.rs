//! Fees, limits and the sandbox schemes' timings.

use std::time::Duration;

use super::read::{err, fee, Env};
use crate::domain::accounts::money::{parse_decimal, Currency};
use crate::domain::payments::fees::FeeTable;
use crate::domain::payments::limits::TransferLimits;
use crate::domain::payments::payee::Scheme;

/// How long from submit until the sandbox scheme settles or returns a transfer.
#[derive(Debug, Clone, Copy)]
pub struct Settlement {
    pub local: Duration,
    pub sepa: Duration,
    pub swift: Duration,
}

impl Settlement {
    pub fn delay(&self, scheme: Scheme) -> Duration {
        match scheme {
            Scheme::Local => self.local,
            Scheme::Sepa => self.sepa,
            Scheme::Swift => self.swift,
        }
    }
}

pub(super) fn transfer_fees(env: &Env) -> Result<FeeTable, super::ConfigError> {
    let mut table = FeeTable::defaults();
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
                let minor = parse_decimal(text).ok_or_else(|| {
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

pub(super) fn transfer_limits(env: &Env) -> Result<TransferLimits, super::ConfigError> {
    let mut limits = TransferLimits::defaults();
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
