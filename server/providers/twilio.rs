//! Texts through Twilio's Messaging API (issue 33 point 4): `POST
//! /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded `To`, `From`, `Body` and
//! `StatusCallback`, HTTP Basic with the account SID and auth token, answering 201 with the
//! message's `sid` and `status`; refusals are JSON with Twilio's `code` and `message` (21211 an
//! invalid number, 21610 a number that opted out). Delivery reports come back to
//! `/v2/webhooks/sms`, signed as Twilio signs every webhook (X-Twilio-Signature: base64
//! HMAC-SHA1 of the URL followed by the sorted form parameters, keyed with the auth token).
//!
//! A text is how a person logs in or approves a payment, so a send that fails for a moment (a
//! time-out, Twilio's 429 or 5xx) is tried again twice with a short backoff while they wait; a
//! refusal of the number itself is not, and the person is told to try again or use a passkey.

use std::time::Duration;

use base64::Engine;
use hmac::{Hmac, Mac};
use secrecy::ExposeSecret;

use super::notify::{Notifier, NotifyError, Sending};
use crate::config::TwilioSettings;
use crate::domain::messages::{Channel, Message};
use crate::store::{self, Db};

/// The webhook path Twilio reports deliveries to.
pub const STATUS_PATH: &str = "/v2/webhooks/sms";

/// Waits before the second and third tries.
const BACKOFF: [Duration; 2] = [Duration::from_millis(250), Duration::from_millis(1000)];

pub struct Twilio {
    settings: TwilioSettings,
    db: Db,
    callback: String,
    client: reqwest::Client,
}

#[derive(serde::Deserialize)]
struct Accepted {
    sid: String,
    #[serde(default)]
    status: String,
}

#[derive(serde::Deserialize, Default)]
struct Refusal {
    #[serde(default)]
    code: Option<i64>,
    #[serde(default)]
    message: String,
}

/// What one try came to.
enum Try {
    Sent(Accepted),
    /// Worth another try: Twilio was busy or did not answer.
    Again(String),
    /// Not worth another: the number or the request was refused.
    Refused(String),
}

impl Twilio {
    pub fn new(settings: TwilioSettings, db: Db, base_url: &str) -> Self {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(5))
            .build()
            .unwrap_or_default();
        Self {
            callback: format!("{}{STATUS_PATH}", base_url.trim_end_matches('/')),
            settings,
            db,
            client,
        }
    }

    async fn try_once(&self, message: &Message) -> Try {
        let url = format!(
            "{}/2010-04-01/Accounts/{}/Messages.json",
            self.settings.base_url.trim_end_matches('/'),
            self.settings.account_sid
        );
        let form = [
            ("To", message.to.as_str()),
            ("From", self.settings.from.as_str()),
            ("Body", message.body.as_str()),
            ("StatusCallback", self.callback.as_str()),
        ];
        let reply = match self
            .client
            .post(url)
            .basic_auth(
                &self.settings.account_sid,
                Some(self.settings.auth_token.expose_secret()),
            )
            .form(&form)
            .send()
            .await
        {
            Ok(reply) => reply,
            Err(error) => return Try::Again(error.to_string()),
        };
        let status = reply.status();
        if status.is_success() {
            return match reply.json::<Accepted>().await {
                Ok(accepted) => Try::Sent(accepted),
                Err(error) => Try::Again(format!("status {status}: {error}")),
            };
        }
        let refusal = reply.json::<Refusal>().await.unwrap_or_default();
        let why = format!(
            "status {status}, code {}: {}",
            refusal.code.unwrap_or_default(),
            refusal.message
        );
        if status.as_u16() == 429 || status.is_server_error() {
            Try::Again(why)
        } else {
            Try::Refused(why)
        }
    }
}

impl Twilio {
    /// Twilio's last answer and failure, for the back office's dashboard.
    async fn health(&self, outcome: Result<(), &str>) {
        super::record_health(&self.db, super::party::TWILIO, outcome).await;
    }
}

