//! SPEC §7 "Transactions": the paged, filtered list of one account's transactions and one
//! transaction in full (SPEC §3 "Transaction").

use axum::extract::State;
use axum::routing::post;
use axum::{Json, Router};
use serde_json::{json, Value};

use super::bank_accounts::{major, owned};
use crate::api::error::{ApiJson, AppError};
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
use crate::domain::paging::Paging;
use crate::store::transactions::{Filter, Transaction};
use crate::store::{self, bank_accounts::BankAccount};

pub fn routes() -> Router<ApiState> {
    Router::new()
        .route("/v2/transactions/fetch", post(fetch))
        .route("/v2/transactions/take", post(take))
}

/// SPEC §9: 50 transactions per page.
pub const PAGE_SIZE: i64 = 50;
const MAX_PAGE_SIZE: i64 = 100;

/// SPEC §3 transaction types.
pub const TYPES: [&str; 21] = [
    "unknown",
    "transfer",
    "fee",
    "currency_exchange",
    "card_purchase",
    "card_refund",
    "card_withdrawal",
    "card_withdrawal_reversal",
    "card_fee",
    "card_transfer",
    "none",
    "deposit",
    "refund",
    "system_deposit",
    "recall",
    "card_quasi_cash",
    "cashback",
    "interest",
    "withdrawal",
    "interledger",
    "card_topup",
];

/// A day `yyyy-MM-dd` (SPEC §9) as its first or last millisecond, in London.
pub use crate::domain::london::day_bound;

pub fn iso_time(ms: i64) -> String {
    time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .ok()
        .and_then(|t| {
            t.format(&time::format_description::well_known::Rfc3339)
                .ok()
        })
        .unwrap_or_default()
}

/// SPEC §3 "Transaction" as the app receives it. The receiver is whoever got the money: the
/// counterparty for money out, the account holder for money in (the payer is the sender).
pub fn view(txn: &Transaction, account: &BankAccount) -> Value {
    let counterparty = txn.counterparty_name.as_ref().map(|name| {
        json!({ "name": name, "type": txn.counterparty_type, "account": txn.counterparty_account })
    });
    let holder = json!({ "name": account.name, "account": account.iban });
    let incoming = txn.amount > 0;
    json!({
        "id": txn.id,
        "bankAccountId": txn.bank_account_id,
        "amount": major(txn.amount),
        "amountTotal": major(txn.amount_total),
        "fee": major(txn.fee),
        "type": txn.kind,
        "status": txn.status,
        "scheme": txn.scheme,
        "currency": txn.currency,
        "conversionCurrency": txn.conversion_currency,
        "conversionAmountTotal": txn.conversion_amount_total.map(major),
        "details": txn.details,
        "receiver": if incoming { Some(holder) } else { counterparty.clone() },
        "sender": if incoming { counterparty } else { None },
        "acceptor": txn.acceptor,
        "balanceAfter": txn.balance_after.map(major),
        "createdAt": iso_time(txn.created_at),
    })
}

#[derive(serde::Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
struct FetchInput {
    page: Option<i64>,
    limit: Option<i64>,
    bank_account_id: Option<String>,
    types: Vec<String>,
    date_from: Option<String>,
    date_to: Option<String>,
    search_keyword: Option<String>,
}

async fn fetch(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(input): ApiJson<FetchInput>,
) -> Result<Json<Value>, AppError> {
    profile.require_transactions()?;
    let paging = Paging::parse(input.page, input.limit, PAGE_SIZE, MAX_PAGE_SIZE)
        .map_err(|(field, message)| AppError::field(field, &message))?;
    if let Some(unknown) = input.types.iter().find(|t| !TYPES.contains(&t.as_str())) {
        return Err(AppError::field("types", &format!("Unknown type {unknown}")));
    }
    let bound = |text: &Option<String>, end: bool, field: &str| -> Result<Option<i64>, AppError> {
        match text.as_deref().filter(|t| !t.is_empty()) {
            None => Ok(None),
            Some(text) => day_bound(text, end)
                .map(Some)
                .ok_or_else(|| AppError::field(field, "Invalid date")),
        }
    };
    let from = bound(&input.date_from, false, "dateFrom")?;
    let to = bound(&input.date_to, true, "dateTo")?;
    if let (Some(from), Some(to)) = (from, to) {
        if from > to {
            return Err(AppError::field(
                "dateTo",
                "The end date is before the start date",
            ));
        }
    }
    let account = match input.bank_account_id.as_deref().filter(|id| !id.is_empty()) {
        Some(id) => owned(&state, &profile, id).await?,
        None => return Err(AppError::field("bankAccountId", "Field is required")),
    };
    let filter = Filter {
        bank_account_id: account.id.clone(),
        types: input.types,
        from,
        to,
        keyword: input.search_keyword,
    };
    let found = store::transactions::fetch(&state.db, &filter, paging).await?;
    Ok(Json(json!({
        "results": found.results.iter().map(|t| view(t, &account)).collect::<Vec<_>>(),
        "totalPages": paging.total_pages(found.total),
        "totalResults": found.total,
        "page": paging.page(),
    })))
}

#[derive(serde::Deserialize)]
struct TakeInput {
    #[serde(default)]
    id: String,
}

/// One transaction, if it is on an account of the caller's profile.
pub async fn owned_transaction(
    state: &ApiState,
    profile: &SelectedProfile,
    id: &str,
) -> Result<(Transaction, BankAccount), AppError> {
    profile.require_transactions()?;
    let txn = store::transactions::by_id(&state.db, id)
        .await?
        .ok_or(AppError::NotFound)?;
    let account = owned(state, profile, &txn.bank_account_id).await?;
    Ok((txn, account))
}

async fn take(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(input): ApiJson<TakeInput>,
) -> Result<Json<Value>, AppError> {
    let (txn, account) = owned_transaction(&state, &profile, &input.id).await?;
    Ok(Json(view(&txn, &account)))
}
