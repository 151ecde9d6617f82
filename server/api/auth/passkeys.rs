//! The face method (`challenge_proxied`, SPEC §3/§4) as a WebAuthn passkey with user
//! verification (DESIGN.md §4): enrolment after logging in, and the log-in ceremony.

use axum::extract::State;
use axum::Json;
use base64::Engine;
use serde_json::{json, Value};
use webauthn_rs::prelude::{
    Passkey, PasskeyAuthentication, PasskeyRegistration, PublicKeyCredential,
    RegisterPublicKeyCredential, Uuid,
};

use super::login::RequestRef;
use super::{audit, ClientIp};
use crate::api::current_user::CurrentUser;
use crate::api::error::{ApiJson, AppError};
use crate::api::ApiState;
use crate::domain::audit::AuditEvent;
use crate::domain::auth::mfa::{Method, Purpose, Status};
use crate::rate_limit::Limit;
use crate::store;
use crate::store::sessions::Tokens;

/// An enrolment must be finished within five minutes of starting it.
const ENROLMENT_MS: i64 = 5 * 60_000;

fn credential_key(id: &[u8]) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(id)
}

fn internal(error: impl std::fmt::Display) -> AppError {
    AppError::Internal(anyhow::anyhow!("passkey: {error}"))
}

fn stored_passkeys(rows: &[store::passkeys::PasskeyRow]) -> Result<Vec<Passkey>, AppError> {
    rows.iter()
        .map(|row| serde_json::from_str::<Passkey>(&row.passkey).map_err(internal))
        .collect()
}

/// Starts a log-in ceremony over the user's passkeys: the options for the browser and the
/// state to check the answer against, stored together with the MFA request. None when the
/// user has no passkey.
pub(super) async fn login_challenge(
    state: &ApiState,
    user_id: &str,
) -> Result<Option<String>, AppError> {
    let rows = store::passkeys::for_user(&state.db, user_id).await?;
    if rows.is_empty() {
        return Ok(None);
    }
    let (options, ceremony) = state
        .webauthn
        .start_passkey_authentication(&stored_passkeys(&rows)?)
        .map_err(internal)?;
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

fn url_safe(bytes: &[u8]) -> String {
    base64::Engine::encode(&base64::engine::general_purpose::URL_SAFE_NO_PAD, bytes)
}

/// Starts a passkey ceremony whose challenge is bound to a transfer; None without a passkey.
pub(crate) async fn bound_challenge(
    state: &ApiState,
    user_id: &str,
    binding: &str,
) -> Result<Option<String>, AppError> {
    let Some(started) = login_challenge(state, user_id).await? else {
        return Ok(None);
    };
    let mut stored: Value = serde_json::from_str(&started).map_err(internal)?;
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

/// WebAuthn options as the browser reads them (`{publicKey: ...}`, W3C WebAuthn JSON).
#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebAuthnOptions {
    #[schema(value_type = Object)]
    public_key: Value,
}

impl WebAuthnOptions {
    fn of(options: &Value) -> Self {
        Self {
            public_key: options["publicKey"].clone(),
        }
    }
}

/// A user's passkeys and how they approve log-ins.
#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasskeyList {
    results: Vec<store::passkeys::PasskeyRow>,
    mfa_method: Method,
}

/// The browser's `navigator.credentials.get` options for a pending face approval.
#[utoipa::path(post, path = "/v2/auth/mfa/challenges/take", tag = "auth",
    request_body = RequestRef, responses((status = 200, body = WebAuthnOptions)))]
pub(super) async fn challenge(
    State(state): State<ApiState>,
    ApiJson(input): ApiJson<RequestRef>,
) -> Result<Json<WebAuthnOptions>, AppError> {
    let request = store::mfa::find(&state.db, &input.request_id, state.db.now_ms())
        .await?
        .filter(|r| {
            r.method == Method::ChallengeProxied
                && matches!(
                    r.purpose,
                    Purpose::Authentication | Purpose::SecurityChange | Purpose::Transfer
                )
        })
        .ok_or(AppError::NotFound)?;
    if request.status != Status::Pending {
        return Err(closed(request.status));
    }
    let stored = store::mfa::challenge(&state.db, &request.id)
        .await?
        .ok_or(AppError::NotFound)?;
    let stored: Value = serde_json::from_str(&stored).map_err(internal)?;
    Ok(Json(WebAuthnOptions::of(&stored["options"])))
}

