//! SPEC §7 "Transactions": the paged, filtered list of one account's transactions and one
//! transaction in full (SPEC §3 "Transaction").

use axum::extract::State;
use axum::{Extension, Json};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::bank_accounts::{owned, owned_in_render, RenderAccounts};
use crate::api::error::{ApiJson, AppError};
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
use crate::domain::accounts::money::{Currency, Money};
use crate::domain::accounts::transaction_kinds::{
    TransactionScheme, TransactionStatus, TransactionType,
};
use crate::domain::ids::{CardId, TransactionId};
use crate::domain::paging::Paging;
use crate::domain::payments::recipient::PayeeType;
use crate::services;
use crate::services::accounts::history::{self, Acceptor, Filter, Transaction};
use crate::services::accounts::BankAccount;

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(fetch))
        .routes(routes!(take))
}

/// SPEC §9: 50 transactions per page.
pub const PAGE_SIZE: i64 = 50;
const MAX_PAGE_SIZE: i64 = 100;
/// A search longer than any name or reference finds nothing and only costs a scan.
const MAX_KEYWORD: usize = 100;

/// A day `yyyy-MM-dd` (SPEC §9) as its first or last millisecond, in London.
pub use crate::domain::london::day_bound;

pub use crate::domain::london::iso_time;

/// Who paid or was paid.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Clone)]
pub struct Party {
    pub name: String,
    #[serde(rename = "type")]
    pub kind: Option<PayeeType>,
    pub account: Option<String>,
}

/// SPEC §3 "Transaction" as the app receives it. Amounts are major units.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransactionView {
    pub id: String,
    pub bank_account_id: String,
    pub amount: f64,
    pub amount_total: f64,
    pub fee: f64,
    #[serde(rename = "type")]
    pub kind: TransactionType,
    pub status: TransactionStatus,
    pub scheme: Option<TransactionScheme>,
    pub currency: Currency,
    pub conversion_currency: Option<Currency>,
    pub conversion_amount_total: Option<f64>,
    pub details: String,
    pub receiver: Option<Party>,
    pub sender: Option<Party>,
    pub acceptor: Option<Acceptor>,
    pub balance_after: Option<f64>,
    /// RFC 3339, UTC.
    pub created_at: String,
    /// For a transfer the customer sent, in the detail (`take`) only: what Repeat Transfer
    /// prefills and the ISO 20022 messages it has.
    pub transfer: Option<super::sent_transfers::SentTransfer>,
    /// In the detail only: the invoice this payment was matched to (issue 29 point 5).
    pub invoice: Option<PaidInvoice>,
}

/// The sent invoice a payment in paid.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct PaidInvoice {
    pub id: String,
    pub number: String,
}

impl TransactionView {
    pub fn id(&self) -> &str {
        &self.id
    }
}

/// The receiver is whoever got the money: the counterparty for money out, the account holder
/// for money in (the payer is the sender).
pub fn view(txn: &Transaction, account: &BankAccount) -> TransactionView {
    let counterparty = txn.counterparty_name.as_ref().map(|name| Party {
        name: name.clone(),
        kind: txn.counterparty_type,
        account: txn.counterparty_account.clone(),
    });
    let holder = Party {
        name: account.name.clone(),
        kind: None,
        account: Some(account.iban.clone()),
    };
    let incoming = txn.amount > 0;
    let money = |minor: i64| Money::new(minor, txn.currency).major();
    TransactionView {
        id: txn.id.to_string(),
        bank_account_id: txn.bank_account_id.to_string(),
        amount: money(txn.amount),
        amount_total: money(txn.amount_total),
        fee: money(txn.fee),
        kind: txn.kind,
        status: txn.status,
        scheme: txn.scheme,
        currency: txn.currency,
        conversion_currency: txn.conversion_currency,
        conversion_amount_total: txn
            .conversion_amount_total
            .zip(txn.conversion_currency)
            .map(|(minor, currency)| Money::new(minor, currency).major()),
        details: txn.details.clone(),
        receiver: if incoming {
            Some(holder)
        } else {
            counterparty.clone()
        },
        sender: if incoming { counterparty } else { None },
        acceptor: txn.acceptor.clone(),
        balance_after: txn.balance_after.map(money),
        created_at: iso_time(txn.created_at),
        transfer: None,
        invoice: None,
    }
}

