//! Outside parties: mail, identity verification and the company register.

use secrecy::SecretString;

use std::time::Duration;

use super::read::{err, millis, seconds, secret, Env};
use super::ConfigError;

/// SMTP settings (`BANK_SMTP_URL`, `BANK_MAIL_FROM`).
#[derive(Clone, Debug)]
pub struct SmtpConfig {
    /// `smtps://user:password@host:465` or `smtp://host:25?tls=required`, as lettre reads it.
    /// It may carry a password, so it never prints.
    pub url: SecretString,
    pub from: String,
}

/// The Companies House search API.
#[derive(Clone, Debug)]
pub struct CompaniesHouseSettings {
    pub base_url: String,
    pub api_key: SecretString,
}

/// Twilio's Messaging API, for texts (`BANK_TWILIO_*`).
#[derive(Clone, Debug)]
pub struct TwilioSettings {
    pub base_url: String,
    pub account_sid: String,
    /// Signs the API calls (HTTP Basic with the account SID) and Twilio's webhooks.
    pub auth_token: SecretString,
    /// The sender: a Twilio number in E.164 or an alphanumeric sender ID.
    pub from: String,
}

/// ClearBank's API, the sponsor bank's payment rails (`BANK_CLEARBANK_*`).
#[derive(Clone, Debug)]
pub struct ClearBankSettings {
    pub base_url: String,
    /// The API token (`Authorization: Bearer`).
    pub token: SecretString,
    /// The bank's RSA private key (PKCS #8 PEM), whose certificate ClearBank holds: it signs
    /// every request body and every webhook answer (`DigitalSignature`).
    pub private_key: SecretString,
    /// ClearBank's public key (PEM), downloaded from its portal: it checks the webhooks.
    pub webhook_key: String,
    /// The first wait before a payment the rail did not take is tried again; each later wait
    /// is three times the one before, up to an hour.
    pub retry_base: Duration,
    /// How long a call waits for ClearBank's answer (`BANK_CLEARBANK_TIMEOUT_MS`, 10 s): a
    /// payment not answered in time is tried again later under the same request id.
    pub timeout: Duration,
    /// The bank's real account at ClearBank (`BANK_CLEARBANK_ACCOUNT_ID`, a UUID), under which
    /// each sterling account is a virtual account with its owner's name, so ClearBank answers
    /// other banks' Confirmation of Payee checks about it. Unset: no names are registered.
    pub real_account_id: Option<String>,
}

/// Checkout.com, the activation fee's card acquirer (`BANK_CHECKOUT_COM_*`).
#[derive(Clone, Debug)]
pub struct CheckoutComSettings {
    pub base_url: String,
    /// The secret key (`Authorization: Bearer sk_…`).
    pub secret_key: SecretString,
    /// The processing channel the payments are taken on (`pc_…`).
    pub processing_channel_id: String,
    /// The webhook's signature key, set in Checkout.com's dashboard: it checks `Cko-Signature`.
    pub webhook_secret: SecretString,
    /// How long a call waits for Checkout.com's answer (`BANK_CHECKOUT_COM_TIMEOUT_MS`, 10 s).
    pub timeout: Duration,
}

/// YouLend, the revenue-based lender for business loans and factoring (`BANK_YOULEND_*`).
#[derive(Clone, Debug)]
pub struct YouLendSettings {
    /// The partner API (`BANK_YOULEND_API_URL`, `https://partners.youlendapi.com`): the
    /// onboarding API under `/onboarding`, the loan API under `/loan`.
    pub api_url: String,
    /// The OAuth server that issues the client-credentials tokens (`BANK_YOULEND_AUTH_URL`,
    /// `https://youlend.eu.auth0.com`).
    pub auth_url: String,
    /// The tokens' audience, to which `/onboarding` or `/loan` is added
    /// (`BANK_YOULEND_AUDIENCE`, `https://youlendapi.com`).
    pub audience: String,
    pub client_id: String,
    pub client_secret: SecretString,
    /// How long a call waits for YouLend's answer (`BANK_YOULEND_TIMEOUT_MS`, 10 s).
    pub timeout: Duration,
}

