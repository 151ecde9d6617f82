//! The sandbox's Confirmation of Payee: answers by its register of accounts, by the rules of
//! `domain::payments::payee_check::sandbox` (documented in the README), so every answer can be
//! tried on a laptop.

use super::{Checking, PayeeChecker, PayeeQuery};
use crate::domain::payments::payee_check::sandbox;

pub struct SandboxChecker;

impl PayeeChecker for SandboxChecker {
    fn name(&self) -> &'static str {
        "sandbox"
    }

    fn check<'a>(&'a self, query: &'a PayeeQuery) -> Checking<'a> {
        Box::pin(async move {
            sandbox(
                &query.sort_code,
                &query.account_number,
                &query.name,
                query.payee_type,
            )
        })
    }
}
