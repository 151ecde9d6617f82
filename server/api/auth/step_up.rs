//! Step-up before a security change (ASVS 6.4 / 7.5): adding or removing a passkey (and, once
//! they exist, changing the phone or the email) needs an approval with the person's current
//! factor at most five minutes old. Completing a log-in counts as one; otherwise
//! POST /v2/auth/mfa/generate starts a fresh one and POST /v2/auth/mfa/verify completes it.
//! The person is told by email and SMS after every such change.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;

use super::login::{MfaInput, MfaStep};
use super::{audit, ClientIp};
use crate::api::common_answers::Empty;
use crate::api::current_user::CurrentUser;
use crate::api::error::{ApiJson, AppError};
use crate::api::payments::transfers::TransferTermsBody;
use crate::api::selected_profile::Member;
use crate::api::ApiState;
use crate::domain::audit::AuditEvent;
use crate::domain::auth::mfa::{Check, Method, Purpose, Status};
use crate::domain::ids::UserId;
use crate::rate_limit::{Limit, UserKey};
use crate::services::auth::{self, approvals, step_up};

fn step_up_required() -> AppError {
    AppError::refused(
        StatusCode::FORBIDDEN,
        "step_up_required",
        "Confirm it's you",
        "To change how you log in, confirm it's you first.",
    )
}

/// Refuses a security change unless this session approved with the person's factor in the last
/// five minutes (`BANK_STEP_UP_S`); a person with no factor yet may add their first passkey.
pub async fn require(state: &ApiState, user: &CurrentUser) -> Result<(), AppError> {
    if step_up::allowed(&state.db, &state.config, &user.user_id, &user.session_id).await? {
        Ok(())
    } else {
        Err(step_up_required())
    }
}

/// Tells the person, by email and SMS, that how they log in has changed.
pub async fn tell(state: &ApiState, user_id: &UserId, what: &str) -> Result<(), AppError> {
    Ok(step_up::tell(&state.db, &state.config, &state.notify, user_id, what).await?)
}

/// What an approval is for (SPEC §7 POST /v2/auth/mfa/generate): without a purpose, the step-up
/// before a security change; with purpose `transfer`, one transfer's terms; with `card_details`
/// or `card_closure`, one card.
#[derive(serde::Serialize, serde::Deserialize, utoipa::ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct MfaGenerate {
    pub purpose: Option<Purpose>,
    /// The method to approve with; the person's own by default (SPEC §4).
    pub method: Option<Method>,
    pub transfer: Option<TransferTermsBody>,
    /// With purpose `card_details` or `card_closure`: the card.
    pub card_id: Option<String>,
}

/// Starts a fresh approval: with the person's current factor before a security change, or for
/// one transfer (bound to its amount, currency and payee).
#[utoipa::path(post, path = "/v2/auth/mfa/generate", tag = "auth", request_body = MfaGenerate,
    responses((status = 200, body = MfaStep)))]
pub(super) async fn generate(
    State(state): State<ApiState>,
    user: CurrentUser,
    member: Result<Member, AppError>,
    ApiJson(input): ApiJson<MfaGenerate>,
) -> Result<Json<MfaStep>, AppError> {
    match input.purpose {
        None | Some(Purpose::SecurityChange) => {}
        Some(Purpose::Transfer) => {
            let terms = input
                .transfer
                .ok_or_else(|| AppError::field("transfer", "Field is required"))?;
            // Asked for as the transfer itself is: one gate for both (issue 26 point 1).
            let member = member?;
            crate::api::rights::admit_as(&state, &member, "POST", "/v2/transactions").await?;
            return Ok(Json(
                super::transfer_approval::start(&state, &member, input.method, &terms).await?,
            ));
        }
        Some(purpose @ (Purpose::CardDetails | Purpose::CardClosure)) => {
            let card_id = input
                .card_id
                .ok_or_else(|| AppError::field("cardId", "Field is required"))?;
            let member = member?;
            crate::api::rights::admit_as(&state, &member, "POST", "/v2/cards/details/take").await?;
            return Ok(Json(
                super::card_approval::start_approval(
                    &state,
                    &member,
                    input.method,
                    purpose,
                    &card_id,
                )
                .await?,
            ));
        }
        Some(_) => {
            return Err(AppError::field(
                "purpose",
                "This approval cannot be asked for here",
            ))
        }
    }
    state
        .limiter
        .check(Limit::CodeResendsPerUser, &UserKey(&user.user_id))
        .await?;
    let row = auth::user(&state.db, &user.user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let step = approvals::start(
        &super::approver(&state),
        &row,
        Purpose::SecurityChange,
        input.method,
    )
    .await?
    .ok_or_else(super::no_second_factor)?;
    Ok(Json(step.into()))
}

/// Completes an approval: after a security change's, this session may make security changes
/// for five minutes; a transfer's is `verified`, for its transfer to use.
#[utoipa::path(post, path = "/v2/auth/mfa/verify", tag = "auth", request_body = MfaInput,
    responses((status = 200, body = Empty)))]
