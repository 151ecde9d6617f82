//! The payment rails a transfer leaves the bank by (issue 33 point 1): UK Faster Payments, SEPA
//! credit transfers and SWIFT. The settlement job hands each due transfer to the rail with the
//! transfer's id as the idempotency key; the rail answers at once (the sandbox, by its documented
//! rules) or later by signed webhook (a sponsor bank: ClearBank). A rail that cannot take a
//! transfer now leaves it queued for another try; nothing moves money outside the ledger.

pub mod clearbank;
pub mod sandbox;

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use axum::http::HeaderMap;

use crate::domain::payments::payee::Scheme;

/// A postal address's parts, as payment messages carry them (empty when not known).
#[derive(Debug, Clone, Default)]
pub struct PostalAddress {
    /// ISO 3166 alpha-2.
    pub country: String,
    pub town: String,
    pub region: String,
    pub street: String,
    pub building: String,
    pub postcode: String,
}

/// A transfer as a rail sends it.
#[derive(Debug, Clone)]
pub struct OutgoingPayment {
    /// The transfer's id: the rail's idempotency key, and what its notifications name.
    pub transfer_id: String,
    pub scheme: Scheme,
    pub currency: &'static str,
    pub amount_minor: i64,
    pub payer_name: String,
    pub payer_iban: String,
    pub payer_address: PostalAddress,
    /// The London day it is sent on (a SEPA payment's requested execution date).
    pub execution_date: String,
    pub payee_name: String,
    pub payee_iban: Option<String>,
    pub payee_sort_code: Option<String>,
    pub payee_account_number: Option<String>,
    pub payee_bic: Option<String>,
    /// A SWIFT payee's routing code, with a local account number.
    pub payee_routing_code: Option<String>,
    /// A SWIFT payee's address (SWIFT payments carry it).
    pub payee_address: PostalAddress,
    pub reference: String,
}

/// What a rail said when it was handed a transfer.
#[derive(Debug, PartialEq, Eq)]
pub enum Dispatch {
    /// Taken; the outcome comes by notification.
    Accepted,
    /// Settled at once (the sandbox).
    Settled,
    /// Sent back at once, with the reason (the sandbox).
    Returned(String),
}

#[derive(Debug, thiserror::Error)]
pub enum RailError {
    /// Not taken now (down, busy, timed out, or a scheme it does not carry): tried again later.
    #[error("the rail did not take the payment: {0}")]
    Unavailable(String),
    /// Refused for good: the money goes back to the payer with the reason.
    #[error("the rail refused the payment: {0}")]
    Refused(String),
    #[error("webhook refused: {0}")]
    BadWebhook(&'static str),
}

/// What a rail's notification reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RailEvent {
    /// One of the bank's transfers settled.
    Settled {
        event_key: String,
        transfer_id: String,
    },
    /// One of the bank's transfers was refused before it settled (by the rail or the payee's
    /// bank): its money goes back to the payer.
    Failed {
        event_key: String,
        transfer_id: String,
        reason: String,
    },
    /// One of the bank's transfers came back after it settled (or before the settlement was
    /// reported): its money goes back to the payer.
    Returned {
        event_key: String,
        transfer_id: String,
        reason: String,
    },
    /// Money arrived from outside for an account (its IBAN as the rail names it).
    Incoming {
        event_key: String,
        scheme: Scheme,
        account_iban: String,
        currency: String,
        amount_minor: i64,
        payer: String,
        payer_account: Option<String>,
        reference: String,
    },
    /// Something the bank does not act on (a test event, a debit the bank did not send).
    Ignored { event_key: String, what: String },
}

/// A notification read and checked: the events it reports and the answer the rail expects.
pub struct Notification {
    pub events: Vec<RailEvent>,
    pub reply_body: Vec<u8>,
    pub reply_headers: Vec<(&'static str, String)>,
}

pub type Pending<'a, T> = Pin<Box<dyn Future<Output = Result<T, RailError>> + Send + 'a>>;

pub trait PaymentRails: Send + Sync {
    /// The rail's name, as its events are kept (`sandbox`, `clearbank`).
    fn name(&self) -> &'static str;
    /// The outside party whose health its calls report (none for the sandbox).
    fn party(&self) -> Option<&'static str> {
        None
    }
    fn send<'a>(&'a self, payment: &'a OutgoingPayment) -> Pending<'a, Dispatch>;
    /// Checks a notification's signature and reads it.
    fn read_webhook(&self, headers: &HeaderMap, body: &[u8]) -> Result<Notification, RailError>;
}

/// Whether the configured rail carries a scheme: a transfer on one it does not is refused
/// before anything is approved or held, never queued for a rail that will not take it.
pub fn carries(
    config: &crate::config::Config,
    scheme: Scheme,
    currency: crate::domain::accounts::money::Currency,
) -> bool {
    if config.clearbank.is_some() {
        return clearbank::carries(scheme, currency.code());
    }
    config.sandbox
}

/// ClearBank when configured; the sandbox schemes in sandbox mode; otherwise none, and no
/// transfer leaves the bank (they stay queued: nothing is settled by a made-up outcome).
pub fn from_config(
    config: &crate::config::Config,
) -> anyhow::Result<Option<Arc<dyn PaymentRails>>> {
    if let Some(settings) = &config.clearbank {
        return Ok(Some(Arc::new(clearbank::ClearBank::new(settings)?)));
    }
    Ok(config
        .sandbox
        .then(|| Arc::new(sandbox::SandboxRails) as Arc<dyn PaymentRails>))
}
