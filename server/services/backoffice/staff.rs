//! Staff accounts and their sign-in: added by a command with a one-time enrolment link, then
//! passkeys only (WebAuthn with user verification: no password, no SMS).

use serde_json::{json, Value};
use webauthn_rs::prelude::{
    Passkey, PasskeyAuthentication, PasskeyRegistration, PublicKeyCredential,
    RegisterPublicKeyCredential, Uuid,
};
use webauthn_rs::Webauthn;

use crate::domain::backoffice::audit::StaffAction;
use crate::domain::backoffice::staff::{staff_email, StaffMember, StaffRole};
use crate::store::{self, Db};

const ENROL: &str = "enrol";
const LOG_IN: &str = "log_in";

#[derive(Debug, thiserror::Error)]
pub enum StaffError {
    #[error("{0}")]
    BadEmail(&'static str),
    #[error("that email belongs to staff already")]
    Taken,
    /// The enrolment link is unknown, used or expired.
    #[error("this enrolment link is not valid any more")]
    LinkInvalid,
    /// No active member with a passkey has that email (said the same way as a wrong passkey).
    #[error("no passkey for that email")]
    Unknown,
    /// The ceremony is unknown, used or too old.
    #[error("the passkey request has expired")]
    Expired,
    /// The authenticator's answer did not check out.
    #[error("the passkey was refused")]
    Refused,
    #[error("passkey: {0}")]
    Broken(String),
    #[error(transparent)]
    Sql(#[from] sqlx::Error),
}

fn broken(error: impl std::fmt::Display) -> StaffError {
    StaffError::Broken(error.to_string())
}

use crate::services::auth::passkeys::credential_key;

/// A new member of staff (`bank staff add`): the one-time enrolment link to hand them.
pub async fn add(
    db: &Db,
    base_url: &str,
    email: &str,
    role: StaffRole,
) -> Result<(StaffMember, String), StaffError> {
    let email = staff_email(email).map_err(StaffError::BadEmail)?;
    let (member, token) = store::staff::add(db, email.as_str(), role, db.now_ms())
        .await?
        .ok_or(StaffError::Taken)?;
    store::staff_audit::record(
        db,
        &store::staff_audit::Entry {
            staff_id: None,
            action: StaffAction::StaffAdded,
            subject: Some(&member.id),
            reason: "bank staff add",
            detail: &json!({ "email": member.email, "role": role }).to_string(),
            ip: "command line",
        },
    )
    .await?;
    Ok((member, enrolment_link(base_url, &token)))
}

/// Where a new member creates their passkey.
pub fn enrolment_link(base_url: &str, token: &str) -> String {
    format!("{base_url}/back-office/enrol?token={token}")
}

/// Who an enrolment link is for, while it can be used.
pub async fn enrolment_for(db: &Db, token: &str) -> Result<StaffMember, StaffError> {
    store::staff::by_enrolment(db, token, db.now_ms())
        .await?
        .ok_or(StaffError::LinkInvalid)
}

/// The browser's `navigator.credentials.create` options for the link's member, and the
/// ceremony's id to answer with.
pub async fn start_enrolment(
    db: &Db,
    webauthn: &Webauthn,
    token: &str,
) -> Result<(String, Value), StaffError> {
    let member = enrolment_for(db, token).await?;
    let handle = Uuid::parse_str(&member.id).map_err(broken)?;
    let (options, ceremony) = webauthn
        .start_passkey_registration(handle, &member.email, &member.email, None)
        .map_err(broken)?;
    let id = store::staff::start_ceremony(
        db,
        &member.id,
        ENROL,
        &json!(ceremony).to_string(),
        db.now_ms(),
    )
    .await?;
    Ok((id, json!(options)))
}

/// Checks the new passkey and uses the link: the member is enrolled and signed in (the
/// session's token answered).
pub async fn finish_enrolment(
    db: &Db,
    webauthn: &Webauthn,
    ip: &str,
    token: &str,
    ceremony_id: &str,
    credential: Value,
) -> Result<String, StaffError> {
    let now = db.now_ms();
    let member = enrolment_for(db, token).await?;
    let (staff_id, state) = store::staff::take_ceremony(db, ceremony_id, ENROL, now)
        .await?
        .ok_or(StaffError::Expired)?;
    if staff_id != member.id {
        return Err(StaffError::Expired);
    }
    let ceremony: PasskeyRegistration = serde_json::from_str(&state).map_err(broken)?;
    let passkey = serde_json::from_value::<RegisterPublicKeyCredential>(credential)
        .ok()
        .and_then(|answer| {
            webauthn
                .finish_passkey_registration(&answer, &ceremony)
                .ok()
        })
        .ok_or(StaffError::Refused)?;
    let stored = json!(passkey).to_string();
    let key = credential_key(passkey.cred_id());
    if !store::staff::enrol(db, &member.id, token, &key, &stored, now).await? {
        return Err(StaffError::LinkInvalid);
    }
    let actor = super::Actor {
        member: &member,
        ip,
    };
    super::audit(
        db,
        &actor,
        StaffAction::StaffEnrolled,
        Some(&member.id),
        "enrolment link",
        "",
    )
    .await?;
    Ok(store::staff::open_session(db, &member.id, now).await?)
}

/// The log-in ceremony's options for the member with `email`, and its id.
pub async fn start_log_in(
    db: &Db,
    webauthn: &Webauthn,
    email: &str,
) -> Result<(String, Value), StaffError> {
    let email = staff_email(email).map_err(|_| StaffError::Unknown)?;
    let member = store::staff::by_email(db, email.as_str())
        .await?
        .filter(StaffMember::active)
        .ok_or(StaffError::Unknown)?;
    let passkeys = stored(&store::staff::passkeys(db, &member.id).await?)?;
    if passkeys.is_empty() {
        return Err(StaffError::Unknown);
    }
    let (options, ceremony) = webauthn
        .start_passkey_authentication(&passkeys)
        .map_err(broken)?;
    let id = store::staff::start_ceremony(
        db,
        &member.id,
        LOG_IN,
        &json!(ceremony).to_string(),
        db.now_ms(),
    )
    .await?;
    Ok((id, json!(options)))
}

fn stored(rows: &[(String, String)]) -> Result<Vec<Passkey>, StaffError> {
    rows.iter()
        .map(|(_, passkey)| serde_json::from_str::<Passkey>(passkey).map_err(broken))
        .collect()
}

/// Checks the passkey's answer to a log-in ceremony (used once): a new session's token.
pub async fn finish_log_in(
    db: &Db,
    webauthn: &Webauthn,
    ip: &str,
    ceremony_id: &str,
    credential: Value,
) -> Result<String, StaffError> {
    let now = db.now_ms();
    let (staff_id, state) = store::staff::take_ceremony(db, ceremony_id, LOG_IN, now)
        .await?
        .ok_or(StaffError::Expired)?;
    let member = store::staff::by_id(db, &staff_id)
        .await?
        .filter(StaffMember::active)
        .ok_or(StaffError::Unknown)?;
    let ceremony: PasskeyAuthentication = serde_json::from_str(&state).map_err(broken)?;
    let checked = serde_json::from_value::<PublicKeyCredential>(credential)
        .ok()
        .and_then(|answer| {
            webauthn
                .finish_passkey_authentication(&answer, &ceremony)
                .ok()
        });
    let actor = super::Actor {
        member: &member,
        ip,
    };
    let Some(result) = checked else {
        super::audit(
            db,
            &actor,
            StaffAction::LoginFailed,
            Some(&member.id),
            "log-in",
            "",
        )
        .await?;
        return Err(StaffError::Refused);
    };
    let key = credential_key(result.cred_id());
    for (id, text) in store::staff::passkeys(db, &member.id).await? {
        let mut passkey: Passkey = serde_json::from_str(&text).map_err(broken)?;
        if id == key && passkey.update_credential(&result) == Some(true) {
            store::staff::update_passkey(db, &id, &json!(passkey).to_string(), now).await?;
        }
    }
    super::audit(
        db,
        &actor,
        StaffAction::LoggedIn,
        Some(&member.id),
        "log-in",
        "",
    )
    .await?;
    Ok(store::staff::open_session(db, &member.id, now).await?)
}

/// The member behind a session token, keeping the session alive.
pub async fn of_session(db: &Db, token: &str) -> Result<Option<StaffMember>, sqlx::Error> {
    store::staff::authenticate(db, token, db.now_ms()).await
}

/// Ends the session of `token`.
pub async fn log_out(db: &Db, ip: &str, token: &str) -> Result<(), sqlx::Error> {
    let Some(staff_id) = store::staff::end_session(db, token, db.now_ms()).await? else {
        return Ok(());
    };
    if let Some(member) = store::staff::by_id(db, &staff_id).await? {
        let actor = super::Actor {
            member: &member,
            ip,
        };
        super::audit(
            db,
            &actor,
            StaffAction::LoggedOut,
            Some(&member.id),
            "log-out",
            "",
        )
        .await?;
    }
    Ok(())
}

#[derive(Debug, thiserror::Error)]
pub enum DisableError {
    #[error("say why")]
    NoReason,
    /// An administrator does not lock themselves out.
    #[error("you cannot disable yourself")]
    Yourself,
    #[error("no such member, or disabled already")]
    NotActive,
    #[error(transparent)]
    Sql(#[from] sqlx::Error),
}

/// Every member of staff, by email.
pub async fn members(db: &Db) -> Result<Vec<StaffMember>, sqlx::Error> {
    store::staff::all(db).await
}

/// Disables a member at once (less access needs no second pair of eyes): their sessions end and
/// their passkey opens nothing any more. Logged with the reason.
pub async fn disable(
    db: &Db,
    actor: &super::Actor<'_>,
    id: &str,
    why: &str,
) -> Result<(), DisableError> {
    let why = super::customers::reason(why).map_err(|_| DisableError::NoReason)?;
    if id == actor.member.id {
        return Err(DisableError::Yourself);
    }
    let now = db.now_ms();
    let mut tx = db.begin_write().await?;
    if !store::staff::disable_in(&mut tx, id, now).await? {
        return Err(DisableError::NotActive);
    }
    let entry = actor.entry(StaffAction::StaffDisabled, Some(id), why, "");
    store::staff_audit::record_in(&mut tx, &entry, now).await?;
    tx.commit().await?;
    Ok(())
}
