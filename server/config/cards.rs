//! The card programme (issue 14): keys and delivery timings.

use secrecy::SecretString;

use std::time::Duration;

use super::read::{err, millis, seconds, secret, Env};
use super::ConfigError;

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
    pub delivery_step: Duration,
    /// How long revealed details stay on screen (`BANK_CARD_DETAILS_S`, 60).
    pub details_visible: Duration,
    /// What the card referral programme pays the referrer, in pence
    /// (`BANK_CARD_REFERRAL_REWARD`, a decimal in pounds, 25.00).
    pub referral_reward: i64,
}

/// Sandbox cards carry test-range numbers only, so a sandbox may use these published keys; a
/// real deployment names its own.
const SANDBOX_CARD_KEYS: &str = "sandbox:c2FuZGJveCBjYXJkIGtleSwgdGVzdCBjYXJkcyEhISE=";
const SANDBOX_VERIFICATION_KEY: &str = "sandbox card verification key";

pub(super) fn cards(env: &Env, sandbox: bool) -> Result<CardsConfig, ConfigError> {
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
        delivery_step: millis(env, "BANK_CARD_DELIVERY_STEP_MS", 20_000)?,
        details_visible: seconds(env, "BANK_CARD_DETAILS_S", 60)?,
        referral_reward: super::read::fee(env, "BANK_CARD_REFERRAL_REWARD", "25.00")?,
    })
}
