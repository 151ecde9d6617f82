//! The face method (`challenge_proxied`, SPEC §3/§4) as a WebAuthn passkey with user
//! verification (DESIGN.md §4): the log-in ceremony (bound to a transfer's terms for a
//! transfer's approval), checking the answer, and enrolment and removal.

use base64::Engine;
use serde_json::{json, Value};
use webauthn_rs::prelude::{
    Passkey, PasskeyAuthentication, PasskeyRegistration, PublicKeyCredential,
    RegisterPublicKeyCredential, Uuid,
};
use webauthn_rs::Webauthn;

use crate::domain::audit::AuditEvent;
use crate::domain::auth::mfa::{Method, Purpose, Status};
use crate::domain::ids::UserId;
use crate::store::{self, Db};

pub use crate::store::passkeys::PasskeyRow;

/// An enrolment must be finished within five minutes of starting it.
const ENROLMENT_MS: i64 = 5 * 60_000;

/// A stored ceremony or passkey that cannot be read, or the library refusing to start one.
#[derive(Debug, thiserror::Error)]
pub enum PasskeyError {
    #[error("passkey: {0}")]
    Broken(String),
    #[error(transparent)]
    Storage(#[from] sqlx::Error),
}

fn broken(error: impl std::fmt::Display) -> PasskeyError {
    PasskeyError::Broken(error.to_string())
}

/// How a passkey's credential id is kept and looked up (customers' and staff's alike).
pub(crate) fn credential_key(id: &[u8]) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(id)
}

fn url_safe(bytes: &[u8]) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

fn stored_passkeys(rows: &[PasskeyRow]) -> Result<Vec<Passkey>, PasskeyError> {
    rows.iter()
        .map(|row| serde_json::from_str::<Passkey>(&row.passkey).map_err(broken))
        .collect()
}

/// Starts a log-in ceremony over the user's passkeys: the options for the browser and the
/// state to check the answer against, stored together with the MFA request. None when the
/// user has no passkey.
pub async fn login_challenge(
    db: &Db,
    webauthn: &Webauthn,
    user_id: &UserId,
) -> Result<Option<String>, PasskeyError> {
    let rows = store::passkeys::for_user(db, user_id).await?;
    if rows.is_empty() {
        return Ok(None);
    }
    let (options, ceremony) = webauthn
        .start_passkey_authentication(&stored_passkeys(&rows)?)
        .map_err(broken)?;
    Ok(Some(
        json!({ "options": options, "state": ceremony }).to_string(),
    ))
}

/// The passkey challenge of a transfer approval, derived from the transfer's binding (PSD2
/// dynamic linking): SHA-256 over the binding and a fresh nonce, so the assertion the passkey
/// signs names this transfer and no other.
fn bound_challenge_bytes(binding: &str, nonce: &[u8]) -> Vec<u8> {
    use sha2::{Digest, Sha256};
    let mut hash = Sha256::new();
    hash.update(b"transfer-passkey-v1");
    hash.update((binding.len() as u64).to_be_bytes());
    hash.update(binding.as_bytes());
    hash.update(nonce);
    hash.finalize().to_vec()
}

/// Starts a passkey ceremony whose challenge is bound to `binding`; None without a passkey.
pub async fn bound_challenge(
    db: &Db,
    webauthn: &Webauthn,
    user_id: &UserId,
    binding: &str,
) -> Result<Option<String>, PasskeyError> {
    let Some(started) = login_challenge(db, webauthn, user_id).await? else {
        return Ok(None);
    };
    let mut stored: Value = serde_json::from_str(&started).map_err(broken)?;
    let nonce: [u8; 16] = rand::random();
    let challenge = url_safe(&bound_challenge_bytes(binding, &nonce));
    stored["options"]["publicKey"]["challenge"] = json!(challenge);
    stored["state"]["ast"]["challenge"] = json!(challenge);
    stored["binding"] = json!({ "binding": binding, "nonce": url_safe(&nonce) });
    Ok(Some(stored.to_string()))
}

