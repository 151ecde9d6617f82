//! POST /v1/bank/currency-exchange: executes a live quote of the selected profile, once
//! (`services::exchange::conversions`).

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::require_exchange;
use crate::api::accounts::bank_accounts::owned;
use crate::api::accounts::transactions::{view, TransactionView};
use crate::api::error::{ApiJson, AppError};
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
use crate::domain::exchange::messages;
use crate::domain::ids::{AccountId, TransactionId};
use crate::services;
use crate::services::exchange::conversions::{self, ExchangeError, Executed};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new().routes(routes!(convert))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct ExchangeBody {
    /// A UUID the client makes once per conversion: the idempotency key.
    pub id: String,
    /// The quote to execute (POST /v1/bank/currency-exchange/rate).
    pub quote_id: String,
}

/// A conversion made: both legs as the accounts' transaction lists show them.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExchangeResult {
    pub id: String,
    pub quote_id: String,
    pub from_amount: String,
    pub to_amount: String,
    pub rate: String,
    /// The paying account's row ('You convert').
    pub transaction: TransactionView,
    /// The receiving account's row.
    pub to_transaction: TransactionView,
}

impl ExchangeResult {
    pub fn transaction_id(&self) -> &str {
        self.transaction.id()
    }
}

fn refused(code: &'static str, status: StatusCode, message: &str) -> AppError {
    AppError::refused(status, code, "Currency Exchange", message)
}

/// Executes a quote for the selected profile, and answers the conversion.
pub async fn execute(
    state: &ApiState,
    profile: &SelectedProfile,
    body: &ExchangeBody,
) -> Result<ExchangeResult, AppError> {
    require_exchange(state, profile).await?;
    let uuid = |text: &str, field: &str, message: &str| {
        uuid::Uuid::parse_str(text.trim())
            .map(|u| u.hyphenated().to_string())
            .map_err(|_| AppError::field(field, message))
    };
    let id = uuid(&body.id, "id", "A new conversion needs a fresh UUID")?;
    let quote_id = uuid(&body.quote_id, "quoteId", messages::WAIT_FOR_RATE)?;
    let executed = conversions::execute(
        &state.db,
        &id,
        &quote_id,
        &profile.profile_id,
        state.db.now_ms(),
    )
    .await
    .map_err(|error| match error {
        ExchangeError::IdReused => refused(
            "exchange_id_reused",
            StatusCode::CONFLICT,
            "This conversion id belongs to another conversion. Please start again.",
        ),
        ExchangeError::UnknownQuote => refused(
            "quote_not_found",
            StatusCode::NOT_FOUND,
            "This rate is not known. Please get a new rate.",
        ),
        ExchangeError::Expired => refused(
            "quote_expired",
            StatusCode::CONFLICT,
            "The rate has expired. Please check the new rate and convert again.",
        ),
        ExchangeError::InsufficientFunds => AppError::field("amount", messages::WRONG_AMOUNT),
        ExchangeError::AccountNotUsable => refused(
            "account_not_active",
            StatusCode::CONFLICT,
            "This account cannot convert money at the moment.",
        ),
        ExchangeError::Booking(other) => AppError::Internal(other.into()),
        ExchangeError::Storage(error) => error.into(),
    })?;
    result(state, profile, &executed).await
}

async fn result(
    state: &ApiState,
    profile: &SelectedProfile,
    executed: &Executed,
) -> Result<ExchangeResult, AppError> {
    let q = &executed.quote;
    let leg = |transaction_id: TransactionId, account_id: AccountId| async move {
        let account = owned(state, profile, &account_id).await?;
        let txn = services::accounts::transaction(&state.db, &transaction_id)
            .await?
            .ok_or(AppError::NotFound)?;
        Ok::<_, AppError>(view(&txn, &account))
    };
    Ok(ExchangeResult {
        id: executed.exchange.id.clone(),
        quote_id: q.id.clone(),
        from_amount: q.from_amount.decimal(),
        to_amount: q.to_amount.decimal(),
        rate: q.rate.clone(),
        transaction: leg(
            executed.exchange.from_transaction_id.clone(),
            q.from_account_id.clone(),
        )
        .await?,
        to_transaction: leg(
            executed.exchange.to_transaction_id.clone(),
            q.to_account_id.clone(),
        )
        .await?,
    })
}

/// Converts at a live quote (SPEC §7 Exchange). The id makes it idempotent, and a quote converts
/// once: a retry answers the first result. An expired quote, or a balance that no longer covers
/// it, is refused and nothing moves.
#[utoipa::path(post, path = "/v1/bank/currency-exchange", tag = "exchange",
    request_body = ExchangeBody, responses((status = 200, body = ExchangeResult)))]
async fn convert(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(body): ApiJson<ExchangeBody>,
) -> Result<Json<ExchangeResult>, AppError> {
    Ok(Json(execute(&state, &profile, &body).await?))
}
