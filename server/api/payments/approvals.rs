//! Second approvals (issue 13 point 6, beyond SPEC): an Account Owner's threshold per currency
//! above which a transfer made by anyone but an Account Owner waits, its money held, for another
//! member with the full transaction right to approve it (with their own approval bound to its
//! terms) or reject it. The handlers check rights; `services::payments::approvals` decides.

use axum::extract::State;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::recipients::require_full;
use super::transfers::{TransferResult, TransferTermsBody};
use crate::api::client_ip::ClientIp;
use crate::api::error::{ApiJson, AppError};
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
use crate::domain::accounts::money::{self, Currency};
use crate::services::payments::approvals;

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(fetch))
        .routes(routes!(approve))
        .routes(routes!(reject))
        .routes(routes!(rules, set_rule))
}

/// A transfer waiting for approval, as the dashboard lists it.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaitingTransfer {
    pub id: String,
    pub bank_account_id: String,
    pub currency: Currency,
    /// Decimal strings.
    pub amount: String,
    pub fee: String,
    pub payee_name: String,
    /// Who made it.
    pub created_by: String,
    /// RFC 3339.
    pub created_at: String,
    /// The caller may approve it (they did not make it).
    pub can_approve: bool,
    /// Its terms, for the approver's own approval (POST /v2/auth/mfa/generate).
    pub terms: TransferTermsBody,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct WaitingList {
    pub results: Vec<WaitingTransfer>,
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
    for (row, creator) in approvals::waiting(&state.db, &profile.profile_id).await? {
        results.push(WaitingTransfer {
            can_approve: row.created_by != profile.user_id,
            terms: approvals::saved(&row)?.terms,
            id: row.id,
            bank_account_id: row.bank_account_id.into(),
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
    let submitted = approvals::approve(
        &state.db,
        &state.config,
        state.payee_checker.as_deref(),
        &profile.payer(),
        &decision.id,
        &decision.request_id,
        &ip.to_string(),
    )
    .await?;
    let result = TransferResult::of(&state, &profile, submitted).await?;
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
    let submitted =
        approvals::reject(&state.db, &profile.payer(), &decision.id, &ip.to_string()).await?;
    Ok(Json(TransferResult::of(&state, &profile, submitted).await?))
}

/// An approval threshold.
#[derive(serde::Serialize, serde::Deserialize, utoipa::ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct ApprovalRule {
    pub currency: Option<Currency>,
    /// A decimal string; empty or null removes the rule.
    pub threshold: Option<String>,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct RuleList {
    pub results: Vec<ApprovalRule>,
}

/// The selected profile's approval thresholds.
#[utoipa::path(get, path = "/v2/account-profiles/approval-rules", tag = "payments",
    responses((status = 200, body = RuleList)))]
async fn rules(
    State(state): State<ApiState>,
    profile: SelectedProfile,
) -> Result<Json<RuleList>, AppError> {
    let results = approvals::rules(&state.db, &profile.profile_id)
        .await?
        .into_iter()
        .map(|(currency, threshold)| ApprovalRule {
            currency: Some(currency),
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
    approvals::set_rule(
        &state.db,
        &profile.payer(),
        currency,
        threshold,
        &ip.to_string(),
    )
    .await?;
    rules(State(state), profile).await
}