/// SPEC §7 transactions fetch: a page of one account's transactions, filtered.
#[derive(Clone, serde::Deserialize, serde::Serialize, Default, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct FetchInput {
    /// From 1.
    pub page: Option<i64>,
    /// 1 to 100; 50 by default.
    pub limit: Option<i64>,
    pub bank_account_id: Option<String>,
    pub types: Vec<TransactionType>,
    /// `yyyy-MM-dd`, a London day.
    pub date_from: Option<String>,
    /// `yyyy-MM-dd`, a London day (inclusive).
    pub date_to: Option<String>,
    pub search_keyword: Option<String>,
    /// Only what this card paid (the card's account when no account is named).
    pub card_id: Option<String>,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransactionPage {
    pub results: Vec<TransactionView>,
    pub total_pages: i64,
    /// Exact, unless `totalCapped`.
    pub total_results: i64,
    /// More than `totalResults` match: with filters or a keyword, counting stops 1,000 matches
    /// past the page's start (the pages go on; `totalPages` then counts one more).
    pub total_capped: bool,
    pub page: i64,
}

/// A page of an account's transactions, newest first.
#[utoipa::path(post, path = "/v2/transactions/fetch", tag = "accounts", request_body = FetchInput,
    responses((status = 200, body = TransactionPage)))]
async fn fetch(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    render: Option<Extension<RenderAccounts>>,
    ApiJson(input): ApiJson<FetchInput>,
) -> Result<Json<TransactionPage>, AppError> {
    profile.require_transactions()?;
    let paging = Paging::parse(input.page, input.limit, PAGE_SIZE, MAX_PAGE_SIZE)
        .map_err(|(field, message)| AppError::field(field, &message))?;
    let bound = |text: &Option<String>, end: bool, field: &str| -> Result<Option<i64>, AppError> {
        match text.as_deref().filter(|t| !t.is_empty()) {
            None => Ok(None),
            Some(text) => day_bound(text, end)
                .map(Some)
                .ok_or_else(|| AppError::field(field, "Invalid date")),
        }
    };
    if input
        .search_keyword
        .as_deref()
        .is_some_and(|k| k.chars().count() > MAX_KEYWORD)
    {
        return Err(AppError::field(
            "searchKeyword",
            "Search for up to 100 characters",
        ));
    }
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
    let card = match input.card_id.as_deref().filter(|id| !id.is_empty()) {
        Some(id) => Some(
            crate::services::cards::managed(&state.db, &profile.card_member(), &CardId::from(id))
                .await?
                .ok_or(AppError::NotFound)?,
        ),
        None => None,
    };
    let named = input
        .bank_account_id
        .as_deref()
        .filter(|id| !id.is_empty())
        .or(card.as_ref().map(|c| c.bank_account_id.as_str()));
    let account = match named {
        Some(id) => owned_in_render(&state, &profile, id, render.as_ref().map(|r| &r.0)).await?,
        None => return Err(AppError::field("bankAccountId", "Field is required")),
    };
    let filter = Filter {
        bank_account_id: account.id.clone(),
        types: input.types.iter().map(|t| t.as_str().to_string()).collect(),
        from,
        to,
        keyword: input.search_keyword,
        card_id: card.map(|c| c.id),
    };
    let found = history::page(&state.db, &filter, paging).await?;
    Ok(Json(TransactionPage {
        results: found.results.iter().map(|t| view(t, &account)).collect(),
        // A capped count has at least one match more than counted: one page more to load.
        total_pages: paging.total_pages(found.total + i64::from(found.capped)),
        total_results: found.total,
        total_capped: found.capped,
        page: paging.page(),
    }))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct TakeInput {
    #[serde(default)]
    pub id: String,
}

/// One transaction, if it is on an account of the caller's profile.
pub async fn owned_transaction(
    state: &ApiState,
    profile: &SelectedProfile,
    id: &str,
) -> Result<(Transaction, BankAccount), AppError> {
    profile.require_transactions()?;
    let txn = services::accounts::transaction(&state.db, &TransactionId::from(id.trim()))
        .await?
        .ok_or(AppError::NotFound)?;
    let account = owned(state, profile, &txn.bank_account_id).await?;
    Ok((txn, account))
}

/// One transaction of the selected profile, in full.
#[utoipa::path(post, path = "/v2/transactions/take", tag = "accounts", request_body = TakeInput,
    responses((status = 200, body = TransactionView)))]
async fn take(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(input): ApiJson<TakeInput>,
) -> Result<Json<TransactionView>, AppError> {
    let (txn, account) = owned_transaction(&state, &profile, &input.id).await?;
    let mut shown = view(&txn, &account);
    shown.transfer = super::sent_transfers::details(&state, &txn.id).await?;
    shown.invoice =
        crate::services::invoices::matching::invoice_paid_by(&state.db, txn.id.as_str())
            .await?
            .map(|(id, number)| PaidInvoice { id, number });
    Ok(Json(shown))
}
