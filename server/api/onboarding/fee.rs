//! The activation fee paywall (SPEC §2 "Paywall", §4 "Choosing transfer payment…", §7
//! Registration fee): the fee and what it buys, then payment by card on the sandbox acquirer's
//! hosted page (3-D Secure included), by Apple Pay, or by bank transfer with a reference. Paying
//! opens the accounts and the dashboard.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::in_step;
use crate::api::current_user::CurrentUser;
use crate::api::engagement::effective_flags;
use crate::api::error::{ApiJson, AppError};
use crate::api::ApiState;
use crate::domain::accounts::identifiers;
use crate::domain::accounts::money::{Currency, Money};
use crate::domain::engagement::features::Flag;
use crate::domain::ids::UserId;
use crate::domain::onboarding::fee::CARD_ACQUIRING;
use crate::domain::onboarding::fee::{self, FeePayment, FeeStatus};
use crate::domain::onboarding::journey::{self, Step};
use crate::domain::onboarding::kyc::OnboardingFlow;
use crate::services::onboarding::card_payments;
use crate::services::onboarding::fee::{self as fee_service, DeclineError, Fee};
use crate::services::onboarding::UserRow;

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(take))
        .routes(routes!(order))
        .routes(routes!(wallet_initiate))
        .routes(routes!(wallet_process))
        .routes(routes!(cancel))
        .routes(routes!(acquirer_webhook))
}

/// The bank's details for paying the fee by transfer.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransferDetails {
    pub beneficiary: String,
    pub iban: String,
    pub bic: String,
    pub sort_code: String,
    pub account_number: String,
    pub reference: String,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeeReply {
    pub amount: f64,
    pub currency: Currency,
    pub benefits: Vec<String>,
    pub status: FeeStatus,
    /// How it is paid, once chosen.
    pub method: Option<FeePayment>,
    /// Card payment (activateByCard) and Apple Pay (activateByApple) offered.
    pub card_allowed: bool,
    pub apple_pay_allowed: bool,
    /// Apple Pay is taken on the acquirer's hosted page (the card payment's), not in the
    /// bank's own page.
    pub apple_pay_on_checkout: bool,
    pub transfer: TransferDetails,
    /// The hosted payment page, after a card payment is ordered.
    pub checkout_url: Option<String>,
    /// A further personal account whose fee the person may decline: their other accounts are
    /// open and nothing is opened for this one until it is paid (`registration-fees/cancel`).
    pub cancellable: bool,
}

/// Card and wallet payments need an acquirer: the sandbox's in sandbox mode, Checkout.com when
/// configured. With none neither method is offered and their calls answer 503 (issue 26
/// point 2); the bank transfer stays.
fn acquirer_ready(state: &ApiState) -> bool {
    state.acquirer.is_some()
}

/// Apple Pay in the bank's own page (the sandbox's merchant session and token rules). A real
/// acquirer takes Apple Pay on its hosted page, where it validates the merchant and receives
/// the token.
fn wallet_in_page(state: &ApiState) -> bool {
    state.acquirer.as_ref().is_some_and(|a| a.wallet_in_page())
}

fn no_acquirer() -> AppError {
    AppError::unavailable(
        "payment_method_unavailable",
        "This way of paying is not available. Please pay by bank transfer.",
    )
}

async fn reply(state: &ApiState, fee: &Fee, flow: OnboardingFlow) -> Result<FeeReply, AppError> {
    let flags = effective_flags(state).await?;
    let cancellable = flow == OnboardingFlow::Personal
        && fee.status != FeeStatus::Paid
        && fee_service::has_profiles(&state.db, &fee.user_id).await?;
    let acquirer = acquirer_ready(state);
    let number = identifiers::FEE_COLLECTION_NUMBER;
    Ok(FeeReply {
        amount: Money::new(fee.amount_minor, fee.currency).major(),
        currency: fee.currency,
        benefits: fee::benefits(flow).into_iter().map(String::from).collect(),
        status: fee.status,
        method: fee.method,
        card_allowed: acquirer && flags.get(Flag::ActivateByCard),
        apple_pay_allowed: acquirer && flags.get(Flag::ActivateByApple),
        apple_pay_on_checkout: acquirer && !wallet_in_page(state),
        transfer: TransferDetails {
            beneficiary: state.config.company.legal_name.clone(),
            iban: identifiers::gb_iban(number),
            bic: identifiers::BIC.into(),
            sort_code: identifiers::sort_code_display(identifiers::SORT_CODE),
            account_number: number.into(),
            reference: fee.reference.clone(),
        },
        checkout_url: match (&fee.checkout_id, fee.status) {
            (Some(id), FeeStatus::Pending | FeeStatus::Failed)
                if acquirer && fee.method == Some(FeePayment::Card) =>
            {
                // The sandbox acquirer's page is the bank's own, on the origin the person uses.
                Some(
                    fee.checkout_url
                        .clone()
                        .unwrap_or_else(|| format!("/sandbox/pay/{id}")),
                )
            }
            _ => None,
        },
        cancellable,
    })
}

