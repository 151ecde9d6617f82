//! Approvals (SPEC §4 MFA requests): a log-in's or a security change's with the person's
//! factor, or one bound to what it approves (a transfer's terms, a card; PSD2 dynamic linking):
//! a passkey challenge (for a bound one, derived from the binding), or a texted code. Then the
//! code's check; the passkey's answer is checked in `passkeys`.

use super::passkeys;
use crate::config::Config;
use crate::domain::auth::mfa::{Check, Method, Purpose};
use crate::domain::auth::secrets;
use crate::domain::messages::{Channel, Message};
use crate::providers::notify::{Notifications, NotifyError};
use crate::store::mfa::{MfaRequest, NewRequest};
use crate::store::users::UserRow;
use crate::store::{self, Db};

/// What starting an approval uses: the settings, the SMS sender, the passkey ceremonies.
pub struct Approver<'a> {
    pub db: &'a Db,
    pub config: &'a Config,
    pub notify: &'a Notifications,
    pub webauthn: &'a webauthn_rs::Webauthn,
}

/// SPEC §3 "MFA step": how to approve, the request, and the phone's last digits to show.
pub struct Started {
    pub method: Method,
    pub request_id: String,
    pub last_digits: String,
}

#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The face method was asked for and the person has no passkey (SPEC §4: the app falls
    /// back to SMS).
    #[error("no passkey to approve with")]
    NoPasskey,
    #[error("no phone or passkey to approve with")]
    NoSecondFactor,
    #[error(transparent)]
    Passkey(#[from] passkeys::PasskeyError),
    #[error(transparent)]
    Send(#[from] NotifyError),
    #[error(transparent)]
    Storage(#[from] sqlx::Error),
}

fn last_digits(phone: Option<&(String, String)>) -> String {
    phone.map_or(String::new(), |(_, number)| {
        let digits: Vec<char> = number.chars().collect();
        digits[digits.len().saturating_sub(4)..].iter().collect()
    })
}

/// How a texted code's message is written from the code.
type SmsText<'a> = &'a (dyn Fn(&str) -> String + Sync);

/// A code's SMS: the phone (country code, number), its subject and its text.
type Sms<'a> = (&'a (String, String), &'a str, SmsText<'a>);

/// Stores the request and, for a code, texts it.
async fn create(
    with: &Approver<'_>,
    user: &UserRow,
    purpose: Purpose,
    binding: Option<&str>,
    challenge: Option<&str>,
    sms: Option<Sms<'_>>,
) -> Result<MfaRequest, StartError> {
    let method = if challenge.is_some() {
        Method::ChallengeProxied
    } else {
        Method::Sms
    };
    let code = match method {
        Method::ChallengeProxied => secrets::new_token(),
        _ => secrets::new_code(),
    };
    let request = store::mfa::create(
        with.db,
        &NewRequest {
            user_id: &user.id,
            purpose,
            method,
            code: &code,
            challenge,
            lifetime_ms: crate::domain::clock::ms(with.config.mfa_lifetime),
            binding,
        },
        with.db.now_ms(),
    )
    .await?;
    if let Some(((phone_code, phone_number), subject, text)) = sms {
        with.notify
            .send(Message {
                channel: Channel::Sms,
                to: format!("{phone_code}{phone_number}"),
                subject: subject.into(),
                body: text(&code),
                attachments: Vec::new(),
            })
            .await?;
    }
    Ok(request)
}

/// Starts the person's second factor for a log-in or a security change, or the method asked
/// for: a passkey ceremony when they approve with the face method and have a passkey, else a
/// texted code. None when they have neither a passkey nor a phone yet.
pub async fn start(
    with: &Approver<'_>,
    user: &UserRow,
    purpose: Purpose,
    method: Option<Method>,
) -> Result<Option<Started>, StartError> {
    let phone = store::users::phone(with.db, &user.id).await?;
    let digits = last_digits(phone.as_ref());
    if method.unwrap_or(user.mfa_method) == Method::ChallengeProxied {
        if let Some(challenge) = passkeys::login_challenge(with.db, with.webauthn, &user.id).await?
        {
            let request = create(with, user, purpose, None, Some(&challenge), None).await?;
            return Ok(Some(Started {
                method: Method::ChallengeProxied,
                request_id: request.id,
                last_digits: digits,
            }));
        }
    }
    let Some(phone) = phone else {
        return Ok(None);
    };
    let trading = with.config.company.trading_name.clone();
    let minutes = with.config.mfa_lifetime.as_secs().div_ceil(60);
    let (subject, what) = if purpose == Purpose::SecurityChange {
        ("Security change code", "a change to how you log in")
    } else {
        ("Log-in code", "logging in to your account")
    };
    let text = move |code: &str| {
        format!(
            "{code} is your {trading} code to approve {what}. It expires in {minutes} \
             minute{}. Never share it, not even with us.",
            if minutes == 1 { "" } else { "s" },
        )
    };
    let request = create(
        with,
        user,
        purpose,
        None,
        None,
        Some((&phone, subject, &text)),
    )
    .await?;
    Ok(Some(Started {
        method: Method::Sms,
        request_id: request.id,
        last_digits: digits,
    }))
}

/// Starts an approval of `purpose` bound to `binding` (a transfer's terms, a card): a passkey
/// challenge derived from the binding, or a texted code whose SMS `sms_text` writes.
/// `user` is the person's row as this request read it (with its session).
pub async fn start_bound(
    with: &Approver<'_>,
    user: &UserRow,
    purpose: Purpose,
    binding: &str,
    method: Option<Method>,
    sms_subject: &str,
    sms_text: SmsText<'_>,
) -> Result<Started, StartError> {
    let phone = store::users::phone(with.db, &user.id).await?;
    let digits = last_digits(phone.as_ref());
    if method.unwrap_or(user.mfa_method) == Method::ChallengeProxied {
        let challenge = passkeys::bound_challenge(with.db, with.webauthn, &user.id, binding)
            .await?
            .ok_or(StartError::NoPasskey)?;
        let request = create(with, user, purpose, Some(binding), Some(&challenge), None).await?;
        return Ok(Started {
            method: Method::ChallengeProxied,
            request_id: request.id,
            last_digits: digits,
        });
    }
    let phone = phone.ok_or(StartError::NoSecondFactor)?;
    let request = create(
        with,
        user,
        purpose,
        Some(binding),
        None,
        Some((&phone, sms_subject, sms_text)),
    )
    .await?;
    Ok(Started {
        method: Method::Sms,
        request_id: request.id,
        last_digits: digits,
    })
}

/// A request as it stands now (a pending one past its time reads as expired).
pub async fn find(db: &Db, request_id: &str) -> Result<Option<MfaRequest>, sqlx::Error> {
    store::mfa::find(db, request_id, db.now_ms()).await
}

/// Checks a texted code against the request: a right one verifies it, a wrong one counts.
pub async fn check_code(
    db: &Db,
    request_id: &str,
    code: &str,
) -> Result<Option<(MfaRequest, Check)>, sqlx::Error> {
    store::mfa::verify(db, request_id, code, db.now_ms()).await
}
