//! The sandbox identity provider: the bank's own widget (http/identity_widget.rs) takes a
//! document photo and a selfie, and the sandbox "reviews" them as the tester chooses, reporting
//! by the same signed webhook Sumsub sends. Its tokens are signed, not stored: the widget page
//! checks them by the signature and the expiry they carry.

use crate::providers::sandbox_token;
use secrecy::SecretString;

use std::time::Duration;

use crate::domain::clock::Clock;
use crate::domain::ids::UserId;

use super::webhook::{self, WebhookEvent};
use super::{Applicant, IdentityError, IdentityProvider, Pending, ProviderName, WidgetAccess};

pub struct SandboxIdentity {
    secret: SecretString,
    lifetime: Duration,
    clock: Clock,
}

pub use crate::providers::sandbox_token::{TokenClaims, TokenError};

impl SandboxIdentity {
    pub fn new(secret: SecretString, lifetime: Duration, clock: Clock) -> Self {
        Self {
            secret,
            lifetime,
            clock,
        }
    }

    pub fn applicant_id(user_id: &UserId) -> String {
        format!("sandbox-{user_id}")
    }

    pub fn issue(&self, user_id: &UserId, now_ms: i64) -> String {
        let expires = now_ms + crate::domain::clock::ms(self.lifetime);
        sandbox_token::issue(&self.secret, user_id.as_str(), expires)
    }

    pub fn check(&self, token: &str, now_ms: i64) -> Result<TokenClaims, TokenError> {
        sandbox_token::check(&self.secret, token, now_ms)
    }

    /// A webhook as the sandbox reviewer sends it, signed.
    pub fn webhook(&self, user_id: &UserId, review: webhook::Review) -> (Vec<u8>, String) {
        let body = webhook::body(&Self::applicant_id(user_id), user_id, review);
        let signature = webhook::sign(&self.secret, &body);
        (body, signature)
    }
}

impl IdentityProvider for SandboxIdentity {
    fn name(&self) -> ProviderName {
        ProviderName::Sandbox
    }

    fn access<'a>(&'a self, applicant: &'a Applicant<'a>) -> Pending<'a, WidgetAccess> {
        let token = self.issue(applicant.user_id, self.clock.now_ms());
        let access = WidgetAccess {
            provider: ProviderName::Sandbox,
            // Relative: the widget is served by the very bank whose page frames it.
            widget_url: Some(format!("/sandbox/identity?token={token}")),
            token,
            expires_in_s: crate::domain::clock::whole_seconds(self.lifetime),
        };
        Box::pin(async move { Ok(access) })
    }

    fn read_webhook(
        &self,
        headers: &axum::http::HeaderMap,
        body: &[u8],
    ) -> Result<WebhookEvent, IdentityError> {
        webhook::read(&self.secret, headers, body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_signed_and_expire() {
        let sandbox = SandboxIdentity::new(
            SecretString::from("s"),
            Duration::from_secs(60),
            Clock::system(),
        );
        let token = sandbox.issue(&UserId::from("user-1"), 1_000);
        assert_eq!(sandbox.check(&token, 2_000).unwrap().user_id, "user-1");
        assert_eq!(sandbox.check(&token, 61_000), Err(TokenError::Expired));
        let other = SandboxIdentity::new(
            SecretString::from("t"),
            Duration::from_secs(60),
            Clock::system(),
        );
        assert_eq!(other.check(&token, 2_000), Err(TokenError::Invalid));
        assert_eq!(sandbox.check("garbage", 2_000), Err(TokenError::Invalid));
    }
}
