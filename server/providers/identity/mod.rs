//! Identity verification (SPEC §1 "biometric identity verification through an embedded
//! verification widget"): the person photographs a document and takes a selfie in a widget;
//! the provider reviews them and tells the bank by a signed webhook.
//!
//! Two implementations: the sandbox (a widget the bank serves itself, sandbox mode only) and
//! Sumsub's API. Both report in Sumsub's webhook format, so one reader checks both.

pub mod sandbox;
pub mod sumsub;
pub mod webhook;

use crate::domain::ids::UserId;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use axum::http::HeaderMap;

pub use webhook::{Review, WebhookEvent};

/// The person to verify, as the provider's applicant.
pub struct Applicant<'a> {
    pub user_id: &'a UserId,
    pub email: &'a str,
    pub name: &'a str,
    pub surname: &'a str,
    /// yyyy-MM-dd.
    pub dob: Option<&'a str>,
    /// ISO 3166 alpha-2.
    pub country: Option<&'a str>,
}

/// What the app needs to open the widget.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WidgetAccess {
    pub provider: ProviderName,
    pub token: String,
    /// For the sandbox: the page the app frames. Sumsub's widget is built from the token.
    pub widget_url: Option<String>,
    pub expires_in_s: u32,
}

crate::domain::named_enum! {
    /// Which identity provider serves the widget.
    pub enum ProviderName {
        Sandbox = "sandbox",
        Sumsub = "sumsub",
    }
}

#[derive(Debug, thiserror::Error)]
pub enum IdentityError {
    #[error("the identity provider did not answer: {0}")]
    Unavailable(String),
    #[error("webhook refused: {0}")]
    BadWebhook(&'static str),
}

pub type Pending<'a, T> = Pin<Box<dyn Future<Output = Result<T, IdentityError>> + Send + 'a>>;

pub trait IdentityProvider: Send + Sync {
    fn name(&self) -> ProviderName;
    /// The outside party whose health its calls report (none for the sandbox).
    fn party(&self) -> Option<&'static str> {
        None
    }
    /// An access token for the widget, creating the applicant first where the provider needs one.
    fn access<'a>(&'a self, applicant: &'a Applicant<'a>) -> Pending<'a, WidgetAccess>;
    /// Checks a webhook's signature and reads it.
    fn read_webhook(&self, headers: &HeaderMap, body: &[u8])
        -> Result<WebhookEvent, IdentityError>;
}

/// The provider the configuration names (`BANK_IDENTITY_PROVIDER`): Sumsub when chosen, the
/// sandbox in sandbox mode, else none (the step answers that verification is unavailable).
pub fn from_config(
    config: &crate::config::Config,
    clock: &crate::domain::clock::Clock,
) -> Option<Arc<dyn IdentityProvider>> {
    match (&config.identity.sumsub, config.sandbox) {
        (Some(settings), _) => Some(Arc::new(sumsub::Sumsub::new(settings.clone()))),
        (None, true) => Some(Arc::new(sandbox::SandboxIdentity::new(
            config.identity.sandbox_secret.clone(),
            config.identity.token_lifetime,
            clock.clone(),
        ))),
        (None, false) => None,
    }
}
