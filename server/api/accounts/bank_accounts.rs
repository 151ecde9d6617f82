//! SPEC §7 "Bank accounts": the selected profile's accounts with balances, and opening an
//! account in another currency (pending first, active after the background job).

use std::sync::{Arc, OnceLock};

use axum::extract::State;
use axum::http::StatusCode;
use axum::{Extension, Json};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::error::{ApiJson, AppError};
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
use crate::domain::accounts::money::{Currency, Money};
use crate::domain::accounts::status::AccountStatus;
use crate::domain::accounts::{identifiers, status};
use crate::domain::ids::{AccountId, ProfileId};
use crate::services;
use crate::services::accounts::BankAccount;
use crate::services::accounts::{self, OpenError};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(fetch))
        .routes(routes!(open))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct Balance {
    /// Booked minus holds, in major units.
    pub available: f64,
    pub booked: f64,
}

/// SPEC §3 "Bank account" as the app receives it.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BankAccountView {
    pub id: String,
    pub currency: Currency,
    pub status: AccountStatus,
    pub is_primary: bool,
    pub balance: Balance,
    pub iban: String,
    pub uk_sort_code: Option<String>,
    pub uk_account_number: Option<String>,
    pub bic: String,
    pub bank_name: String,
    pub name: String,
    pub alias: Option<String>,
}

pub fn view(account: &BankAccount, bank_name: &str) -> BankAccountView {
    BankAccountView {
        id: account.id.to_string(),
        currency: account.currency,
        status: account.status.shown(account.currency),
        is_primary: account.is_primary,
        balance: Balance {
            available: Money::new(account.balance.available(), account.currency).major(),
            booked: Money::new(account.balance.booked, account.currency).major(),
        },
        iban: account.iban.clone(),
        uk_sort_code: account.sort_code.clone(),
        uk_account_number: (account.currency == Currency::Gbp)
            .then(|| account.account_number.clone()),
        bic: account.bic.clone(),
        bank_name: bank_name.to_string(),
        name: account.name.clone(),
        alias: account.alias.clone(),
    }
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct BankAccountList {
    pub results: Vec<BankAccountView>,
}

/// The selected profile's accounts, in SPEC §4's order.
#[utoipa::path(post, path = "/v2/bank-accounts/fetch", tag = "accounts",
    responses((status = 200, body = BankAccountList)))]
async fn fetch(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    render: Option<Extension<RenderAccounts>>,
) -> Result<Json<BankAccountList>, AppError> {
    // SPEC §6: roles none and card_user load no accounts.
    if !profile.access.loads_accounts() {
        return Ok(Json(BankAccountList { results: vec![] }));
    }
    let mut accounts = services::accounts::of_profile(&state.db, &profile.profile_id).await?;
    if let Some(Extension(render)) = render {
        render.keep(&profile.profile_id, &accounts);
    }
    accounts.sort_by_key(|a| status::card_rank(a.is_primary, a.currency, a.status));
    let bank = &state.config.company.legal_name;
    Ok(Json(BankAccountList {
        results: accounts.iter().map(|a| view(a, bank)).collect(),
    }))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct OpenInput {
    #[serde(default)]
    pub currency: Option<Currency>,
}

/// Opens an account in another currency: pending first, active after the background job.
#[utoipa::path(post, path = "/v2/bank-accounts", tag = "accounts", request_body = OpenInput,
    responses((status = 201, body = BankAccountView)))]
async fn open(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(input): ApiJson<OpenInput>,
) -> Result<(StatusCode, Json<BankAccountView>), AppError> {
    if !profile.access.is_admin() {
        return Err(AppError::Forbidden);
    }
    let currency = input
        .currency
        .ok_or_else(|| AppError::field("currency", "Field is required"))?;
    let account = accounts::open(
        &state.db,
        &state.config,
        &profile.user_id,
        &profile.profile_id,
        &profile.name,
        currency,
    )
    .await
    .map_err(|error| match error {
        OpenError::NotReady => AppError::refused(
            StatusCode::FORBIDDEN,
            "account_not_ready",
            "Account not ready",
            "Accounts can be opened once your account is verified.",
        ),
        OpenError::Exists(currency) => AppError::refused(
            StatusCode::CONFLICT,
            "account_exists",
            "Account exists",
            &format!("You already have a {currency} account."),
        ),
        OpenError::Storage(error) => error.into(),
    })?;
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
    owned_in_render(state, profile, bank_account_id, None).await
}

/// The selected profile's accounts as one page render's in-process calls have read them: the
/// list call leaves them here, and a later call of the same render that names one of them (the
/// dashboard's first page of transactions) takes it from here instead of reading it again a
/// moment later. Made for one render (`http::render::Caller`), never shared between requests.
#[derive(Clone, Default)]
pub struct RenderAccounts(Arc<OnceLock<(ProfileId, Vec<BankAccount>)>>);

impl RenderAccounts {
    /// Keeps what the list call read for `profile_id` (the first list of the render stays).
    pub fn keep(&self, profile_id: &ProfileId, accounts: &[BankAccount]) {
        let _ = self.0.set((profile_id.clone(), accounts.to_vec()));
    }

    /// The account `id`, when this render listed it for `profile_id`.
    fn listed(&self, profile_id: &ProfileId, id: &AccountId) -> Option<BankAccount> {
        let (listed_for, accounts) = self.0.get()?;
        if listed_for != profile_id {
            return None;
        }
        accounts.iter().find(|account| account.id == *id).cloned()
    }
}

/// As [`owned`], taking the account from what this render's list call read when it is there.
pub async fn owned_in_render(
    state: &ApiState,
    profile: &SelectedProfile,
    bank_account_id: &str,
    render: Option<&RenderAccounts>,
) -> Result<BankAccount, AppError> {
    let id = AccountId::from(bank_account_id.trim());
    let listed = render.and_then(|render| render.listed(&profile.profile_id, &id));
    let account = match listed {
        Some(account) => Some(account),
        None => services::accounts::by_id(&state.db, &id).await?,
    };
    match account {
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
