//! The lender behind business loans, mortgages and factoring (issue 30 point 6): the bank sends
//! it an application (with what the person agreed to share), the person continues on the
//! lender's own pages (`redirect_uri`), and the lender's decisions come back by signed webhook.
//!
//! Implementations: the sandbox lender (pages the bank serves itself in sandbox mode, where the
//! tester chooses the outcome). Without one configured outside the sandbox, the bank offers no
//! finance at all.

pub mod sandbox;
pub mod webhook;

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use axum::http::HeaderMap;

use crate::domain::lending::application::{LoanState, Product};

/// What the lender is sent.
#[derive(Debug, Clone, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LoanRequest {
    /// The bank's id for the application, which the lender keeps as its external reference.
    pub application_id: String,
    pub product: Product,
    /// GBP minor units.
    pub amount: i64,
    pub term_months: u32,
    pub purpose: String,
    pub company_name: String,
    /// What the person agreed to share (KYB data, directors, turnover by month), or nothing.
    pub shared: Option<serde_json::Value>,
    /// Where the lender sends the person back to.
    pub return_url: String,
}

/// The lender took the application.
#[derive(Debug, Clone)]
pub struct Submitted {
    pub provider_ref: String,
    pub redirect_uri: String,
}

/// A decision the lender reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    pub provider_ref: String,
    pub state: LoanState,
    /// The offer (pre-approval), minor units.
    pub offered_amount: Option<i64>,
    /// What it paid out with an approval, minor units.
    pub paid_amount: Option<i64>,
    pub reason: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum LendingError {
    #[error("the lender did not answer: {0}")]
    Unavailable(String),
    #[error("the lender refused the application: {0}")]
    Refused(String),
    #[error("webhook refused: {0}")]
    BadWebhook(&'static str),
}

pub type Pending<'a, T> = Pin<Box<dyn Future<Output = Result<T, LendingError>> + Send + 'a>>;

pub trait LendingProvider: Send + Sync {
    /// The provider's name as SPEC §3 gives it (`youlend`), or `sandbox`.
    fn name(&self) -> &'static str;
    /// The lender as its payments name it on the statement.
    fn lender_name(&self) -> &'static str;
    fn submit<'a>(&'a self, request: &'a LoanRequest) -> Pending<'a, Submitted>;
    fn read_webhook(&self, headers: &HeaderMap, body: &[u8]) -> Result<Decision, LendingError>;
}

/// The sandbox lender in sandbox mode; none otherwise until a real lender is configured.
pub fn from_config(
    config: &crate::config::Config,
    clock: &crate::domain::clock::Clock,
) -> Option<Arc<dyn LendingProvider>> {
    config.sandbox.then(|| {
        Arc::new(sandbox::SandboxLender::new(
            config.identity.sandbox_secret.clone(),
            clock.clone(),
        )) as Arc<dyn LendingProvider>
    })
}
