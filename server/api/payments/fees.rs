//! Transfer fees (SPEC §7 GET /v1/utils/fees, POST /v2/transactions/fees/take): the price list,
//! and the fee and scheme of one payment. The server reports the scheme it routes by; when it
//! differs from the one asked for, the app offers it in a modal (SPEC §4).

use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use axum::Json;
use iban::IbanLike;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::transfers::Sender;
use crate::api::engagement::effective_flags;
use crate::api::error::{ApiJson, AppError};
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
use crate::domain::accounts::money::{self, Currency, Money};
use crate::domain::ids::AccountId;
use crate::domain::payments::arrival;
use crate::domain::payments::fees::{self, Destination};
use crate::domain::payments::payee::{self, Scheme};
use crate::domain::payments::receiver::Receiver;
use crate::services;

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(price_list))
        .routes(routes!(take))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct FeeEntry {
    pub scheme: Scheme,
    pub currency: Currency,
    pub fee: f64,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct PriceList {
    pub fees: Vec<FeeEntry>,
}

/// SPEC §9: fees are cached forever on the client; a day is plenty for shared caches.
#[utoipa::path(get, path = "/v1/utils/fees", tag = "payments", responses((status = 200, body = PriceList)))]
async fn price_list(State(state): State<ApiState>) -> impl IntoResponse {
    (
        [(header::CACHE_CONTROL, "public, max-age=86400")],
        Json(PriceList {
            fees: state
                .config
                .transfer_fees
                .entries()
                .map(|(scheme, currency, fee)| FeeEntry {
                    scheme,
                    currency,
                    fee: Money::new(fee, currency).major(),
                })
                .collect(),
        }),
    )
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct FeeQuestion {
    /// A decimal string, e.g. "1250.00": parsed exactly, never through floating point.
    #[serde(default)]
    pub amount: String,
    #[serde(default)]
    pub sender: Sender,
    #[serde(default)]
    pub receiver: Receiver,
    pub scheme: Option<Scheme>,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct FeeAnswer {
    /// The scheme the bank routes the payment by; it may differ from the one asked for.
    pub scheme: Scheme,
    pub currency: Currency,
    pub amount: f64,
    pub fee: f64,
    /// What leaves the account: the amount and the fee.
    pub total: f64,
    /// When the money reaches the payee if sent now: London days, `yyyy-MM-dd`, both included
    /// (the same day for a UK local transfer; see domain/payments/arrival.rs for the cut-offs).
    pub arrives: Arrives,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct Arrives {
    pub earliest: String,
    pub latest: String,
}

/// SPEC §5: the amount must be positive and not above what is available.
const WRONG_AMOUNT: &str = "Select right amount";

#[utoipa::path(post, path = "/v2/transactions/fees/take", tag = "payments", request_body = FeeQuestion,
    responses((status = 200, body = FeeAnswer)))]
async fn take(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(question): ApiJson<FeeQuestion>,
) -> Result<Json<FeeAnswer>, AppError> {
    profile.require_transactions()?;
    let account_id = AccountId::from(question.sender.bank_account_id.trim());
    let account = services::accounts::by_id(&state.db, &account_id)
        .await?
        .filter(|a| a.profile_id == profile.profile_id)
        .ok_or(AppError::NotFound)?;
    let amount = money::parse_decimal(&question.amount)
        .filter(|minor| *minor > 0)
        .ok_or_else(|| AppError::field("amount", WRONG_AMOUNT))?;
    let r = &question.receiver;
    let iban = payee::iban(&r.iban).ok();
    let destination = match &iban {
        Some(iban) => Destination::Iban(&iban.electronic_str()[..2]),
        None if !r.uk_sort_code.trim().is_empty() || !r.uk_account_number.trim().is_empty() => {
            Destination::UkAccount
        }
        None => Destination::Other,
    };
    let swift_allowed = effective_flags(&state)
        .await?
        .get(crate::domain::engagement::features::Flag::SwiftAllowed);
    let scheme = fees::route(account.currency, &destination, swift_allowed)
        .or(question
            .scheme
            .filter(|s| *s != Scheme::Swift || swift_allowed))
        .ok_or_else(|| AppError::field("scheme", "SWIFT transfers are not available"))?;
    let fee = services::payments::fees::fee(
        &state.db,
        &state.config,
        &profile.profile_id,
        scheme,
        account.currency,
    )
    .await?
    .ok_or_else(|| {
        AppError::field(
            "scheme",
            "This scheme does not carry the account's currency",
        )
    })?;
    if amount
        .checked_add(fee)
        .is_none_or(|total| total > account.balance.available())
    {
        return Err(AppError::field("amount", WRONG_AMOUNT));
    }
    Ok(Json(FeeAnswer {
        scheme,
        currency: account.currency,
        amount: Money::new(amount, account.currency).major(),
        fee: Money::new(fee, account.currency).major(),
        total: Money::new(amount + fee, account.currency).major(),
        arrives: {
            let days = arrival::arrival(scheme, state.db.now_ms());
            Arrives {
                earliest: days.earliest.to_string(),
                latest: days.latest.to_string(),
            }
        },
    }))
}
