//! The acquirer that lets a business take card payments (issue 30 point 4; SPEC §3 provider
//! `decta`): the bank sends it the merchant application, the acquirer reviews it, may ask for
//! more, sends an agreement the business signs on its pages (`redirect_uri`), and opens the
//! merchant account; each decision comes back by signed webhook.
//!
//! Implementations: a sandbox of Decta (pages the bank serves itself in sandbox mode, where the
//! tester plays the acquirer). Without one, the bank offers no card acceptance.

pub mod sandbox;
pub mod webhook;

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use axum::http::HeaderMap;

use crate::domain::lending::application::MerchantState;
use crate::domain::lending::merchant::MerchantForm;

#[derive(Debug, Clone, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MerchantRequest {
    pub application_id: String,
    pub company_name: String,
    pub company_number: String,
    pub form: MerchantForm,
}

#[derive(Debug, Clone)]
pub struct Submitted {
    pub provider_ref: String,
    pub redirect_uri: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MerchantDecision {
    pub provider_ref: String,
    pub state: MerchantState,
    /// Its question (additional_info_required) or reason (rejected).
    pub note: Option<String>,
    /// The merchant account opened (active).
    pub merchant_id: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum AcquiringError {
    #[error("the acquirer did not answer: {0}")]
    Unavailable(String),
    #[error("webhook refused: {0}")]
    BadWebhook(&'static str),
}

pub type Pending<'a, T> = Pin<Box<dyn Future<Output = Result<T, AcquiringError>> + Send + 'a>>;

pub trait MerchantAcquirer: Send + Sync {
    /// SPEC §3's provider name.
    fn name(&self) -> &'static str;
    fn submit<'a>(&'a self, request: &'a MerchantRequest) -> Pending<'a, Submitted>;
    /// The business's answer to the acquirer's questions: the form sent again.
    fn resubmit<'a>(&'a self, provider_ref: &'a str, form: &'a MerchantForm) -> Pending<'a, ()>;
    fn read_webhook(
        &self,
        headers: &HeaderMap,
        body: &[u8],
    ) -> Result<MerchantDecision, AcquiringError>;
}

/// The sandbox of Decta in sandbox mode; none otherwise until a real acquirer is configured.
pub fn from_config(
    config: &crate::config::Config,
    clock: &crate::domain::clock::Clock,
) -> Option<Arc<dyn MerchantAcquirer>> {
    config.sandbox.then(|| {
        Arc::new(sandbox::SandboxDecta::new(
            config.identity.sandbox_secret.clone(),
            clock.clone(),
        )) as Arc<dyn MerchantAcquirer>
    })
}