/// The fee and its benefits (SPEC §7 registration-fees/take); polled every 2 s while a card
/// payment is under way (SPEC §4).
#[utoipa::path(post, path = "/v2/account-profiles/registration-fees/take", tag = "onboarding",
    responses((status = 200, body = FeeReply)))]
async fn take(
    State(state): State<ApiState>,
    user: CurrentUser,
) -> Result<Json<FeeReply>, AppError> {
    let row = crate::services::onboarding::person(&state.db, &user.user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let fee = if journey::open_for(Step::Fee).contains(&row.kyc_status) {
        fee_service::current_fee(&state.db, &state.config, &row).await?
    } else {
        fee_service::latest(&state.db, &user.user_id)
            .await?
            .ok_or(AppError::NotFound)?
    };
    Ok(Json(reply(&state, &fee, row.flow()).await?))
}

crate::domain::named_enum! {
    /// How the fee is to be paid.
    pub enum FeeMethod {
        Card = "card",
        Transfer = "transfer",
    }
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct OrderInput {
    pub method: FeeMethod,
}

fn flag_off() -> AppError {
    AppError::refused(
        StatusCode::FORBIDDEN,
        "feature_off",
        "Not available",
        "This way of paying is not available.",
    )
}

/// Chooses how to pay: a bank transfer (the status becomes registration_fee_pending, 'Account
/// Activation Pending') or a card on the hosted payment page.
#[utoipa::path(post, path = "/v2/account-profiles/registration-fees/order", tag = "onboarding",
    request_body = OrderInput, responses((status = 200, body = FeeReply)))]
async fn order(
    State(state): State<ApiState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<OrderInput>,
) -> Result<Json<FeeReply>, AppError> {
    let row = in_step(&state, &user.user_id, Step::Fee).await?;
    let fee = fee_service::current_fee(&state.db, &state.config, &row).await?;
    match input.method {
        FeeMethod::Transfer => fee_service::choose_transfer(&state.db, &row, &fee).await?,
        FeeMethod::Card => {
            if !effective_flags(&state).await?.get(Flag::ActivateByCard) {
                return Err(flag_off());
            }
            let acquirer = state.acquirer.as_ref().ok_or_else(no_acquirer)?;
            card_payments::open_checkout(
                &state.db,
                acquirer.as_ref(),
                &state.config.base_url,
                &row,
                &fee,
            )
            .await?
            .map_err(|error| {
                tracing::warn!(%error, "the acquirer opened no checkout");
                AppError::unavailable(
                    "payment_method_unavailable",
                    "Card payments are not available just now. Please try again later or pay by bank transfer.",
                )
            })?;
        }
    }
    let fee = fee_service::latest(&state.db, &user.user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    Ok(Json(reply(&state, &fee, row.flow()).await?))
}

/// The transfer choice for a signed-in person (the API's order and the paywall's plain form).
pub async fn order_transfer(state: &ApiState, user_id: &UserId) -> Result<(), AppError> {
    let row = in_step(state, user_id, Step::Fee).await?;
    let fee = fee_service::current_fee(&state.db, &state.config, &row).await?;
    Ok(fee_service::choose_transfer(&state.db, &row, &fee).await?)
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WalletInitiate {
    /// `apple-pay`.
    pub wallet_type: String,
}

/// What Apple Pay's payment sheet shows, and the merchant session it validates with.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WalletSession {
    pub merchant_session: serde_json::Value,
    pub amount: String,
    pub currency: Currency,
    pub label: String,
    pub country_code: String,
    /// SPEC §7: Apple Pay supports 3-D Secure with visa, mastercard and amex.
    pub supported_networks: Vec<String>,
    pub merchant_capabilities: Vec<String>,
}

async fn wallet_ready(
    state: &ApiState,
    user_id: &UserId,
    wallet_type: &str,
) -> Result<(UserRow, Fee), AppError> {
    if wallet_type != "apple-pay" {
        return Err(AppError::field("walletType", "Field is required"));
    }
    if !effective_flags(state).await?.get(Flag::ActivateByApple) {
        return Err(flag_off());
    }
    if !wallet_in_page(state) {
        return Err(no_acquirer());
    }
    let row = in_step(state, user_id, Step::Fee).await?;
    let fee = fee_service::current_fee(&state.db, &state.config, &row).await?;
    Ok((row, fee))
}

/// Starts an Apple Pay payment: the sandbox acquirer's merchant session.
#[utoipa::path(post, path = "/v2/account-profiles/registration-fees/wallet-pay/initiate",
    tag = "onboarding", request_body = WalletInitiate, responses((status = 200, body = WalletSession)))]
