//! The card acquirer of the activation fee (issue 33 point 3): a hosted checkout (card with 3-D
//! Secure, or Apple Pay), its outcome by signed webhook, and refunds. `sandbox.rs` is the
//! hosted sandbox page's acquirer (DESIGN.md §6), whose card and Apple Pay rules are here;
//! `checkout_com.rs` follows Checkout.com's published API. No card number is kept.

pub mod checkout_com;
pub mod sandbox;

use std::sync::Arc;

pub use sandbox::{CheckoutEvent, SandboxAcquirer};

/// The test card the sandbox declines (as acquirers' test ranges do); every other card with a
/// valid check digit goes on to the 3-D Secure step.
pub const DECLINED_CARD: &str = "4000000000000002";

#[derive(Debug, PartialEq, Eq)]
pub enum CardRefusal {
    Number,
    Expiry,
    Cvc,
    Declined,
}

impl CardRefusal {
    pub fn message(&self) -> &'static str {
        match self {
            Self::Number => "Enter a valid card number",
            Self::Expiry => "Enter a valid expiry date (MM/YY)",
            Self::Cvc => "Enter the 3 or 4 digits on the back of the card",
            Self::Declined => "Your card was declined. Please try another card.",
        }
    }
}

/// The Luhn check digit holds (ISO/IEC 7812).
pub fn luhn_ok(digits: &str) -> bool {
    let mut sum = 0;
    for (i, c) in digits.chars().rev().enumerate() {
        let Some(mut d) = c.to_digit(10) else {
            return false;
        };
        if i % 2 == 1 {
            d *= 2;
            if d > 9 {
                d -= 9;
            }
        }
        sum += d;
    }
    sum % 10 == 0
}

/// Checks a card the way the hosted page does; `today` is (year, month).
pub fn check_card(
    number: &str,
    expiry: &str,
    cvc: &str,
    today: (i32, u8),
) -> Result<(), CardRefusal> {
    let number: String = number
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .collect();
    if !(12..=19).contains(&number.len()) || !luhn_ok(&number) {
        return Err(CardRefusal::Number);
    }
    let (month, year) = expiry
        .trim()
        .split_once('/')
        .and_then(|(m, y)| Some((m.trim().parse::<u8>().ok()?, y.trim().parse::<i32>().ok()?)))
        .ok_or(CardRefusal::Expiry)?;
    let year = if year < 100 { 2000 + year } else { year };
    if !(1..=12).contains(&month) || (year, month) < today {
        return Err(CardRefusal::Expiry);
    }
    let cvc = cvc.trim();
    if !(3..=4).contains(&cvc.len()) || !cvc.chars().all(|c| c.is_ascii_digit()) {
        return Err(CardRefusal::Cvc);
    }
    if number == DECLINED_CARD {
        return Err(CardRefusal::Declined);
    }
    Ok(())
}

/// A merchant session as Apple Pay's merchant validation answers it (sandbox: not signed by Apple).
pub fn merchant_session(base_url: &str, fee_id: &str, now: i64) -> serde_json::Value {
    let domain = base_url.split("://").nth(1).unwrap_or(base_url);
    serde_json::json!({
        "merchantSessionIdentifier": format!("sandbox-{fee_id}"),
        "epochTimestamp": now,
        "expiresAt": now + 60 * 60 * 1000,
        "domainName": domain,
        "displayName": "Account activation",
        "signature": "sandbox",
    })
}

/// Authorises an Apple Pay token: answers the payment id (from the token's transaction
/// identifier, so the same token cannot pay twice) or why it was refused. The sandbox refuses a
/// token whose payment data is the word `decline`.
pub fn authorise_wallet(
    token: &serde_json::Value,
    amount_minor: i64,
) -> Result<String, &'static str> {
    if amount_minor <= 0 {
        return Err("nothing to pay");
    }
    let data = &token["paymentData"];
    if data["version"] != "EC_v1" || data["data"].as_str().is_none_or(str::is_empty) {
        return Err("payment data unreadable");
    }
    let network = token["paymentMethod"]["network"]
        .as_str()
        .unwrap_or("")
        .to_ascii_lowercase();
    if !matches!(network.as_str(), "visa" | "mastercard" | "amex") {
        return Err("network not supported");
    }
    let id = token["transactionIdentifier"].as_str().unwrap_or("");
    if id.is_empty() || id.len() > 128 {
        return Err("no transaction identifier");
    }
    if data["data"] == "decline" {
        return Err("declined by the issuer");
    }
    Ok(format!("applepay-{id}"))
}

/// A hosted checkout to open for a fee: the acquirer's page takes the card (with 3-D Secure)
/// or Apple Pay, and the outcome comes back by signed webhook.
#[derive(Debug, Clone)]
pub struct NewCheckout<'a> {
    /// The bank's id for this checkout: the idempotency key of its creation, and what the
    /// acquirer's notifications of it name.
    pub checkout_id: &'a str,
    pub fee_id: &'a str,
    /// The fee's reference (on the payer's card statement).
    pub reference: &'a str,
    pub amount_minor: i64,
    pub currency: &'static str,
    /// The payer's country (ISO 3166 alpha-2), which a hosted page's billing address needs.
    pub country: String,
    /// Where the payer comes back to, absolute (the bank's card screen).
    pub return_url: String,
}

/// A hosted checkout as the acquirer opened it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostedCheckout {
    /// The acquirer's page the payer is sent to.
    pub url: String,
}

/// A refund of a payment the acquirer took (a second activation fee sent back).
#[derive(Debug, Clone)]
pub struct RefundRequest<'a> {
    /// The bank's id for the refund: the idempotency key, and the reference the acquirer's
    /// notifications of it carry.
    pub refund_id: &'a str,
    pub payment_id: &'a str,
    pub amount_minor: i64,
}

