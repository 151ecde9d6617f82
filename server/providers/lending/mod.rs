//! The lender behind business loans, mortgages and factoring (issue 30 point 6): the bank sends
//! it an application (with what the person agreed to share), the person continues on the
//! lender's own pages (`redirect_uri`), and the lender's decisions come back by signed webhook.
//!
//! Implementations: YouLend's partner API (`youlend.rs`, when configured), and the sandbox
//! lender (pages the bank serves itself in sandbox mode, where the tester chooses the outcome).
//! Without either, the bank offers no finance at all.

pub mod sandbox;
pub mod webhook;
pub mod youlend;

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
    /// The bank's id for the business (its profile), the lender's customer reference.
    pub customer_id: String,
    pub product: Product,
    /// GBP minor units.
    pub amount: i64,
    pub term_months: u32,
    pub purpose: String,
    pub company_name: String,
    /// The London day of the application (`yyyy-MM-dd`).
    pub applied_day: String,
    /// The person applying, whom the lender contacts and who continues on its pages.
    pub contact: Contact,
    /// What the person agreed to share (KYB data, directors, turnover by month), or nothing.
    pub shared: Option<serde_json::Value>,
    /// With that agreement only: the registered office, in parts, as lenders' forms take it.
    pub address: Option<RegisteredAddress>,
    /// Where the lender sends the person back to.
    pub return_url: String,
}

#[derive(Debug, Clone, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Contact {
    pub name: String,
    pub email: String,
    /// E.164, when verified.
    pub phone: Option<String>,
}

#[derive(Debug, Clone, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RegisteredAddress {
    pub street: String,
    pub city: String,
    pub postcode: String,
    /// ISO 3166-1 alpha-2.
    pub country: String,
}

/// What a notification says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notified {
    /// A signed decision.
    Decided(Decision),
    /// Only which application changed: the lender is asked for its state (`current`), so a
    /// forged notification can at most make the bank read the truth again.
    Changed { provider_ref: String },
}

/// An application the lender is asked about, as the bank has it.
#[derive(Debug, Clone)]
pub struct Asked {
    pub provider_ref: String,
    /// The business it is under (the lender's customer reference).
    pub customer_id: String,
    /// The London day it was made (`yyyy-MM-dd`): money the lender paid before is not its.
    pub applied_day: String,
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
    /// Whether it lends for the product at all (a revenue-based lender offers no mortgages).
    fn offers(&self, _product: Product) -> bool {
        true
    }
    fn submit<'a>(&'a self, request: &'a LoanRequest) -> Pending<'a, Submitted>;
    /// A notification the lender sent, checked: the decision it carries, or which application
    /// it is about when the lender must be asked (its notifications are not signed).
    fn read_webhook(&self, headers: &HeaderMap, body: &[u8]) -> Result<Notified, LendingError>;
    /// The application's state as the lender has it now, for a notification that only named
    /// it; nothing to do yet: none.
    fn current<'a>(&'a self, _asked: &'a Asked) -> Pending<'a, Option<Decision>> {
        Box::pin(async { Ok(None) })
    }
}

/// YouLend when configured; else the sandbox lender in sandbox mode; else none.
pub fn from_config(
    config: &crate::config::Config,
    clock: &crate::domain::clock::Clock,
) -> anyhow::Result<Option<Arc<dyn LendingProvider>>> {
    if let Some(settings) = &config.youlend {
        let notify_url = format!("{}{}", config.base_url.trim_end_matches('/'), NOTIFY_PATH);
        return Ok(Some(Arc::new(youlend::YouLend::new(settings, notify_url)?)));
    }
    Ok(config.sandbox.then(|| {
        Arc::new(sandbox::SandboxLender::new(
            config.identity.sandbox_secret.clone(),
            clock.clone(),
        )) as Arc<dyn LendingProvider>
    }))
}

/// Where lenders send their notifications (the API's `lending_webhook`).
pub const NOTIFY_PATH: &str = "/v2/webhooks/lending";
