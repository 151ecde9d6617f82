//! The phone step (SPEC §2 phone verification): the number the person gives, a texted code for
//! it, and the check of that code, which verifies the number and moves onboarding on.

use crate::domain::auth::mfa::{Check, Method, Purpose};
use crate::domain::auth::secrets;
use crate::domain::ids::UserId;
use crate::domain::onboarding::phone::Phone;
use crate::store::users::UserRow;
use crate::store::{self, Db};

/// Stores the number to verify; a code sent to an earlier number stops working.
pub async fn give(db: &Db, user_id: &UserId, number: &Phone) -> Result<(), sqlx::Error> {
    store::users::set_unverified_phone(db, user_id, &number.code, &number.number).await?;
    store::mfa::expire_pending(db, user_id, Purpose::PhoneVerification).await
}

/// The number the person gave to verify (country code, number), if they gave one.
pub async fn number(db: &Db, user_id: &UserId) -> Result<Option<(String, String)>, sqlx::Error> {
    store::users::unverified_phone(db, user_id).await
}

/// A new code for the number the person gave, to text them.
pub async fn new_code(db: &Db, user_id: &UserId, lifetime_ms: i64) -> Result<String, sqlx::Error> {
    let code = secrets::new_code();
    store::mfa::create(
        db,
        &store::mfa::NewRequest {
            user_id,
            purpose: Purpose::PhoneVerification,
            method: Method::Sms,
            code: &code,
            challenge: None,
            lifetime_ms,
            binding: None,
        },
        db.now_ms(),
    )
    .await?;
    Ok(code)
}

/// Why a typed code verified nothing.
#[derive(Debug, PartialEq, Eq)]
pub enum CodeRefusal {
    /// No code waits (it expired, or none was sent).
    Expired,
    /// Not this code; another try is left.
    Wrong,
    /// The code is used up (too many tries, or verified already).
    Spent,
}

#[derive(Debug, thiserror::Error)]
pub enum PhoneError {
    #[error("the code was refused")]
    Code(CodeRefusal),
    #[error("the step is not open")]
    NotOpen,
    /// The code's request vanished between finding and checking it.
    #[error("no such request")]
    NoRequest,
    #[error(transparent)]
    Storage(#[from] sqlx::Error),
}

/// Checks the texted code; the right one verifies the number and moves onboarding on.
pub async fn check_code(db: &Db, person: &UserRow, code: &str) -> Result<(), PhoneError> {
    let now = db.now_ms();
    let request_id = store::mfa::latest_pending(db, &person.id, Purpose::PhoneVerification, now)
        .await?
        .ok_or(PhoneError::Code(CodeRefusal::Expired))?;
    let (_, outcome) = store::mfa::verify(db, &request_id, code, now)
        .await?
        .ok_or(PhoneError::NoRequest)?;
    match outcome {
        Check::Accepted => {}
        Check::Wrong { failed: false, .. } => return Err(PhoneError::Code(CodeRefusal::Wrong)),
        _ => return Err(PhoneError::Code(CodeRefusal::Spent)),
    }
    super::steps::phone_verified(db, person)
        .await
        .map_err(|error| match error {
            super::steps::StepError::NotOpen => PhoneError::NotOpen,
            super::steps::StepError::Storage(error) => PhoneError::Storage(error),
        })
}
