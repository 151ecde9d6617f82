//! The sandbox lender: it takes every application at once and sends the person to its page
//! (http/lender_page.rs), where the tester makes the lender's offer, approves and pays out, or
//! declines; each choice arrives at the bank as the signed webhook a lender sends.

use axum::http::HeaderMap;
use secrecy::SecretString;

use super::webhook::{self, HEADER};
use super::{Decision, LendingError, LendingProvider, LoanRequest, Notified, Pending, Submitted};
use crate::domain::clock::Clock;
use crate::providers::identity::webhook::sign;
use crate::providers::sandbox_token;

/// How long the lender's page link works.
const PAGE_LIFETIME_MS: i64 = 24 * 60 * 60 * 1000;

pub struct SandboxLender {
    secret: SecretString,
    clock: Clock,
}

impl SandboxLender {
    pub fn new(secret: SecretString, clock: Clock) -> Self {
        Self { secret, clock }
    }

    pub fn provider_ref(application_id: &str) -> String {
        format!("sbx-{application_id}")
    }

    /// The page link for an application (its lender reference), signed.
    pub fn page_token(&self, provider_ref: &str, now_ms: i64) -> String {
        sandbox_token::issue(&self.secret, provider_ref, now_ms + PAGE_LIFETIME_MS)
    }

    /// The lender reference a page token is for.
    pub fn page_ref(&self, token: &str, now_ms: i64) -> Option<String> {
        sandbox_token::check(&self.secret, token, now_ms)
            .ok()
            .map(|claims| claims.user_id)
    }

    /// A decision as the lender sends it: body and signature header.
    pub fn webhook(&self, decision: &Decision) -> (Vec<u8>, (&'static str, String)) {
        let body = webhook::body(decision);
        let signature = sign(&self.secret, &body);
        (body, (HEADER, signature))
    }
}

impl LendingProvider for SandboxLender {
    fn name(&self) -> &'static str {
        "sandbox"
    }

    fn lender_name(&self) -> &'static str {
        "Harbour Sandbox Lending"
    }

    fn submit<'a>(&'a self, request: &'a LoanRequest) -> Pending<'a, Submitted> {
        let provider_ref = Self::provider_ref(&request.application_id);
        let token = self.page_token(&provider_ref, self.clock.now_ms());
        // Relative: the bank itself serves the sandbox lender's page.
        let redirect_uri = format!("/sandbox/lender?token={token}");
        Box::pin(async move {
            Ok(Submitted {
                provider_ref,
                redirect_uri,
            })
        })
    }

    fn read_webhook(&self, headers: &HeaderMap, body: &[u8]) -> Result<Notified, LendingError> {
        webhook::read(&self.secret, headers, body).map(Notified::Decided)
    }
}