/// Ideal Postcodes' postcode look-up.
#[derive(Clone, Debug)]
pub struct IdealPostcodesSettings {
    pub base_url: String,
    pub api_key: SecretString,
}

/// Sumsub, the identity verification service.
#[derive(Clone, Debug)]
pub struct SumsubSettings {
    pub base_url: String,
    pub app_token: SecretString,
    pub secret_key: SecretString,
    pub webhook_secret: SecretString,
    /// The verification level set up in Sumsub's dashboard (document and selfie).
    pub level: String,
    pub token_lifetime: Duration,
}

/// Identity verification (`BANK_IDENTITY_PROVIDER`: `sumsub`, or the sandbox in sandbox mode).
#[derive(Clone, Debug)]
pub struct IdentityConfig {
    pub sumsub: Option<SumsubSettings>,
    /// Signs the sandbox widget's tokens and webhooks (`BANK_IDENTITY_SANDBOX_SECRET`); the
    /// sandbox never verifies anyone real, and every process of one sandbox shares it.
    pub sandbox_secret: SecretString,
    /// How long a widget token opens the widget (`BANK_IDENTITY_TOKEN_S`, 600).
    pub token_lifetime: Duration,
    /// How long the sandbox takes to review (`BANK_SANDBOX_REVIEW_MS`, 1500).
    pub sandbox_review: Duration,
}

