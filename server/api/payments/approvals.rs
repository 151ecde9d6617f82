//! Second approvals (issue 13 point 6, beyond SPEC): an Account Owner's threshold per currency
//! above which a transfer made by anyone but an Account Owner waits, its money held, for another
//! member with the full transaction right to approve it (with their own approval bound to its
//! terms) or reject it. Every step is audit-logged.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::recipients::require_full;
use super::transfers::{
    self, approval_refused, conflict, Plan, TransferBody, TransferResult, TransferTermsBody,
};
use crate::api::client_ip::ClientIp;
use crate::api::error::{ApiJson, AppError};
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
use crate::domain::accounts::money::{self, Currency};
use crate::store::approvals::{NewRequest, PlaceError, RequestRow};
use crate::store::bookings::BookingError;
use crate::store::mfa::ApprovalProblem;
use crate::store::{self, now_ms};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(fetch))
        .routes(routes!(approve))
        .routes(routes!(reject))
        .routes(routes!(rules, set_rule))
}

/// Holds the transfer's money and keeps it for a second approval (called by the submit).
pub(super) async fn place(
    state: &ApiState,
    profile: &SelectedProfile,
    body: &TransferBody,
    id: &str,
    plan: &Plan,
    digest: &str,
    now: i64,
) -> Result<TransferResult, AppError> {
    let saved =
        serde_json::json!({"terms": body.terms, "attachments": body.attachments}).to_string();
    let placed = store::approvals::place(
        &state.db,
        &NewRequest {
            id,
            request_digest: digest,
            profile_id: &profile.profile_id,
            created_by: &profile.user_id,
            account: &plan.account,
            amount: plan.checked.amount,
            fee: plan.fee,
            payee_name: &plan.checked.payee.name,
            body: &saved,
            approval_id: body.request_id.trim(),
            binding: &plan.binding,
            now,
        },
    )
    .await;
    match placed {
        Ok(()) => {}
        Err(PlaceError::Approval) => {
            let problem = store::mfa::approval_problem(
                &state.db,
                body.request_id.trim(),
                &profile.user_id,
                crate::domain::auth::mfa::Purpose::Transfer,
                &plan.binding,
                now,
            )
            .await?;
            return Err(approval_refused(problem));
        }
        Err(PlaceError::Booking(BookingError::InsufficientFunds)) => {
            return Err(AppError::field("amount", "Select right amount"))
        }
        Err(PlaceError::Booking(other)) => return Err(AppError::Internal(other.into())),
        Err(PlaceError::Sql(error)) => {
            // A concurrent duplicate of this request won: answer as it did.
            if let Some(first) = store::approvals::find(&state.db, id).await? {
                if first.profile_id == profile.profile_id && first.request_digest == digest {
                    return Ok(TransferResult::waiting(id, &first.state));
                }
                return Err(conflict());
            }
            return Err(error.into());
        }
    }
    store::audit::record(
        &state.db,
        Some(&profile.user_id),
        "transfer.awaiting_approval",
        "api",
        &serde_json::json!({"transfer": id, "amount": plan.checked.amount, "currency": plan.account.currency}).to_string(),
    )
    .await?;
    Ok(TransferResult::waiting(id, "waiting"))
}

/// A transfer waiting for approval, as the dashboard lists it.
#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaitingTransfer {
    id: String,
    bank_account_id: String,
    currency: String,
    /// Decimal strings.
    amount: String,
    fee: String,
    payee_name: String,
    /// Who made it.
    created_by: String,
    /// RFC 3339.
    created_at: String,
    /// The caller may approve it (they did not make it).
    can_approve: bool,
    /// Its terms, for the approver's own approval (POST /v2/auth/mfa/generate).
    terms: TransferTermsBody,
}

#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct WaitingList {
    results: Vec<WaitingTransfer>,
}

#[derive(serde::Deserialize)]
struct Saved {
    terms: TransferTermsBody,
    #[serde(default)]
    attachments: Vec<String>,
}

fn saved(row: &RequestRow) -> Result<Saved, AppError> {
    serde_json::from_str(&row.body).map_err(|e| AppError::Internal(e.into()))
}

/// The selected profile's transfers waiting for a second approval.
#[utoipa::path(post, path = "/v2/transactions/approvals/fetch", tag = "payments",
    responses((status = 200, body = WaitingList)))]
async fn fetch(
    State(state): State<ApiState>,
    profile: SelectedProfile,
) -> Result<Json<WaitingList>, AppError> {
    require_full(&profile)?;
    let mut results = Vec::new();
    for row in store::approvals::waiting(&state.db, &profile.profile_id).await? {
        let creator = store::users::by_id(&state.db, &row.created_by)
            .await?
            .map(|u| format!("{} {}", u.name, u.surname).trim().to_string())
            .unwrap_or_default();
        results.push(WaitingTransfer {
            can_approve: row.created_by != profile.user_id,
            terms: saved(&row)?.terms,
            id: row.id,
            bank_account_id: row.bank_account_id,
            currency: row.currency,
            amount: money::decimal(row.amount),
            fee: money::decimal(row.fee),
            payee_name: row.payee_name,
            created_by: creator,
            created_at: crate::api::accounts::transactions::iso_time(row.created_at),
        });
    }
    Ok(Json(WaitingList { results }))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct Decision {
    /// The waiting transfer's id.
    pub id: String,
    /// To approve: the approver's own approval of its terms (purpose transfer, verified).
    pub request_id: String,
}

async fn waiting_of(
    state: &ApiState,
    profile: &SelectedProfile,
    id: &str,
) -> Result<RequestRow, AppError> {
    let row = store::approvals::find(&state.db, id.trim())
        .await?
        .filter(|r| r.profile_id == profile.profile_id)
        .ok_or(AppError::NotFound)?;
    if row.state != "waiting" {
        return Err(AppError::refused(
            StatusCode::CONFLICT,
            "already_decided",
            "Already decided",
            "This transfer has already been approved or rejected.",
        ));
    }
    Ok(row)
}

/// Approves a waiting transfer: its hold is released and it is paid, in one transaction.
#[utoipa::path(post, path = "/v2/transactions/approvals/approve", tag = "payments", request_body = Decision,
    responses((status = 200, body = TransferResult)))]