pub(super) async fn verify(
    State(state): State<ApiState>,
    ip: ClientIp,
    user: CurrentUser,
    ApiJson(input): ApiJson<MfaInput>,
) -> Result<Json<Empty>, AppError> {
    let purpose = approvals::find(&state.db, &input.request_id)
        .await?
        .filter(|r| {
            r.user_id == user.user_id
                && matches!(
                    r.purpose,
                    Purpose::SecurityChange
                        | Purpose::Transfer
                        | Purpose::CardDetails
                        | Purpose::CardClosure
                )
        })
        .ok_or(AppError::NotFound)?
        .purpose;
    let approver = if input.method == Some(Method::ChallengeProxied) {
        let credential = input
            .credential
            .ok_or_else(|| AppError::field("credential", "Field is required"))?;
        super::passkeys::check_answer(&state, &ip, &input.request_id, credential, purpose).await?
    } else {
        check_sms(
            &state,
            &ip,
            &user.user_id,
            &input.request_id,
            &input.secret,
            purpose,
        )
        .await?;
        user.user_id.clone()
    };
    if approver != user.user_id {
        return Err(AppError::NotFound);
    }
    if purpose == Purpose::SecurityChange {
        step_up::approved(&state.db, &user.session_id).await?;
        audit(
            &state,
            Some(&user.user_id),
            AuditEvent::StepUpApproved,
            &ip,
            "",
        )
        .await;
    } else {
        let event = AuditEvent::approved(purpose);
        audit(&state, Some(&user.user_id), event, &ip, purpose.as_str()).await;
    }
    Ok(Json(Empty {}))
}

/// Checks an SMS code against a pending approval of `purpose` that belongs to `user_id`; the
/// JSON call and the plain forms share it.
pub async fn check_sms(
    state: &ApiState,
    ip: &ClientIp,
    user_id: &UserId,
    request_id: &str,
    secret: &str,
    purpose: Purpose,
) -> Result<(), AppError> {
    state.limiter.check(Limit::CodeChecksPerIp, ip).await?;
    let code = secret.trim();
    if code.len() != 6 || !code.chars().all(|c| c.is_ascii_digit()) {
        return Err(AppError::field("secret", "Enter the 6-digit code"));
    }
    let (_, outcome) = approvals::check_code(&state.db, request_id, code)
        .await?
        .filter(|(request, _)| request.purpose == purpose && request.user_id == user_id)
        .ok_or(AppError::NotFound)?;
    match outcome {
        Check::Accepted => Ok(()),
        Check::Wrong { failed: false, .. } => Err(AppError::unauthorized(
            "invalid_code",
            "Incorrect code",
            "The code is incorrect",
        )),
        Check::Closed(Status::Expired) => Err(AppError::unauthorized(
            "mfa_expired",
            "Request time is up",
            "Request time is up",
        )),
        _ => Err(AppError::unauthorized(
            "mfa_closed",
            "Code no longer valid",
            "This code can no longer be used. Please ask for a new one.",
        )),
    }
}
