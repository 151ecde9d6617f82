//! The sandbox card acquirer for the activation fee (DESIGN.md §6 "card/wallet payment of the
//! activation fee (a hosted sandbox payment page)"): the rules its hosted page and its Apple Pay
//! processing apply. No card number is kept; only the outcome is.

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

/// What an acquirer reports of a checkout on its hosted page: paid (with its payment id) or
/// declined. The bank acts on it only through its webhook (`POST /v2/webhooks/acquirer`), as it
/// would on a real acquirer's notification.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutEvent {
    pub checkout_id: String,
    pub payment_id: String,
    pub paid: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum AcquirerError {
    #[error("the notification's signature does not match")]
    Signature,
    #[error("the notification cannot be read: {0}")]
    Body(String),
}

/// A card acquirer's notifications. Only the sandbox's exists so far (issue 33 brings a real
/// one); outside sandbox mode there is none, and the webhook finds nothing to answer.
pub trait Acquirer: Send + Sync {
    fn read_webhook(
        &self,
        headers: &axum::http::HeaderMap,
        body: &[u8],
    ) -> Result<CheckoutEvent, AcquirerError>;
}

/// The sandbox acquirer signs its notifications with HMAC-SHA256 of the body, hex, in
/// `X-Signature`, keyed by the sandbox secret (`BANK_IDENTITY_SANDBOX_SECRET`, which signs the
/// sandbox's webhooks) under a label of its own.
pub struct SandboxAcquirer {
    secret: secrecy::SecretString,
}

const SIGNATURE: &str = "x-signature";

impl SandboxAcquirer {
    pub fn new(secret: secrecy::SecretString) -> Self {
        Self { secret }
    }

    fn sign(&self, body: &[u8]) -> String {
        use hmac::Mac;
        use secrecy::ExposeSecret;
        let mut mac =
            hmac::Hmac::<sha2::Sha256>::new_from_slice(self.secret.expose_secret().as_bytes())
                .expect("HMAC takes keys of any length");
        mac.update(b"sandbox-acquirer:");
        mac.update(body);
        hex::encode(mac.finalize().into_bytes())
    }

    /// The notification of `event` as the sandbox sends it: its body and signature header.
    pub fn notification(&self, event: &CheckoutEvent) -> (Vec<u8>, (&'static str, String)) {
        let body = serde_json::to_vec(event).expect("an event serialises");
        let signature = self.sign(&body);
        (body, (SIGNATURE, signature))
    }
}

impl Acquirer for SandboxAcquirer {
    fn read_webhook(
        &self,
        headers: &axum::http::HeaderMap,
        body: &[u8],
    ) -> Result<CheckoutEvent, AcquirerError> {
        let given = headers
            .get(SIGNATURE)
            .and_then(|v| v.to_str().ok())
            .ok_or(AcquirerError::Signature)?;
        // Compared in constant time: the signature is a secret's output.
        let expected = self.sign(body);
        let same = given.len() == expected.len()
            && given
                .bytes()
                .zip(expected.bytes())
                .fold(0u8, |acc, (a, b)| acc | (a ^ b))
                == 0;
        if !same {
            return Err(AcquirerError::Signature);
        }
        serde_json::from_slice(body).map_err(|e| AcquirerError::Body(e.to_string()))
    }
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
