//! The sandbox providers' page tokens: who or what a page is for and until when, signed with
//! the sandbox secret rather than stored, so any process of one sandbox can check them.

use base64::Engine;
use secrecy::SecretString;

use super::identity::webhook::sign;

#[derive(Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TokenClaims {
    /// The subject: a user id, or an application's reference with its provider.
    #[serde(rename = "u")]
    pub user_id: String,
    #[serde(rename = "e")]
    pub expires_at_ms: i64,
}

#[derive(Debug, PartialEq, Eq)]
pub enum TokenError {
    Invalid,
    Expired,
}

pub fn issue(secret: &SecretString, subject: &str, expires_at_ms: i64) -> String {
    let claims = TokenClaims {
        user_id: subject.to_string(),
        expires_at_ms,
    };
    let payload = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .encode(serde_json::to_vec(&claims).unwrap_or_default());
    let signature = sign(secret, payload.as_bytes());
    format!("{payload}.{signature}")
}

pub fn check(secret: &SecretString, token: &str, now_ms: i64) -> Result<TokenClaims, TokenError> {
    let (payload, signature) = token.split_once('.').ok_or(TokenError::Invalid)?;
    let expected = sign(secret, payload.as_bytes());
    if !crate::domain::auth::secrets::same(&expected, signature) {
        return Err(TokenError::Invalid);
    }
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(payload)
        .map_err(|_| TokenError::Invalid)?;
    let claims: TokenClaims = serde_json::from_slice(&bytes).map_err(|_| TokenError::Invalid)?;
    if claims.expires_at_ms <= now_ms {
        return Err(TokenError::Expired);
    }
    Ok(claims)
}
