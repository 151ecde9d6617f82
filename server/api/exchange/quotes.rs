//! POST /v1/bank/currency-exchange/rate: a quote for converting between two of the profile's
//! accounts, priced exactly (`domain::exchange::pricing`) from the rates the book holds, and
//! held for `BANK_EXCHANGE_QUOTE_S` when the bank is converting (SPEC §9 hours).

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::require_exchange;
use crate::api::accounts::bank_accounts::owned;
use crate::api::accounts::transactions::iso_time;
use crate::api::error::{ApiJson, AppError};
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
use crate::domain::accounts::money::{self, Currency};
use crate::domain::exchange::messages;
use crate::domain::exchange::ConversionType;
use crate::rate_limit::{Limit, UserKey};
use crate::services;
use crate::services::accounts::BankAccount;
use crate::services::exchange::quotes::{self, QuoteAsk, QuoteError};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new().routes(routes!(rate))
}

/// SPEC §7 `{fromAccount, fromCurrency, toCurrency, conversionType, amount, quoteId}`.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default, Clone)]
#[serde(rename_all = "camelCase", default)]
pub struct RateRequest {
    /// The paying account.
    pub from_account: String,
    pub from_currency: Option<Currency>,
    pub to_currency: Option<Currency>,
    /// The receiving account; by default the profile's active account in `toCurrency`.
    pub to_account: Option<String>,
    pub conversion_type: Option<ConversionType>,
    /// A decimal string, at least 1: what leaves (direct) or what arrives (inverse).
    pub amount: String,
    /// The quote this one replaces, which can then no longer be executed.
    pub quote_id: Option<String>,
}

/// SPEC §3 "Exchange quote".
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Clone)]
#[serde(rename_all = "camelCase")]
pub struct ExchangeQuote {
    /// The quote to execute; none when exchange is closed (`isAvailable` false).
    pub quote_id: Option<String>,
    pub from_account: String,
    pub to_account: String,
    pub from_currency: Currency,
    pub to_currency: Currency,
    pub conversion_type: ConversionType,
    /// What leaves the paying account, a decimal string.
    pub from_amount: String,
    /// What arrives, a decimal string.
    pub to_amount: String,
    /// Units of `toCurrency` per unit of `fromCurrency`, the spread included: the rate the
    /// amounts were computed with (direct: arrives = floor(leaves × rate); inverse:
    /// leaves = ceil(arrives ÷ rate), in minor units).
    pub rate: String,
    /// False outside business hours (SPEC §8 'Currency Exchange Limitation').
    pub is_available: bool,
    /// When the quote stops being executable (RFC 3339).
    pub expires_at: Option<String>,
    /// What the rates are as of (the ECB's reference day, or the sandbox's step).
    pub rates_as_of: String,
}

fn rate_unavailable(from: Currency, to: Currency) -> AppError {
    AppError::refused(
        StatusCode::SERVICE_UNAVAILABLE,
        "rate_unavailable",
        messages::LIMITATION_TITLE,
        &format!(
            "There is no live rate from {from} to {to} at the moment. Please try again later."
        ),
    )
}

/// An active account of the profile; another state cannot convert.
fn active(account: BankAccount) -> Result<BankAccount, AppError> {
    if account.status.usable() {
        Ok(account)
    } else {
        Err(AppError::refused(
            StatusCode::CONFLICT,
            "account_not_active",
            "Account not active",
            "This account cannot convert money at the moment.",
        ))
    }
}

async fn receiving_account(
    state: &ApiState,
    profile: &SelectedProfile,
    body: &RateRequest,
    to_currency: Currency,
) -> Result<BankAccount, AppError> {
    if let Some(id) = body
        .to_account
        .as_deref()
        .filter(|id| !id.trim().is_empty())
    {
        let account = active(owned(state, profile, id).await?)?;
        if account.currency != to_currency {
            return Err(AppError::field(
                "toAccount",
                &format!("This account holds {}", account.currency),
            ));
        }
        return Ok(account);
    }
    services::accounts::of_profile(&state.db, &profile.profile_id)
        .await?
        .into_iter()
        .filter(|a| a.currency == to_currency && a.status.usable())
        .max_by_key(|a| a.is_primary)
        .ok_or_else(|| {
            AppError::field(
                "toCurrency",
                &format!("You have no active {to_currency} account"),
            )
        })
}

