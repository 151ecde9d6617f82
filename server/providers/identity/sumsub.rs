//! Sumsub's API (https://docs.sumsub.com/reference): applicants are created for the bank's user
//! id, the WebSDK opens with an access token, and reviews arrive by webhook. Every call is
//! signed: `X-App-Access-Sig` is HMAC-SHA256 (hex) of timestamp + method + path + body with the
//! secret key, beside `X-App-Token` and `X-App-Access-Ts`.

use std::time::Duration;

use hmac::{Hmac, Mac};
use secrecy::{ExposeSecret, SecretString};
use sha2::Sha256;

use super::webhook::{self, WebhookEvent};
use super::{Applicant, IdentityError, IdentityProvider, Pending, ProviderName, WidgetAccess};

use crate::config::SumsubSettings;

pub struct Sumsub {
    settings: SumsubSettings,
    client: reqwest::Client,
}

fn unavailable(error: impl std::fmt::Display) -> IdentityError {
    IdentityError::Unavailable(error.to_string())
}

/// The request signature of Sumsub's API.
pub fn signature(secret: &SecretString, ts: &str, method: &str, path: &str, body: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.expose_secret().as_bytes())
        .expect("HMAC takes keys of any length");
    mac.update(ts.as_bytes());
    mac.update(method.as_bytes());
    mac.update(path.as_bytes());
    mac.update(body);
    hex::encode(mac.finalize().into_bytes())
}

impl Sumsub {
    pub fn new(settings: SumsubSettings) -> Self {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(10))
            .build()
            .unwrap_or_default();
        Self { settings, client }
    }

    async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<serde_json::Value>,
    ) -> Result<(u16, serde_json::Value), IdentityError> {
        let bytes = body.map(|b| b.to_string().into_bytes()).unwrap_or_default();
        // The provider checks the signature's time against its own clock: the wall clock's, not the
        // bank's (which tests may move).
        let ts = time::OffsetDateTime::now_utc().unix_timestamp().to_string();
        let sig = signature(
            &self.settings.secret_key,
            &ts,
            method.as_str(),
            path,
            &bytes,
        );
        let url = format!("{}{path}", self.settings.base_url.trim_end_matches('/'));
        let reply = self
            .client
            .request(method, url)
            .header("X-App-Token", self.settings.app_token.expose_secret())
            .header("X-App-Access-Ts", ts)
            .header("X-App-Access-Sig", sig)
            .header("Content-Type", "application/json")
            .header("Accept", "application/json")
            .body(bytes)
            .send()
            .await
            .map_err(unavailable)?;
        let status = reply.status().as_u16();
        let value = reply.json().await.unwrap_or(serde_json::Value::Null);
        Ok((status, value))
    }

    /// Creates the applicant, or finds the one made on an earlier visit.
    async fn applicant_id(&self, applicant: &Applicant<'_>) -> Result<String, IdentityError> {
        let level = url::form_urlencoded::byte_serialize(self.settings.level.as_bytes())
            .collect::<String>();
        let mut fixed =
            serde_json::json!({"firstName": applicant.name, "lastName": applicant.surname});
        if let Some(dob) = applicant.dob {
            fixed["dob"] = dob.into();
        }
        let (status, body) = self
            .call(
                reqwest::Method::POST,
                &format!("/resources/applicants?levelName={level}"),
                Some(serde_json::json!({
                    "externalUserId": applicant.user_id,
                    "email": applicant.email,
                    "fixedInfo": fixed,
                })),
            )
            .await?;
        match status {
            200 | 201 => body["id"]
                .as_str()
                .map(str::to_string)
                .ok_or_else(|| unavailable("no applicant id")),
            409 => {
                let external = url::form_urlencoded::byte_serialize(applicant.user_id.as_bytes())
                    .collect::<String>();
                let (status, body) = self
                    .call(
                        reqwest::Method::GET,
                        &format!("/resources/applicants/-;externalUserId={external}/one"),
                        None,
                    )
                    .await?;
                match (status, body["id"].as_str()) {
                    (200, Some(id)) => Ok(id.to_string()),
                    _ => Err(unavailable(format!("applicant look-up answered {status}"))),
                }
            }
            other => Err(unavailable(format!("applicant creation answered {other}"))),
        }
    }
}

impl IdentityProvider for Sumsub {
    fn party(&self) -> Option<&'static str> {
        Some(crate::providers::party::SUMSUB)
    }

    fn name(&self) -> ProviderName {
        ProviderName::Sumsub
    }

    fn access<'a>(&'a self, applicant: &'a Applicant<'a>) -> Pending<'a, WidgetAccess> {
        Box::pin(async move {
            self.applicant_id(applicant).await?;
            let (status, body) = self
                .call(
                    reqwest::Method::POST,
                    "/resources/accessTokens/sdk",
                    Some(serde_json::json!({
                        "userId": applicant.user_id,
                        "levelName": self.settings.level,
                        "ttlInSecs": self.settings.token_lifetime.as_secs(),
                    })),
                )
                .await?;
            let token = match (status, body["token"].as_str()) {
                (200, Some(token)) => token.to_string(),
                _ => return Err(unavailable(format!("access token answered {status}"))),
            };
            Ok(WidgetAccess {
                provider: ProviderName::Sumsub,
                token,
                widget_url: None,
                expires_in_s: crate::domain::clock::whole_seconds(self.settings.token_lifetime),
            })
        })
    }

    fn read_webhook(
        &self,
        headers: &axum::http::HeaderMap,
        body: &[u8],
    ) -> Result<WebhookEvent, IdentityError> {
        webhook::read(&self.settings.webhook_secret, headers, body)
    }
}