fn closed(status: Status) -> AppError {
    if status == Status::Expired {
        AppError::unauthorized("mfa_expired", "Request time is up", "Request time is up")
    } else {
        AppError::unauthorized(
            "mfa_closed",
            "Approval no longer valid",
            "This approval can no longer be used. Please log in again.",
        )
    }
}

/// Checks the passkey's answer to a pending face approval and opens a session.
pub(super) async fn login_step(
    state: &ApiState,
    ip: &ClientIp,
    request_id: &str,
    credential: Value,
) -> Result<Tokens, AppError> {
    let user = check_answer(state, ip, request_id, credential, Purpose::Authentication).await?;
    let tokens = store::sessions::issue(&state.db, &user, state.db.now_ms()).await?;
    audit(
        state,
        Some(&user),
        AuditEvent::LoginSucceeded,
        ip,
        "passkey",
    )
    .await;
    Ok(tokens)
}

/// Checks the passkey's answer to a pending face approval of `purpose` and uses the request
/// up; answers whose approval it was.
pub(super) async fn check_answer(
    state: &ApiState,
    ip: &ClientIp,
    request_id: &str,
    credential: Value,
    purpose: Purpose,
) -> Result<String, AppError> {
    let now = state.db.now_ms();
    state.limiter.check(Limit::CodeChecksPerIp, ip).await?;
    let request = store::mfa::find(&state.db, request_id, now)
        .await?
        .filter(|r| r.method == Method::ChallengeProxied && r.purpose == purpose)
        .ok_or(AppError::NotFound)?;
    if request.status != Status::Pending {
        return Err(closed(request.status));
    }
    let user = request.user_id.as_str();
    let stored = store::mfa::challenge(&state.db, request_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let stored: Value = serde_json::from_str(&stored).map_err(internal)?;
    if !binding_holds(&stored) {
        return Err(internal(
            "a bound passkey challenge does not match its binding",
        ));
    }
    let ceremony: PasskeyAuthentication =
        serde_json::from_value(stored["state"].clone()).map_err(internal)?;
    let checked = serde_json::from_value::<PublicKeyCredential>(credential)
        .map_err(|e| e.to_string())
        .and_then(|answer| {
            state
                .webauthn
                .finish_passkey_authentication(&answer, &ceremony)
                .map_err(|e| e.to_string())
        });
    let result = match checked {
        Ok(result) => result,
        Err(reason) => {
            store::mfa::count_failure(&state.db, request_id).await?;
            audit(state, Some(user), AuditEvent::PasskeyFailed, ip, &reason).await;
            return Err(AppError::unauthorized(
                "passkey_failed",
                "Face approval failed",
                "We could not confirm it's you. Try again or use SMS instead.",
            ));
        }
    };
    let rows = store::passkeys::for_user(&state.db, user).await?;
    let key = credential_key(result.cred_id());
    let mut matched = None;
    for row in &rows {
        let mut passkey: Passkey = serde_json::from_str(&row.passkey).map_err(internal)?;
        if credential_key(passkey.cred_id()) == key {
            let changed = passkey.update_credential(&result) == Some(true);
            matched = Some((row.id.clone(), changed.then(|| json!(passkey).to_string())));
        }
    }
    let Some((passkey_id, updated)) = matched else {
        return Err(AppError::NotFound);
    };
    if !store::mfa::utilize(&state.db, request_id, now).await? {
        return Err(closed(Status::Utilized));
    }
    store::passkeys::record_use(&state.db, &passkey_id, updated.as_deref(), now).await?;
    Ok(request.user_id)
}

async fn listing(state: &ApiState, user_id: &str) -> Result<Json<PasskeyList>, AppError> {
    let results = store::passkeys::for_user(&state.db, user_id).await?;
    let user = store::users::by_id(&state.db, user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    Ok(Json(PasskeyList {
        results,
        mfa_method: user.mfa_method,
    }))
}

/// The signed-in user's passkeys.
#[utoipa::path(get, path = "/v2/users/passkeys", tag = "auth",
    responses((status = 200, body = PasskeyList)))]
pub(super) async fn list(
    State(state): State<ApiState>,
    user: CurrentUser,
) -> Result<Json<PasskeyList>, AppError> {
    listing(&state, &user.user_id).await
}

/// Starts enrolling a passkey: the options for `navigator.credentials.create`.
#[utoipa::path(post, path = "/v2/users/passkeys/registrations", tag = "auth",
    responses((status = 200, body = WebAuthnOptions)))]