/// SPEC §5's amount rules, in their order.
fn amount_of(text: &str, available: i64) -> Result<i64, AppError> {
    let wrong = |message: &str| AppError::field("amount", message);
    if available <= 0 {
        return Err(wrong(messages::ACCOUNT_EMPTY));
    }
    let text = text.trim();
    if text.is_empty() || money::parse_decimal(text) == Some(0) {
        return Err(wrong(messages::AMOUNT_MISSING));
    }
    let minor = money::parse_decimal(text).ok_or_else(|| wrong(messages::WRONG_AMOUNT))?;
    if minor < 100 {
        return Err(wrong(messages::AMOUNT_BELOW_MINIMUM));
    }
    Ok(minor)
}

/// Prices a conversion for the selected profile and, when the bank is converting, holds it.
pub async fn quote(
    state: &ApiState,
    profile: &SelectedProfile,
    body: &RateRequest,
    now: i64,
) -> Result<ExchangeQuote, AppError> {
    require_exchange(state, profile).await?;
    state
        .limiter
        .check(Limit::ExchangeQuotesPerUser, &UserKey(&profile.user_id))
        .await?;
    if body.from_account.trim().is_empty() {
        return Err(AppError::field("fromAccount", "Field is required"));
    }
    let from = active(owned(state, profile, body.from_account.trim()).await?)?;
    if body.from_currency.is_some_and(|c| c != from.currency) {
        return Err(AppError::field(
            "fromCurrency",
            &format!("This account holds {}", from.currency),
        ));
    }
    let to_currency = body
        .to_currency
        .ok_or_else(|| AppError::field("toCurrency", "Field is required"))?;
    if to_currency == from.currency {
        return Err(AppError::field(
            "toCurrency",
            "Choose a currency other than the one you convert",
        ));
    }
    let to = receiving_account(state, profile, body, to_currency).await?;
    let kind = body.conversion_type.unwrap_or(ConversionType::Direct);
    let amount = amount_of(&body.amount, from.balance.available())?;
    let ask = QuoteAsk {
        profile_id: &profile.profile_id,
        user_id: &profile.user_id,
        from: &from,
        to: &to,
        kind,
        amount,
        replaces: body.quote_id.as_deref().filter(|id| !id.is_empty()),
        now,
    };
    let quote = quotes::give(&state.db, &state.config, &state.rates, &ask)
        .await
        .map_err(|error| match error {
            QuoteError::RateUnavailable(from, to) => rate_unavailable(from, to),
            QuoteError::BelowMinimum => AppError::field("amount", messages::AMOUNT_BELOW_MINIMUM),
            QuoteError::WrongAmount => AppError::field("amount", messages::WRONG_AMOUNT),
            QuoteError::Storage(error) => error.into(),
        })?;
    Ok(ExchangeQuote {
        quote_id: quote.held.as_ref().map(|held| held.id.clone()),
        from_account: from.id.to_string(),
        to_account: to.id.to_string(),
        from_currency: from.currency,
        to_currency: to.currency,
        conversion_type: kind,
        from_amount: quote.from_amount.decimal(),
        to_amount: quote.to_amount.decimal(),
        rate: quote.rate.normalize().to_string(),
        is_available: quote.held.is_some(),
        expires_at: quote.held.map(|held| iso_time(held.expires_at)),
        rates_as_of: quote.rates_as_of,
    })
}

/// Quotes a conversion (SPEC §7 Exchange). Outside business hours the answer has
/// `isAvailable` false and no `quoteId`: the amounts are what the rate would give.
#[utoipa::path(post, path = "/v1/bank/currency-exchange/rate", tag = "exchange",
    request_body = RateRequest, responses((status = 200, body = ExchangeQuote)))]
async fn rate(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(body): ApiJson<RateRequest>,
) -> Result<Json<ExchangeQuote>, AppError> {
    Ok(Json(
        quote(&state, &profile, &body, state.db.now_ms()).await?,
    ))
}
