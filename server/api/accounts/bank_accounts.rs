//! SPEC §7 "Bank accounts": the selected profile's accounts with balances, and opening an
//! account in another currency (pending first, active after the background job).

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};
use serde_json::{json, Value};

use crate::api::error::{ApiJson, AppError};
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
use crate::domain::accounts::money::Currency;
use crate::domain::accounts::{identifiers, status};
use crate::store::bank_accounts::{BankAccount, NewAccount};
use crate::store::{self, now_ms};

pub fn routes() -> Router<ApiState> {
    Router::new()
        .route("/v2/bank-accounts/fetch", post(fetch))
        .route("/v2/bank-accounts", post(open))
}

/// Minor units as the JSON number of major units the app shows (two decimals, exact for any
/// balance a bank holds); the server never computes with it.
pub fn major(minor: i64) -> f64 {
    minor as f64 / 100.0
}

/// SPEC §3 "Bank account" as the app receives it.
pub fn view(account: &BankAccount, bank_name: &str) -> Value {
    json!({
        "id": account.id,
        "currency": account.currency.code(),
        "status": status::shown_status(account.currency, &account.status),
        "isPrimary": account.is_primary,
        "balance": {
            "available": major(account.balance.available()),
            "booked": major(account.balance.booked),
        },
        "iban": account.iban,
        "ukSortCode": account.sort_code,
        "ukAccountNumber": (account.currency == Currency::Gbp).then_some(&account.account_number),
        "bic": account.bic,
        "bankName": bank_name,
        "name": account.name,
        "alias": account.alias,
    })
}

async fn fetch(
    State(state): State<ApiState>,
    profile: SelectedProfile,
) -> Result<Json<Value>, AppError> {
    // SPEC §6: roles none and card_user load no accounts.
    if !profile.access.loads_accounts() {
        return Ok(Json(json!({ "results": [] })));
    }
    let mut accounts = store::bank_accounts::for_profile(&state.db, &profile.profile_id).await?;
    accounts.sort_by_key(|a| status::card_rank(a.is_primary, a.currency, &a.status));
    let bank = &state.config.company.legal_name;
    Ok(Json(json!({
        "results": accounts.iter().map(|a| view(a, bank)).collect::<Vec<_>>()
    })))
}

#[derive(serde::Deserialize)]
struct OpenInput {
    #[serde(default)]
    currency: String,
}

async fn open(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(input): ApiJson<OpenInput>,
) -> Result<(StatusCode, Json<Value>), AppError> {
    if !profile.access.is_admin() {
        return Err(AppError::Forbidden);
    }
    let currency = Currency::parse(&input.currency)
        .ok_or_else(|| AppError::field("currency", "Field is required"))?;
    let user = store::users::by_id(&state.db, &profile.user_id)
        .await?
        .ok_or(AppError::Forbidden)?;
    if user.kyc_status != "completed" {
        return Err(AppError::refused(
            StatusCode::FORBIDDEN,
            "account_not_ready",
            "Account not ready",
            "Accounts can be opened once your account is verified.",
        ));
    }
    let mut tx = state.db.begin_write().await?;
    if store::bank_accounts::has_open_in(&mut tx, &profile.profile_id, currency).await? {
        return Err(AppError::refused(
            StatusCode::CONFLICT,
            "account_exists",
            "Account exists",
            &format!("You already have a {currency} account."),
        ));
    }
    let now = now_ms();
    let id = store::bank_accounts::open(
        &mut tx,
        &NewAccount {
            profile_id: &profile.profile_id,
            currency,
            name: &profile.name,
            is_primary: false,
            status: "pending",
            activates_at: Some(now + i64::from(state.config.account_opening_s) * 1000),
            created_at: now,
        },
    )
    .await?;
    tx.commit().await?;
    let account = store::bank_accounts::by_id(&state.db, &id)
        .await?
        .ok_or(AppError::NotFound)?;
    Ok((
        StatusCode::CREATED,
        Json(view(&account, &state.config.company.legal_name)),
    ))
}

/// The account a call names, if it belongs to the caller's profile. Another profile's account
/// is "not found", never a hint that it exists.
pub async fn owned(
    state: &ApiState,
    profile: &SelectedProfile,
    bank_account_id: &str,
) -> Result<BankAccount, AppError> {
    match store::bank_accounts::by_id(&state.db, bank_account_id).await? {
        Some(account) if account.profile_id == profile.profile_id => Ok(account),
        _ => Err(AppError::NotFound),
    }
}

/// The sort code as people read it, for documents.
pub fn sort_code_text(account: &BankAccount) -> Option<String> {
    account
        .sort_code
        .as_deref()
        .map(identifiers::sort_code_display)
}