impl Notifier for Twilio {
    fn send(&self, message: Message) -> Sending<'_> {
        Box::pin(async move {
            if message.channel != Channel::Sms {
                return Err(NotifyError::NoProvider(message.channel));
            }
            let mut last = String::new();
            for wait in std::iter::once(Duration::ZERO).chain(BACKOFF) {
                tokio::time::sleep(wait).await;
                match self.try_once(&message).await {
                    Try::Sent(accepted) => {
                        let now = self.db.now_ms();
                        store::sms_deliveries::record(
                            &self.db,
                            &accepted.sid,
                            &message.to,
                            &message.subject,
                            &accepted.status,
                            now,
                        )
                        .await?;
                        self.health(Ok(())).await;
                        return Ok(());
                    }
                    Try::Refused(why) => {
                        // An answer about the number: Twilio itself is up.
                        tracing::warn!(why, "Twilio refused a text");
                        self.health(Ok(())).await;
                        return Err(NotifyError::Sms(why));
                    }
                    Try::Again(why) => {
                        tracing::warn!(why, "Twilio did not take a text; trying again");
                        last = why;
                    }
                }
            }
            self.health(Err(&last)).await;
            Err(NotifyError::Sms(last))
        })
    }
}

/// Twilio's MAC over a form-encoded request to `url`: the URL, then each parameter's name and
/// value, sorted by name.
fn mac(auth_token: &str, url: &str, params: &[(String, String)]) -> Hmac<sha1::Sha1> {
    let mut sorted: Vec<&(String, String)> = params.iter().collect();
    sorted.sort();
    let mut mac = Hmac::<sha1::Sha1>::new_from_slice(auth_token.as_bytes())
        .expect("HMAC takes a key of any length");
    mac.update(url.as_bytes());
    for (key, value) in sorted {
        mac.update(key.as_bytes());
        mac.update(value.as_bytes());
    }
    mac
}

/// X-Twilio-Signature of a form-encoded request to `url` with `params`.
pub fn signature(auth_token: &str, url: &str, params: &[(String, String)]) -> String {
    base64::engine::general_purpose::STANDARD
        .encode(mac(auth_token, url, params).finalize().into_bytes())
}

/// A delivery report Twilio signed: the message's sid, its status and Twilio's error code.
#[derive(Debug, PartialEq, Eq)]
pub struct DeliveryReport {
    pub sid: String,
    pub status: String,
    pub error_code: Option<String>,
}

/// Reads a status callback, checking its signature against the URL Twilio was given.
pub fn read_report(
    settings: &TwilioSettings,
    base_url: &str,
    signature_header: Option<&str>,
    body: &[u8],
) -> Option<DeliveryReport> {
    let params: Vec<(String, String)> = url::form_urlencoded::parse(body).into_owned().collect();
    let url = format!("{}{STATUS_PATH}", base_url.trim_end_matches('/'));
    let given = base64::engine::general_purpose::STANDARD
        .decode(signature_header?)
        .ok()?;
    // Compared in constant time by the MAC itself.
    mac(settings.auth_token.expose_secret(), &url, &params)
        .verify_slice(&given)
        .ok()?;
    let get = |key: &str| {
        params
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.clone())
    };
    Some(DeliveryReport {
        sid: get("MessageSid")?,
        status: get("MessageStatus")?,
        error_code: get("ErrorCode").filter(|code| !code.is_empty()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_follow_twilios_published_example() {
        // Twilio's documented example (docs "Webhooks security"): this URL, these parameters
        // and the auth token 12345.
        let params = [
            ("CallSid", "CA1234567890ABCDE"),
            ("Caller", "+12349013030"),
            ("Digits", "1234"),
            ("From", "+12349013030"),
            ("To", "+18005551212"),
        ]
        .map(|(k, v)| (k.to_string(), v.to_string()));
        assert_eq!(
            signature(
                "12345",
                "https://mycompany.com/myapp.php?foo=1&bar=2",
                &params
            ),
            "0/KCTR6DLpKmkAf8muzZqo1nDgQ="
        );
    }
}
