//! Transfers (SPEC §7 POST /v2/transactions; issue 11): the handler checks the caller's right
//! and hands the request to `services::payments::transfers`, which plans it, has it approved
//! (`approval`) and submits it exactly once under the client's id.

use axum::extract::State;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::recipients::require_full;
use crate::api::accounts::bank_accounts::owned;
use crate::api::accounts::transactions::{view, TransactionView};
use crate::api::error::{ApiJson, AppError};
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
pub use crate::domain::payments::request::{Sender, TransferBody, TransferTermsBody};
use crate::domain::payments::second_approval::RequestState;
use crate::services;
use crate::services::payments::transfers::{self, Plan, Submitted};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new().routes(routes!(create))
}

/// Checks a transfer for the selected profile (the right to pay first): what an approval is
/// asked for.
pub async fn plan(
    state: &ApiState,
    profile: &SelectedProfile,
    terms: &TransferTermsBody,
) -> Result<Plan, AppError> {
    require_full(profile)?;
    Ok(transfers::plan(&state.db, &state.config, &profile.payer(), terms).await?)
}

/// What a submit answers (SPEC §7 POST /v2/transactions).
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransferResult {
    /// The client's transfer id.
    pub id: String,
    /// pending (in the scheme), completed or returned; awaiting_approval while a second
    /// member's approval is needed (issue 13 point 6), rejected when it was refused.
    pub status: String,
    /// The payer's transaction; none while the transfer awaits approval or after a rejection.
    pub transaction: Option<TransactionView>,
}

impl TransferResult {
    pub fn transaction_id(&self) -> Option<&str> {
        self.transaction.as_ref().map(TransactionView::id)
    }

    /// The answer a use case's outcome makes, with the payer's transaction when it was made.
    pub(super) async fn of(
        state: &ApiState,
        profile: &SelectedProfile,
        submitted: Submitted,
    ) -> Result<Self, AppError> {
        match submitted {
            Submitted::Waiting { id, state } => Ok(Self {
                id,
                status: if state == RequestState::Rejected {
                    "rejected"
                } else {
                    "awaiting_approval"
                }
                .to_string(),
                transaction: None,
            }),
            Submitted::Made(transfer, fresh) => {
                // The account the submit planned with is this profile's (the plan checked it);
                // a retry answered from the first result reads both again.
                let (account, txn) = match fresh {
                    Some(fresh) => (fresh.account, fresh.transaction),
                    None => (
                        owned(state, profile, &transfer.bank_account_id).await?,
                        services::accounts::transaction(&state.db, &transfer.transaction_id)
                            .await?
                            .ok_or(AppError::NotFound)?,
                    ),
                };
                Ok(Self {
                    id: transfer.id.clone(),
                    status: transfer.status.as_str().to_string(),
                    transaction: Some(view(&txn, &account)),
                })
            }
        }
    }
}

/// Submits a transfer for the selected profile, and answers what it became.
pub async fn submit(
    state: &ApiState,
    profile: &SelectedProfile,
    body: &TransferBody,
) -> Result<TransferResult, AppError> {
    require_full(profile)?;
    let submitted = transfers::submit(
        &state.db,
        &state.config,
        state.payee_checker.as_deref(),
        &profile.payer(),
        body,
    )
    .await?;
    TransferResult::of(state, profile, submitted).await
}

/// Sends money (SPEC §7 POST /v2/transactions). The id makes it idempotent: a retry with the
/// same body answers the first result; another body under the same id is refused.
#[utoipa::path(post, path = "/v2/transactions", tag = "payments", request_body = TransferBody,
    responses((status = 200, body = TransferResult)))]
async fn create(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(body): ApiJson<TransferBody>,
) -> Result<Json<TransferResult>, AppError> {
    Ok(Json(submit(&state, &profile, &body).await?))
}