/// What the acquirer said to a refund.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RefundAnswer {
    /// Taken; its outcome comes by notification (the acquirer's action id).
    Accepted(String),
    /// Made at once (the sandbox).
    Refunded(String),
}

/// What an acquirer's notification reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AcquirerEvent {
    /// A checkout's payment was taken (captured).
    Paid {
        checkout_id: String,
        /// The fee, when the acquirer carries it back (so a payment on an older checkout of
        /// the same fee is still found).
        fee_id: Option<String>,
        payment_id: String,
    },
    /// A checkout's payment was declined, expired or cancelled.
    Declined { checkout_id: String },
    /// A refund was made.
    Refunded { refund_id: String },
    /// A refund was refused, with the acquirer's reason.
    RefundDeclined { refund_id: String, reason: String },
    /// Something the bank does not act on (an authorisation before its capture, a test).
    Ignored(String),
}

#[derive(Debug, thiserror::Error)]
pub enum AcquirerError {
    #[error("the notification's signature does not match")]
    Signature,
    #[error("the notification cannot be read: {0}")]
    Body(String),
    /// No answer, or the acquirer's own trouble: tried again later.
    #[error("the acquirer did not answer: {0}")]
    Unavailable(String),
    /// Refused for good, with the acquirer's reason.
    #[error("the acquirer refused: {0}")]
    Refused(String),
}

pub type Pending<'a, T> =
    std::pin::Pin<Box<dyn std::future::Future<Output = Result<T, AcquirerError>> + Send + 'a>>;

/// The card acquirer of the activation fee: the sandbox's hosted page on a laptop, Checkout.com
/// in production (`BANK_CHECKOUT_COM_*`). Outside sandbox mode with none configured, card and
/// wallet payments are not offered.
pub trait Acquirer: Send + Sync {
    /// The outside party whose health its calls report (none for the sandbox).
    fn party(&self) -> Option<&'static str>;
    /// Whether Apple Pay is taken in the bank's own page (the sandbox's merchant session and
    /// token rules) rather than on the acquirer's hosted page, where the acquirer validates
    /// the merchant and receives the token.
    fn wallet_in_page(&self) -> bool;
    fn start_checkout<'a>(&'a self, checkout: &'a NewCheckout<'a>) -> Pending<'a, HostedCheckout>;
    fn refund<'a>(&'a self, refund: &'a RefundRequest<'a>) -> Pending<'a, RefundAnswer>;
    /// Checks a notification's signature and reads it.
    fn read_webhook(
        &self,
        headers: &axum::http::HeaderMap,
        body: &[u8],
    ) -> Result<AcquirerEvent, AcquirerError>;
}

/// The configured acquirer: Checkout.com's when `BANK_CHECKOUT_COM_SECRET_KEY` is set, the
/// sandbox's in sandbox mode, else none.
pub fn from_config(config: &crate::config::Config) -> anyhow::Result<Option<Arc<dyn Acquirer>>> {
    if let Some(settings) = &config.checkout_com {
        return Ok(Some(Arc::new(checkout_com::CheckoutCom::new(settings)?)));
    }
    Ok(config.sandbox.then(|| {
        Arc::new(sandbox::SandboxAcquirer::new(
            config.identity.sandbox_secret.clone(),
        )) as Arc<dyn Acquirer>
    }))
}

fn mac(key: &[u8], parts: &[&[u8]]) -> hmac::Hmac<sha2::Sha256> {
    use hmac::Mac;
    let mut mac =
        hmac::Hmac::<sha2::Sha256>::new_from_slice(key).expect("HMAC takes keys of any length");
    for part in parts {
        mac.update(part);
    }
    mac
}

/// HMAC-SHA256 of the parts, hex: how both acquirers sign their notifications.
fn hmac_hex(key: &[u8], parts: &[&[u8]]) -> String {
    use hmac::Mac;
    hex::encode(mac(key, parts).finalize().into_bytes())
}

/// Checks that the `header` of a notification is the hex HMAC of the parts (compared in
/// constant time by the MAC).
fn check_signature(
    headers: &axum::http::HeaderMap,
    header: &str,
    key: &[u8],
    parts: &[&[u8]],
) -> Result<(), AcquirerError> {
    use hmac::Mac;
    let given = headers
        .get(header)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| hex::decode(v.trim()).ok())
        .ok_or(AcquirerError::Signature)?;
    mac(key, parts)
        .verify_slice(&given)
        .map_err(|_| AcquirerError::Signature)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_are_checked_like_an_acquirer_would() {
        let today = (2026, 11);
        assert_eq!(
            check_card("4242 4242 4242 4242", "12/28", "123", today),
            Ok(())
        );
        assert_eq!(
            check_card("4242 4242 4242 4241", "12/28", "123", today),
            Err(CardRefusal::Number)
        );
        assert_eq!(
            check_card("4242424242424242", "10/26", "123", today),
            Err(CardRefusal::Expiry)
        );
        assert_eq!(
            check_card("4242424242424242", "12/28", "12", today),
            Err(CardRefusal::Cvc)
        );
        assert_eq!(
            check_card(DECLINED_CARD, "12/28", "123", today),
            Err(CardRefusal::Declined)
        );
    }

    #[test]
    fn wallet_tokens() {
        let token = serde_json::json!({
            "paymentData": {"version": "EC_v1", "data": "c2FuZGJveA=="},
            "paymentMethod": {"network": "Visa"},
            "transactionIdentifier": "ABC123",
        });
        assert_eq!(
            authorise_wallet(&token, 4900).as_deref(),
            Ok("applepay-ABC123")
        );
        let mut declined = token.clone();
        declined["paymentData"]["data"] = "decline".into();
        assert!(authorise_wallet(&declined, 4900).is_err());
    }
}
