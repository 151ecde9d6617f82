//! Approving a transfer (PSD2 RTS art. 5, dynamic linking; SPEC §4 "Transfer MFA defaults"):
//! the approval is created for one transfer's terms (amount, currency, paying account, payee).
//! The SMS states them; the passkey challenge is derived from their hash. Once its code or
//! passkey is checked the request is `verified`, and only a submit of exactly those terms, by
//! the same person, within its lifetime, may use it, once.

use axum::http::StatusCode;

use super::login::MfaStep;
use crate::api::error::AppError;
use crate::api::payments::transfers::{plan, TransferTermsBody};
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
use crate::domain::auth::mfa::{Method, Purpose};
use crate::domain::auth::secrets;
use crate::domain::messages::{Channel, Message};
use crate::domain::payments::approval;
use crate::rate_limit::{Limit, UserKey};
use crate::store;

/// SPEC §4: a face request that cannot be made answers request_data_invalid, and the app
/// falls back to SMS.
fn no_passkey() -> AppError {
    AppError::refused(
        StatusCode::UNPROCESSABLE_ENTITY,
        "request_data_invalid",
        "Face approval unavailable",
        "You have no passkey to approve with. We will text you a code instead.",
    )
}

pub async fn start(
    state: &ApiState,
    profile: &SelectedProfile,
    method: Option<Method>,
    terms: &TransferTermsBody,
) -> Result<MfaStep, AppError> {
    let plan = plan(state, profile, terms).await?;
    let company = state.config.company.trading_name.clone();
    start_bound(
        state,
        &profile.user_id,
        Purpose::Transfer,
        &plan.binding,
        method,
        "Transfer approval code",
        |code| approval::sms_text(&plan.terms(), code, &company),
    )
    .await
}

/// Starts an approval of `purpose` bound to `binding` (a transfer's terms, a card): a passkey
/// challenge derived from the binding, or a texted code whose SMS `sms_text` writes.
pub async fn start_bound(
    state: &ApiState,
    user_id: &str,
    purpose: Purpose,
    binding: &str,
    method: Option<Method>,
    sms_subject: &str,
    sms_text: impl FnOnce(&str) -> String,
) -> Result<MfaStep, AppError> {
    state
        .limiter
        .check(Limit::TransferApprovalsPerUser, &UserKey(user_id))
        .await?;
    let user = store::users::by_id(&state.db, user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let phone = store::users::phone(&state.db, &user.id).await?;
    let last_digits = phone.as_ref().map_or(String::new(), |(_, number)| {
        let digits: Vec<char> = number.chars().collect();
        digits[digits.len().saturating_sub(4)..].iter().collect()
    });
    let lifetime_ms = crate::domain::clock::ms(state.config.mfa_lifetime);
    let now = state.db.now_ms();
    if method.unwrap_or(user.mfa_method) == Method::ChallengeProxied {
        let challenge = super::passkeys::bound_challenge(state, &user.id, binding)
            .await?
            .ok_or_else(no_passkey)?;
        let request = store::mfa::create(
            &state.db,
            &store::mfa::NewRequest {
                user_id: &user.id,
                purpose,
                method: Method::ChallengeProxied,
                code: &secrets::new_token(),
                challenge: Some(&challenge),
                lifetime_ms,
                binding: Some(binding),
            },
            now,
        )
        .await?;
        return Ok(MfaStep {
            method: Method::ChallengeProxied,
            request_id: request.id,
            last_digits,
        });
    }
    let (phone_code, phone_number) = phone.ok_or_else(|| {
        AppError::refused(
            StatusCode::CONFLICT,
            "no_second_factor",
            "Nothing to confirm with",
            "You have no phone or passkey to confirm with yet.",
        )
    })?;
    let code = secrets::new_code();
    let request = store::mfa::create(
        &state.db,
        &store::mfa::NewRequest {
            user_id: &user.id,
            purpose,
            method: Method::Sms,
            code: &code,
            challenge: None,
            lifetime_ms,
            binding: Some(binding),
        },
        now,
    )
    .await?;
    state
        .notify
        .send(Message {
            channel: Channel::Sms,
            to: format!("{phone_code}{phone_number}"),
            subject: sms_subject.into(),
            body: sms_text(&code),
        })
        .await?;
    Ok(MfaStep {
        method: Method::Sms,
        request_id: request.id,
        last_digits,
    })
}
