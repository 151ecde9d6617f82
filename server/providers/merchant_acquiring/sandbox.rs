//! A sandbox of Decta: it takes every application and sends the business to its page
//! (http/acquirer_review_page.rs), where the tester asks for more information, sends the
//! agreement, signs it as the business, or rejects; each choice arrives at the bank as the
//! signed webhook an acquirer sends.

use axum::http::HeaderMap;
use secrecy::SecretString;

use super::webhook::{self, HEADER};
use super::{
    AcquiringError, MerchantAcquirer, MerchantDecision, MerchantRequest, Pending, Submitted,
};
use crate::domain::clock::Clock;
use crate::domain::lending::merchant::MerchantForm;
use crate::providers::identity::webhook::sign;
use crate::providers::sandbox_token;

const PAGE_LIFETIME_MS: i64 = 30 * 24 * 60 * 60 * 1000;

pub struct SandboxDecta {
    secret: SecretString,
    clock: Clock,
}

impl SandboxDecta {
    pub fn new(secret: SecretString, clock: Clock) -> Self {
        Self { secret, clock }
    }

    /// The acquirer's page for an application, by its reference: the link is signed.
    pub fn page_ref(&self, token: &str, now_ms: i64) -> Option<String> {
        sandbox_token::check(&self.secret, token, now_ms)
            .ok()
            .map(|claims| claims.user_id)
    }

    pub fn webhook(&self, decision: &MerchantDecision) -> (Vec<u8>, (&'static str, String)) {
        let body = webhook::body(decision);
        let signature = sign(&self.secret, &body);
        (body, (HEADER, signature))
    }
}

impl MerchantAcquirer for SandboxDecta {
    fn name(&self) -> &'static str {
        crate::domain::lending::merchant::PROVIDER
    }

    fn submit<'a>(&'a self, request: &'a MerchantRequest) -> Pending<'a, Submitted> {
        let provider_ref = format!("sbx-{}", request.application_id);
        let token = sandbox_token::issue(
            &self.secret,
            &provider_ref,
            self.clock.now_ms() + PAGE_LIFETIME_MS,
        );
        let redirect_uri = format!("/sandbox/acquirer?token={token}");
        Box::pin(async move {
            Ok(Submitted {
                provider_ref,
                redirect_uri,
            })
        })
    }

    fn resubmit<'a>(&'a self, _provider_ref: &'a str, _form: &'a MerchantForm) -> Pending<'a, ()> {
        // The sandbox reads the answer from the bank's own record when its page opens.
        Box::pin(async { Ok(()) })
    }

    fn read_webhook(
        &self,
        headers: &HeaderMap,
        body: &[u8],
    ) -> Result<MerchantDecision, AcquiringError> {
        webhook::read(&self.secret, headers, body)
    }
}
