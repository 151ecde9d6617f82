//! Operations' queues (issue 32 point 3): `GET /back-office/api/suspense` (what suspense holds;
//! a release is proposed through `/proposals`, kind release_suspense),
//! `GET /back-office/api/returned-transfers`, `GET /back-office/api/card-refunds` (second
//! activation fees refunded through the card acquirer), `GET /back-office/api/unmatched-payments` and
//! `POST /back-office/api/unmatched-payments/match` (counts one towards an invoice).

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::customers::actor;
use super::session::CurrentStaff;
use crate::api::client_ip::ClientIp;
use crate::api::common_answers::Empty;
use crate::api::error::{ApiJson, AppError};
use crate::api::ApiState;
use crate::domain::accounts::money::{display, Currency};
use crate::domain::backoffice::suspense::SuspenseOrigin;
use crate::domain::ids::TransactionId;
use crate::domain::london::iso_time;
use crate::services::backoffice::payments::{self, MatchError};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(suspense))
        .routes(routes!(returned))
        .routes(routes!(card_refunds))
        .routes(routes!(unmatched))
        .routes(routes!(match_payment))
}

/// Money shown as the customer would see it ("£1,200.00"); a code the bank does not know is
/// shown as it is stored.
fn shown(minor: i64, currency: &str) -> String {
    match Currency::parse(currency) {
        Some(currency) => display(minor, currency),
        None => format!(
            "{} {currency}",
            crate::domain::accounts::money::decimal(minor)
        ),
    }
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SuspenseView {
    pub id: String,
    pub origin: SuspenseOrigin,
    /// The scheme it came by (local, sepa, swift, card_acquiring): a return goes back by it.
    pub scheme: String,
    pub amount: String,
    pub currency: Currency,
    /// The account the payer named, as they wrote it.
    pub account_text: String,
    pub payer: String,
    pub reference: String,
    /// Whose it is when the bank knows (a second activation fee): their user id.
    pub user_id: Option<String>,
    /// RFC 3339, UTC.
    pub received_at: String,
    /// A release waits for a second member.
    pub release_proposed: bool,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct SuspenseQueue {
    pub items: Vec<SuspenseView>,
}

/// What suspense holds, oldest first.
#[utoipa::path(get, path = "/back-office/api/suspense", tag = super::TAG,
    responses((status = 200, body = SuspenseQueue)))]
async fn suspense(
    State(state): State<ApiState>,
    staff: CurrentStaff,
    ip: ClientIp,
) -> Result<Json<SuspenseQueue>, AppError> {
    let ip = ip.to_string();
    let items = payments::suspense(&state.db, &actor(&staff, &ip)).await?;
    Ok(Json(SuspenseQueue {
        items: items
            .into_iter()
            .map(|held| {
                let item = held.item;
                SuspenseView {
                    amount: display(item.amount, item.currency),
                    received_at: iso_time(item.created_at),
                    release_proposed: held.proposed,
                    id: item.id,
                    origin: item.origin,
                    scheme: item.scheme,
                    currency: item.currency,
                    account_text: item.account_text,
                    payer: item.payer,
                    reference: item.reference,
                    user_id: item.user_id,
                }
            })
            .collect(),
    }))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnedView {
    pub id: String,
    /// The paying profile, and the person who sent it.
    pub profile_name: String,
    pub user_id: String,
    pub scheme: String,
    pub amount: String,
    pub fee: String,
    pub payee_name: String,
    pub reference: String,
    /// What the payee's bank said.
    pub reason: String,
    pub sent_at: String,
    pub returned_at: String,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct ReturnedTransfers {
    pub transfers: Vec<ReturnedView>,
}

/// Transfers the payee's bank returned in the last 90 days, the latest first (the money and
/// the fee are back with the payer already).
#[utoipa::path(get, path = "/back-office/api/returned-transfers", tag = super::TAG,
    responses((status = 200, body = ReturnedTransfers)))]
async fn returned(
    State(state): State<ApiState>,
    staff: CurrentStaff,
    ip: ClientIp,
) -> Result<Json<ReturnedTransfers>, AppError> {
    let ip = ip.to_string();
    let returned = payments::returned(&state.db, &actor(&staff, &ip)).await?;
    Ok(Json(ReturnedTransfers {
        transfers: returned
            .into_iter()
            .map(|r| {
                let t = r.transfer;
                ReturnedView {
                    amount: shown(t.amount, &t.currency),
                    fee: shown(t.fee, &t.currency),
                    scheme: t.scheme.as_str().to_string(),
                    id: t.id,
                    profile_name: r.profile_name,
                    user_id: r.user_id,
                    payee_name: t.payee_name,
                    reference: t.reference,
                    reason: t.return_reason.unwrap_or_default(),
                    sent_at: iso_time(t.created_at),
                    returned_at: iso_time(r.returned_at),
                }
            })
            .collect(),
    }))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardRefundView {
    /// The suspense item it sends back.
    pub id: String,
    pub payer: String,
    pub amount: String,
    /// The acquirer's payment it refunds.
    pub payment_id: String,
    pub status: crate::domain::onboarding::fee::RefundStatus,
    /// Why it is not made yet (the acquirer's last answer), or why it was refused.
    pub reason: String,
    pub attempts: i64,
    pub asked_at: String,
    pub updated_at: String,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct CardRefunds {
    pub refunds: Vec<CardRefundView>,
}

/// Second activation fees sent back through the card acquirer in the last 90 days, the latest
/// first, with where each stands.
#[utoipa::path(get, path = "/back-office/api/card-refunds", tag = super::TAG,
    responses((status = 200, body = CardRefunds)))]
