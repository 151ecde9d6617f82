//! Approving a transfer (PSD2 RTS art. 5, dynamic linking; SPEC §4 "Transfer MFA defaults"):
//! the approval is created for one transfer's terms (amount, currency, paying account, payee).
//! The SMS states them; the passkey challenge is derived from their hash. Once its code or
//! passkey is checked the request is `verified`, and only a submit of exactly those terms, by
//! the same person, within its lifetime, may use it, once.

use super::login::MfaStep;
use crate::api::error::AppError;
use crate::api::payments::transfers::{plan, TransferTermsBody};
use crate::api::selected_profile::Member;
use crate::api::ApiState;
use crate::domain::auth::mfa::{Method, Purpose};
use crate::domain::payments::approval;
use crate::rate_limit::{Limit, UserKey};
use crate::services::auth::approvals;
use crate::services::auth::UserRow;

pub async fn start(
    state: &ApiState,
    member: &Member,
    method: Option<Method>,
    terms: &TransferTermsBody,
) -> Result<MfaStep, AppError> {
    let plan = plan(state, &member.profile, terms).await?;
    let company = state.config.company.trading_name.clone();
    start_bound(
        state,
        &member.user,
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
    user: &UserRow,
    purpose: Purpose,
    binding: &str,
    method: Option<Method>,
    sms_subject: &str,
    sms_text: impl Fn(&str) -> String + Sync,
) -> Result<MfaStep, AppError> {
    state
        .limiter
        .check(Limit::TransferApprovalsPerUser, &UserKey(&user.id))
        .await?;
    let started = approvals::start_bound(
        &super::approver(state),
        user,
        purpose,
        binding,
        method,
        sms_subject,
        &sms_text,
    )
    .await?;
    Ok(started.into())
}
