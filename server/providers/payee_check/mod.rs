//! Confirmation of Payee's outside half (issue 33 point 2): asking the payee's bank whether an
//! account is held in the name the payer typed. ClearBank when configured (the same sponsor
//! bank that carries the payments), the sandbox's documented rules in sandbox mode, none
//! otherwise (the check then answers that no answer could be had, and the payer may carry on).
//! The bank's own accounts are answered from its own records (`services::payments::payee_check`).

pub mod sandbox;

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use crate::domain::payments::payee_check::Verdict;
use crate::domain::payments::recipient::PayeeType;

/// What is asked: a UK account and the name and type the payer gave it.
#[derive(Debug, Clone)]
pub struct PayeeQuery {
    pub sort_code: String,
    pub account_number: String,
    pub name: String,
    pub payee_type: PayeeType,
    /// The check's own id (the end-to-end id the payment may later carry).
    pub check_id: String,
}

pub type Checking<'a> = Pin<Box<dyn Future<Output = Verdict> + Send + 'a>>;

pub trait PayeeChecker: Send + Sync {
    /// The checker's name, as each check keeps it.
    fn name(&self) -> &'static str;
    /// The outside party whose health its checks report (none for the sandbox).
    fn party(&self) -> Option<&'static str> {
        None
    }
    /// The payee's bank's answer; `Unavailable` when none could be had (never an error: the
    /// payer is told and may carry on).
    fn check<'a>(&'a self, query: &'a PayeeQuery) -> Checking<'a>;
}

pub fn from_config(
    config: &crate::config::Config,
) -> anyhow::Result<Option<Arc<dyn PayeeChecker>>> {
    if let Some(settings) = &config.clearbank {
        return Ok(Some(Arc::new(
            crate::providers::rails::clearbank::ClearBank::new(settings)?,
        )));
    }
    Ok(config
        .sandbox
        .then(|| Arc::new(sandbox::SandboxChecker) as Arc<dyn PayeeChecker>))
}