async fn wallet_initiate(
    State(state): State<ApiState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<WalletInitiate>,
) -> Result<Json<WalletSession>, AppError> {
    let (_, fee) = wallet_ready(&state, &user.user_id, &input.wallet_type).await?;
    let session = crate::providers::acquirer::merchant_session(
        &state.config.base_url,
        &fee.id,
        state.db.now_ms(),
    );
    Ok(Json(WalletSession {
        merchant_session: session,
        amount: crate::domain::accounts::money::decimal(fee.amount_minor),
        currency: fee.currency,
        label: format!("{} account activation", state.config.company.trading_name),
        country_code: "GB".into(),
        supported_networks: ["visa", "masterCard", "amex"].map(String::from).to_vec(),
        merchant_capabilities: vec!["supports3DS".into()],
    }))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WalletProcess {
    pub wallet_type: String,
    /// The `ApplePayPayment.token` the payment sheet gives.
    #[schema(value_type = Object)]
    pub token: serde_json::Value,
}

/// Completes an Apple Pay payment with the sheet's token; a refused token answers the fee as
/// failed (SPEC §8: "Apple Pay failure completes the payment as failure").
#[utoipa::path(post, path = "/v2/account-profiles/registration-fees/wallet-pay/process",
    tag = "onboarding", request_body = WalletProcess, responses((status = 200, body = FeeReply)))]
async fn wallet_process(
    State(state): State<ApiState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<WalletProcess>,
) -> Result<Json<FeeReply>, AppError> {
    let (row, fee) = wallet_ready(&state, &user.user_id, &input.wallet_type).await?;
    match crate::providers::acquirer::authorise_wallet(&input.token, fee.amount_minor) {
        Ok(payment_id) => {
            fee_service::settle(
                &state.db,
                &fee,
                FeePayment::ApplePay,
                &payment_id,
                CARD_ACQUIRING,
            )
            .await?;
        }
        Err(reason) => {
            tracing::info!(reason, "sandbox Apple Pay payment refused");
            fee_service::record_attempt(
                &state.db,
                &fee,
                FeePayment::ApplePay,
                FeeStatus::Failed,
                None,
            )
            .await?;
        }
    }
    let fee = fee_service::latest(&state.db, &user.user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    Ok(Json(reply(&state, &fee, row.flow()).await?))
}

/// Declines a further personal account at its fee: a person whose other accounts are open goes
/// back to them, nothing having been opened (a payment that still arrives is held in suspense for
/// a refund, as any payment after the step). A first account cannot be declined this way.
#[utoipa::path(post, path = "/v2/account-profiles/registration-fees/cancel", tag = "onboarding",
    responses((status = 200, body = crate::api::signup::KycStatusReply)))]
async fn cancel(
    State(state): State<ApiState>,
    user: CurrentUser,
) -> Result<Json<crate::api::signup::KycStatusReply>, AppError> {
    let row = in_step(&state, &user.user_id, Step::Fee).await?;
    let refused = |message: &str| {
        AppError::refused(
            StatusCode::CONFLICT,
            "not_cancellable",
            "Not possible",
            message,
        )
    };
    fee_service::decline_further_account(&state.db, &row)
        .await
        .map_err(|error| match error {
            DeclineError::FirstAccount => refused("Your first account opens with its fee."),
            DeclineError::Paid => refused("The fee has been paid already."),
            DeclineError::Storage(error) => error.into(),
        })?;
    Ok(Json(crate::api::signup::kyc_reply(&state, &user).await?))
}

/// The acquirer's notification (signed): a payment settles the fee once (a replay finds it
/// settled; a payment after the account opened waits in suspense), a decline marks the
/// checkout failed, a refund's outcome concludes it. A bad signature is refused and changes
/// nothing.
#[utoipa::path(post, path = "/v2/webhooks/acquirer", tag = "onboarding",
    request_body(content = String, description = "The acquirer's JSON notification, as signed"),
    responses((status = 200, body = crate::api::common_answers::Empty)))]
async fn acquirer_webhook(
    State(state): State<ApiState>,
    headers: axum::http::HeaderMap,
    body: axum::body::Bytes,
) -> Result<Json<crate::api::common_answers::Empty>, AppError> {
    let acquirer = state.acquirer.as_ref().ok_or(AppError::NotFound)?;
    let event = acquirer.read_webhook(&headers, &body).map_err(|error| {
        tracing::warn!(%error, "acquirer webhook refused");
        AppError::unauthorized(
            "bad_signature",
            "Refused",
            "The webhook signature does not match.",
        )
    })?;
    card_payments::notified(&state.db, &event).await?;
    Ok(Json(crate::api::common_answers::Empty {}))
}