pub(super) async fn start_enrolment(
    State(state): State<ApiState>,
    user: CurrentUser,
) -> Result<Json<WebAuthnOptions>, AppError> {
    super::step_up::require(&state, &user).await?;
    let details = store::users::details(&state.db, &user.user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let rows = store::passkeys::for_user(&state.db, &user.user_id).await?;
    let existing = stored_passkeys(&rows)?
        .iter()
        .map(|p| p.cred_id().clone())
        .collect::<Vec<_>>();
    let handle = Uuid::parse_str(&user.user_id).map_err(internal)?;
    let display = format!("{} {}", details.name, details.surname);
    let display = if display.trim().is_empty() {
        details.email.clone()
    } else {
        display
    };
    let (options, ceremony) = state
        .webauthn
        .start_passkey_registration(handle, &details.email, display.trim(), Some(existing))
        .map_err(internal)?;
    store::passkeys::start_enrolment(
        &state.db,
        &user.user_id,
        &json!(ceremony).to_string(),
        state.db.now_ms() + ENROLMENT_MS,
    )
    .await?;
    Ok(Json(WebAuthnOptions::of(&json!(options))))
}

#[derive(serde::Deserialize, utoipa::ToSchema)]
pub struct EnrolmentAnswer {
    /// `PublicKeyCredential.toJSON()` of the new passkey.
    #[schema(value_type = Object)]
    credential: Value,
}

/// Finishes an enrolment with the browser's answer; from now on the user approves with it.
#[utoipa::path(post, path = "/v2/users/passkeys/registrations/finish", tag = "auth",
    request_body = EnrolmentAnswer, responses((status = 200, body = PasskeyList)))]
pub(super) async fn finish_enrolment(
    State(state): State<ApiState>,
    ip: ClientIp,
    user: CurrentUser,
    ApiJson(input): ApiJson<EnrolmentAnswer>,
) -> Result<Json<PasskeyList>, AppError> {
    super::step_up::require(&state, &user).await?;
    let now = state.db.now_ms();
    let ceremony = store::passkeys::enrolment(&state.db, &user.user_id, now)
        .await?
        .ok_or_else(|| {
            AppError::field(
                "credential",
                "The passkey set-up took too long. Please start again.",
            )
        })?;
    let ceremony: PasskeyRegistration = serde_json::from_str(&ceremony).map_err(internal)?;
    let passkey = serde_json::from_value::<RegisterPublicKeyCredential>(input.credential)
        .map_err(|e| e.to_string())
        .and_then(|answer| {
            state
                .webauthn
                .finish_passkey_registration(&answer, &ceremony)
                .map_err(|e| e.to_string())
        })
        .map_err(|reason| {
            tracing::info!(%reason, "passkey enrolment refused");
            AppError::field(
                "credential",
                "This passkey could not be set up. Please try again.",
            )
        })?;
    store::passkeys::add(
        &state.db,
        &user.user_id,
        &credential_key(passkey.cred_id()),
        &json!(passkey).to_string(),
        now,
    )
    .await?;
    audit(
        &state,
        Some(&user.user_id),
        AuditEvent::PasskeyAdded,
        &ip,
        "",
    )
    .await;
    super::step_up::tell(&state, &user.user_id, "A passkey was added").await?;
    listing(&state, &user.user_id).await
}

#[derive(serde::Deserialize, utoipa::ToSchema)]
pub struct PasskeyRef {
    id: String,
}

/// Removes one of the user's passkeys.
#[utoipa::path(delete, path = "/v2/users/passkeys", tag = "auth",
    request_body = PasskeyRef, responses((status = 200, body = PasskeyList)))]
pub(super) async fn remove(
    State(state): State<ApiState>,
    ip: ClientIp,
    user: CurrentUser,
    ApiJson(input): ApiJson<PasskeyRef>,
) -> Result<Json<PasskeyList>, AppError> {
    super::step_up::require(&state, &user).await?;
    if !store::passkeys::remove(&state.db, &user.user_id, &input.id).await? {
        return Err(AppError::NotFound);
    }
    audit(
        &state,
        Some(&user.user_id),
        AuditEvent::PasskeyRemoved,
        &ip,
        "",
    )
    .await;
    super::step_up::tell(&state, &user.user_id, "A passkey was removed").await?;
    listing(&state, &user.user_id).await
}