async fn approve(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ip: ClientIp,
    ApiJson(decision): ApiJson<Decision>,
) -> Result<Json<TransferResult>, AppError> {
    require_full(&profile)?;
    let row = waiting_of(&state, &profile, &decision.id).await?;
    if row.created_by == profile.user_id {
        return Err(AppError::refused(
            StatusCode::CONFLICT,
            "own_transfer",
            "Another approver needed",
            "You cannot approve a transfer you made. Another colleague must approve it.",
        ));
    }
    if decision.request_id.trim().is_empty() {
        return Err(approval_refused(ApprovalProblem::Missing));
    }
    let saved = saved(&row)?;
    let body = TransferBody {
        id: row.id.clone(),
        request_id: decision.request_id.clone(),
        terms: saved.terms,
        attachments: saved.attachments,
    };
    let result = transfers::submit_with(&state, &profile, &body, Some(&row)).await?;
    store::audit::record_json(
        &state.db,
        &profile.user_id,
        "transfer.approved",
        &ip.to_string(),
        serde_json::json!({"transfer": row.id, "created_by": row.created_by}),
    )
    .await?;
    Ok(Json(result))
}

/// Rejects a waiting transfer (its maker may withdraw it too): the hold is released.
#[utoipa::path(post, path = "/v2/transactions/approvals/reject", tag = "payments", request_body = Decision,
    responses((status = 200, body = TransferResult)))]
async fn reject(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ip: ClientIp,
    ApiJson(decision): ApiJson<Decision>,
) -> Result<Json<TransferResult>, AppError> {
    require_full(&profile)?;
    let row = waiting_of(&state, &profile, &decision.id).await?;
    if !store::approvals::reject(&state.db, &row.id, &profile.user_id, now_ms()).await? {
        return Err(AppError::refused(
            StatusCode::CONFLICT,
            "already_decided",
            "Already decided",
            "This transfer has already been approved or rejected.",
        ));
    }
    store::audit::record_json(
        &state.db,
        &profile.user_id,
        "transfer.rejected",
        &ip.to_string(),
        serde_json::json!({"transfer": row.id, "created_by": row.created_by}),
    )
    .await?;
    Ok(Json(TransferResult::waiting(&row.id, "rejected")))
}

/// An approval threshold.
#[derive(serde::Serialize, serde::Deserialize, utoipa::ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct ApprovalRule {
    pub currency: Option<Currency>,
    /// A decimal string; empty or null removes the rule.
    pub threshold: Option<String>,
}

#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct RuleList {
    results: Vec<ApprovalRule>,
}

/// The selected profile's approval thresholds.
#[utoipa::path(get, path = "/v2/account-profiles/approval-rules", tag = "payments",
    responses((status = 200, body = RuleList)))]
async fn rules(
    State(state): State<ApiState>,
    profile: SelectedProfile,
) -> Result<Json<RuleList>, AppError> {
    let results = store::approvals::rules(&state.db, &profile.profile_id)
        .await?
        .into_iter()
        .map(|(currency, threshold)| ApprovalRule {
            currency: Currency::parse(&currency),
            threshold: Some(money::decimal(threshold)),
        })
        .collect();
    Ok(Json(RuleList { results }))
}

/// Sets or removes the threshold of a currency (Account Owner only).
#[utoipa::path(put, path = "/v2/account-profiles/approval-rules", tag = "payments",
    request_body = ApprovalRule, responses((status = 200, body = RuleList)))]
async fn set_rule(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ip: ClientIp,
    ApiJson(rule): ApiJson<ApprovalRule>,
) -> Result<Json<RuleList>, AppError> {
    let currency = rule
        .currency
        .ok_or_else(|| AppError::field("currency", "Field is required"))?;
    let threshold = match rule
        .threshold
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty())
    {
        None => None,
        Some(text) => Some(
            money::parse_decimal(&text.replace(',', ""))
                .ok_or_else(|| AppError::field("threshold", "Enter an amount, e.g. 1000.00"))?,
        ),
    };
    store::approvals::set_rule(
        &state.db,
        &profile.profile_id,
        currency.code(),
        threshold,
        &profile.user_id,
        now_ms(),
    )
    .await?;
    store::audit::record_json(
        &state.db,
        &profile.user_id,
        "team.approval_rule_set",
        &ip.to_string(),
        serde_json::json!({
            "profile": profile.profile_id, "currency": currency, "threshold": threshold,
        }),
    )
    .await?;
    rules(State(state), profile).await
}