/// For a bound ceremony: the challenge the passkey answered is the one derived from the
/// binding the request was created with.
fn binding_holds(stored: &Value) -> bool {
    let Some(bound) = stored.get("binding") else {
        return true;
    };
    let nonce = bound["nonce"].as_str().and_then(|n| {
        base64::Engine::decode(&base64::engine::general_purpose::URL_SAFE_NO_PAD, n).ok()
    });
    match (bound["binding"].as_str(), nonce) {
        (Some(binding), Some(nonce)) => {
            stored["state"]["ast"]["challenge"].as_str()
                == Some(url_safe(&bound_challenge_bytes(binding, &nonce)).as_str())
        }
        _ => false,
    }
}

#[derive(Debug, thiserror::Error)]
pub enum AnswerError {
    /// No pending face request of that purpose.
    #[error("no such request")]
    Unknown,
    /// The request is no longer pending.
    #[error("the request is {0}")]
    Closed(Status),
    /// The passkey's answer did not check out (counted against the request).
    #[error("the passkey's answer was refused")]
    Refused,
    #[error(transparent)]
    Passkey(#[from] PasskeyError),
}

impl From<sqlx::Error> for AnswerError {
    fn from(error: sqlx::Error) -> Self {
        Self::Passkey(error.into())
    }
}

/// The browser's `navigator.credentials.get` options of a pending face approval.
pub async fn options(db: &Db, request_id: &str) -> Result<Value, AnswerError> {
    let request = store::mfa::find(db, request_id, db.now_ms())
        .await?
        .filter(|r| {
            r.method == Method::ChallengeProxied
                && matches!(
                    r.purpose,
                    Purpose::Authentication | Purpose::SecurityChange | Purpose::Transfer
                )
        })
        .ok_or(AnswerError::Unknown)?;
    if request.status != Status::Pending {
        return Err(AnswerError::Closed(request.status));
    }
    let stored = store::mfa::challenge(db, &request.id)
        .await?
        .ok_or(AnswerError::Unknown)?;
    let stored: Value = serde_json::from_str(&stored).map_err(broken)?;
    Ok(stored["options"].clone())
}

/// Checks the passkey's answer to a pending face approval of `purpose` and uses the request
/// up; answers whose approval it was. A refused answer is counted and audited.
pub async fn check_answer(
    db: &Db,
    webauthn: &Webauthn,
    ip: &str,
    request_id: &str,
    credential: Value,
    purpose: Purpose,
) -> Result<UserId, AnswerError> {
    let now = db.now_ms();
    let request = store::mfa::find(db, request_id, now)
        .await?
        .filter(|r| r.method == Method::ChallengeProxied && r.purpose == purpose)
        .ok_or(AnswerError::Unknown)?;
    if request.status != Status::Pending {
        return Err(AnswerError::Closed(request.status));
    }
    let user = &request.user_id;
    let stored = store::mfa::challenge(db, request_id)
        .await?
        .ok_or(AnswerError::Unknown)?;
    let stored: Value = serde_json::from_str(&stored).map_err(broken)?;
    if !binding_holds(&stored) {
        return Err(broken("a bound passkey challenge does not match its binding").into());
    }
    let ceremony: PasskeyAuthentication =
        serde_json::from_value(stored["state"].clone()).map_err(broken)?;
    let checked = serde_json::from_value::<PublicKeyCredential>(credential)
        .map_err(|e| e.to_string())
        .and_then(|answer| {
            webauthn
                .finish_passkey_authentication(&answer, &ceremony)
                .map_err(|e| e.to_string())
        });
    let result = match checked {
        Ok(result) => result,
        Err(reason) => {
            store::mfa::count_failure(db, request_id).await?;
            super::audit(db, Some(user), AuditEvent::PasskeyFailed, ip, &reason).await;
            return Err(AnswerError::Refused);
        }
    };
    let rows = store::passkeys::for_user(db, user).await?;
    let key = credential_key(result.cred_id());
    let mut matched = None;
    for row in &rows {
        let mut passkey: Passkey = serde_json::from_str(&row.passkey).map_err(broken)?;
        if credential_key(passkey.cred_id()) == key {
            let changed = passkey.update_credential(&result) == Some(true);
            matched = Some((row.id.clone(), changed.then(|| json!(passkey).to_string())));
        }
    }
    let Some((passkey_id, updated)) = matched else {
        return Err(AnswerError::Unknown);
    };
    if !store::mfa::utilize(db, request_id, now).await? {
        return Err(AnswerError::Closed(Status::Utilized));
    }
    store::passkeys::record_use(db, &passkey_id, updated.as_deref(), now).await?;
    Ok(request.user_id)
}

/// The person's passkeys and how they approve log-ins.
pub async fn of_user(db: &Db, user_id: &UserId) -> Result<(Vec<PasskeyRow>, Method), sqlx::Error> {
    let rows = store::passkeys::for_user(db, user_id).await?;
    let method = store::users::by_id(db, user_id)
        .await?
        .map_or(Method::Sms, |user| user.mfa_method);
    Ok((rows, method))
}

/// Starts enrolling a passkey: the options for `navigator.credentials.create`.
pub async fn start_enrolment(
    db: &Db,
    webauthn: &Webauthn,
    user_id: &UserId,
) -> Result<Value, PasskeyError> {
    let details = store::users::details(db, user_id)
        .await?
        .ok_or_else(|| broken("no such person"))?;
    let rows = store::passkeys::for_user(db, user_id).await?;
    let existing = stored_passkeys(&rows)?
        .iter()
        .map(|p| p.cred_id().clone())
        .collect::<Vec<_>>();
    let handle = Uuid::parse_str(user_id).map_err(broken)?;
    let display = format!("{} {}", details.name, details.surname);
    let display = if display.trim().is_empty() {
        details.email.clone()
    } else {
        display
    };
    let (options, ceremony) = webauthn
        .start_passkey_registration(handle, &details.email, display.trim(), Some(existing))
        .map_err(broken)?;
    store::passkeys::start_enrolment(
        db,
        user_id,
        &json!(ceremony).to_string(),
        db.now_ms() + ENROLMENT_MS,
    )
    .await?;
    Ok(json!(options))
}

#[derive(Debug, thiserror::Error)]
pub enum EnrolmentError {
    /// No enrolment started in the last five minutes.
    #[error("the enrolment took too long")]
    TooLate,
    /// The browser's answer did not check out.
    #[error("the passkey was refused: {0}")]
    Refused(String),
    #[error(transparent)]
    Passkey(#[from] PasskeyError),
}

impl From<sqlx::Error> for EnrolmentError {
    fn from(error: sqlx::Error) -> Self {
        Self::Passkey(error.into())
    }
}

/// Finishes an enrolment with the browser's answer; from now on the person approves with it.
pub async fn finish_enrolment(
    db: &Db,
    webauthn: &Webauthn,
    ip: &str,
    user_id: &UserId,
    credential: Value,
) -> Result<(), EnrolmentError> {
    let now = db.now_ms();
    let ceremony = store::passkeys::enrolment(db, user_id, now)
        .await?
        .ok_or(EnrolmentError::TooLate)?;
    let ceremony: PasskeyRegistration = serde_json::from_str(&ceremony).map_err(broken)?;
    let passkey = serde_json::from_value::<RegisterPublicKeyCredential>(credential)
        .map_err(|e| e.to_string())
        .and_then(|answer| {
            webauthn
                .finish_passkey_registration(&answer, &ceremony)
                .map_err(|e| e.to_string())
        })
        .map_err(EnrolmentError::Refused)?;
    store::passkeys::add(
        db,
        user_id,
        &credential_key(passkey.cred_id()),
        &json!(passkey).to_string(),
        now,
    )
    .await?;
    super::audit(db, Some(user_id), AuditEvent::PasskeyAdded, ip, "").await;
    Ok(())
}

/// Removes one of the person's passkeys; false when they have none of that id.
pub async fn remove(db: &Db, ip: &str, user_id: &UserId, id: &str) -> Result<bool, sqlx::Error> {
    if !store::passkeys::remove(db, user_id, id).await? {
        return Ok(false);
    }
    super::audit(db, Some(user_id), AuditEvent::PasskeyRemoved, ip, "").await;
    Ok(true)
}