async fn card_refunds(
    State(state): State<ApiState>,
    staff: CurrentStaff,
    ip: ClientIp,
) -> Result<Json<CardRefunds>, AppError> {
    let ip = ip.to_string();
    let refunds = payments::card_refunds(&state.db, &actor(&staff, &ip)).await?;
    Ok(Json(CardRefunds {
        refunds: refunds
            .into_iter()
            .map(|followed| {
                let r = followed.refund;
                CardRefundView {
                    amount: display(r.amount_minor, r.currency),
                    id: r.id,
                    payer: followed.payer,
                    payment_id: r.payment_id,
                    status: r.status,
                    reason: r.reason,
                    attempts: r.attempts,
                    asked_at: iso_time(followed.created_at),
                    updated_at: iso_time(followed.updated_at),
                }
            })
            .collect(),
    }))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutstandingInvoice {
    pub id: String,
    pub number: String,
    pub total: String,
    /// What is still to be paid.
    pub outstanding: String,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnmatchedView {
    pub transaction_id: String,
    pub profile_name: String,
    pub amount: String,
    pub payer: String,
    /// The reference the payer gave.
    pub details: String,
    pub received_at: String,
    /// The account's sent invoices still waiting to be paid.
    pub invoices: Vec<OutstandingInvoice>,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct UnmatchedPayments {
    pub payments: Vec<UnmatchedView>,
}

/// Money in of the last 90 days that named no invoice, on accounts waiting for one.
#[utoipa::path(get, path = "/back-office/api/unmatched-payments", tag = super::TAG,
    responses((status = 200, body = UnmatchedPayments)))]
async fn unmatched(
    State(state): State<ApiState>,
    staff: CurrentStaff,
    ip: ClientIp,
) -> Result<Json<UnmatchedPayments>, AppError> {
    let ip = ip.to_string();
    let queue = payments::unmatched(&state.db, &actor(&staff, &ip)).await?;
    Ok(Json(UnmatchedPayments {
        payments: queue
            .into_iter()
            .map(|u| {
                let p = u.payment;
                UnmatchedView {
                    amount: shown(p.amount, &p.currency),
                    invoices: u
                        .invoices
                        .into_iter()
                        .map(|(id, number, total, paid)| OutstandingInvoice {
                            id,
                            number,
                            total: shown(total, &p.currency),
                            outstanding: shown(total - paid, &p.currency),
                        })
                        .collect(),
                    transaction_id: p.transaction_id,
                    profile_name: p.profile_name,
                    payer: p.payer,
                    details: p.details,
                    received_at: iso_time(p.created_at),
                }
            })
            .collect(),
    }))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentMatch {
    pub transaction_id: String,
    pub invoice_id: String,
    pub reason: String,
}

impl From<MatchError> for AppError {
    fn from(error: MatchError) -> Self {
        match error {
            MatchError::NoReason => AppError::field("reason", "Say why, in a few words"),
            MatchError::NotPossible => AppError::refused(
                StatusCode::CONFLICT,
                "not_possible",
                "Not possible",
                "This payment is matched already, or that invoice is not waiting for money on its account.",
            ),
            MatchError::Sql(error) => AppError::Database(error),
        }
    }
}

/// Counts an unmatched payment towards an invoice of the account it came into.
#[utoipa::path(post, path = "/back-office/api/unmatched-payments/match", tag = super::TAG,
    request_body = PaymentMatch, responses((status = 200, body = Empty)))]
async fn match_payment(
    State(state): State<ApiState>,
    staff: CurrentStaff,
    ip: ClientIp,
    ApiJson(input): ApiJson<PaymentMatch>,
) -> Result<Json<Empty>, AppError> {
    let ip = ip.to_string();
    let transaction = TransactionId::from(input.transaction_id);
    payments::match_payment(
        &state.db,
        &actor(&staff, &ip),
        &transaction,
        &input.invoice_id,
        &input.reason,
    )
    .await?;
    Ok(Json(Empty {}))
}