pub(super) fn identity(env: &Env) -> Result<IdentityConfig, ConfigError> {
    let token_lifetime = seconds(env, "BANK_IDENTITY_TOKEN_S", 600)?;
    let sumsub = match env.get("BANK_IDENTITY_PROVIDER").map(String::as_str) {
        None | Some("" | "sandbox") => None,
        Some("sumsub") => {
            let required = |name: &str| {
                secret(env, name)
                    .ok_or_else(|| err(name, "required with BANK_IDENTITY_PROVIDER=sumsub".into()))
            };
            Some(SumsubSettings {
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
                token_lifetime,
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
        token_lifetime,
        sandbox_review: millis(env, "BANK_SANDBOX_REVIEW_MS", 1500)?,
    })
}

/// Twilio for texts when `BANK_TWILIO_AUTH_TOKEN` is set; then the account SID and the sender
/// are required too.
pub(super) fn twilio(env: &Env) -> Result<Option<TwilioSettings>, ConfigError> {
    let Some(auth_token) = secret(env, "BANK_TWILIO_AUTH_TOKEN") else {
        return Ok(None);
    };
    let required = |name: &str| {
        env.get(name)
            .filter(|value| !value.is_empty())
            .cloned()
            .ok_or_else(|| err(name, "required with BANK_TWILIO_AUTH_TOKEN".into()))
    };
    Ok(Some(TwilioSettings {
        base_url: env
            .get("BANK_TWILIO_URL")
            .cloned()
            .unwrap_or_else(|| "https://api.twilio.com".into()),
        account_sid: required("BANK_TWILIO_ACCOUNT_SID")?,
        auth_token,
        from: required("BANK_TWILIO_FROM")?,
    }))
}

/// ClearBank's rails when `BANK_CLEARBANK_TOKEN` is set; then both keys are required. A key is
/// given as its PEM text or as the path of a file holding it.
pub(super) fn clearbank(env: &Env) -> Result<Option<ClearBankSettings>, ConfigError> {
    let Some(token) = secret(env, "BANK_CLEARBANK_TOKEN") else {
        return Ok(None);
    };
    let pem = |name: &str| -> Result<String, ConfigError> {
        let value = env
            .get(name)
            .filter(|value| !value.is_empty())
            .ok_or_else(|| err(name, "required with BANK_CLEARBANK_TOKEN".into()))?;
        if value.trim_start().starts_with("-----BEGIN") {
            return Ok(value.clone());
        }
        std::fs::read_to_string(value).map_err(|e| err(name, format!("cannot read {value}: {e}")))
    };
    Ok(Some(ClearBankSettings {
        base_url: env
            .get("BANK_CLEARBANK_URL")
            .cloned()
            .unwrap_or_else(|| "https://institution-api.clearbank.co.uk".into()),
        token,
        private_key: SecretString::from(pem("BANK_CLEARBANK_PRIVATE_KEY")?),
        webhook_key: pem("BANK_CLEARBANK_WEBHOOK_KEY")?,
        retry_base: millis(env, "BANK_CLEARBANK_RETRY_MS", 5_000)?,
        timeout: millis(env, "BANK_CLEARBANK_TIMEOUT_MS", 10_000)?,
        real_account_id: env
            .get("BANK_CLEARBANK_ACCOUNT_ID")
            .filter(|id| !id.is_empty())
            .map(|id| {
                uuid::Uuid::try_parse(id)
                    .map(|_| id.clone())
                    .map_err(|_| err("BANK_CLEARBANK_ACCOUNT_ID", "is not a UUID".into()))
            })
            .transpose()?,
    }))
}

/// Checkout.com as the card acquirer when `BANK_CHECKOUT_COM_SECRET_KEY` is set; then the
/// processing channel and the webhook's signature key are required.
pub(super) fn checkout_com(env: &Env) -> Result<Option<CheckoutComSettings>, ConfigError> {
    let Some(secret_key) = secret(env, "BANK_CHECKOUT_COM_SECRET_KEY") else {
        return Ok(None);
    };
    let required = |name: &str| {
        env.get(name)
            .filter(|value| !value.is_empty())
            .cloned()
            .ok_or_else(|| err(name, "required with BANK_CHECKOUT_COM_SECRET_KEY".into()))
    };
    Ok(Some(CheckoutComSettings {
        base_url: env
            .get("BANK_CHECKOUT_COM_URL")
            .cloned()
            .unwrap_or_else(|| "https://api.checkout.com".into()),
        secret_key,
        processing_channel_id: required("BANK_CHECKOUT_COM_PROCESSING_CHANNEL")?,
        webhook_secret: SecretString::from(required("BANK_CHECKOUT_COM_WEBHOOK_SECRET")?),
        timeout: millis(env, "BANK_CHECKOUT_COM_TIMEOUT_MS", 10_000)?,
    }))
}

/// YouLend as the lender when `BANK_YOULEND_CLIENT_SECRET` is set; then its client id is
/// required.
pub(super) fn youlend(env: &Env) -> Result<Option<YouLendSettings>, ConfigError> {
    let Some(client_secret) = secret(env, "BANK_YOULEND_CLIENT_SECRET") else {
        return Ok(None);
    };
    let get = |name: &str, default: &str| {
        env.get(name)
            .filter(|value| !value.is_empty())
            .cloned()
            .unwrap_or_else(|| default.to_string())
    };
    Ok(Some(YouLendSettings {
        api_url: get("BANK_YOULEND_API_URL", "https://partners.youlendapi.com"),
        auth_url: get("BANK_YOULEND_AUTH_URL", "https://youlend.eu.auth0.com"),
        audience: get("BANK_YOULEND_AUDIENCE", "https://youlendapi.com"),
        client_id: env
            .get("BANK_YOULEND_CLIENT_ID")
            .filter(|value| !value.is_empty())
            .cloned()
            .ok_or_else(|| {
                err(
                    "BANK_YOULEND_CLIENT_ID",
                    "required with BANK_YOULEND_CLIENT_SECRET".into(),
                )
            })?,
        client_secret,
        timeout: millis(env, "BANK_YOULEND_TIMEOUT_MS", 10_000)?,
    }))
}
