//! Customers in the back office (issue 32 point 4): `POST /back-office/api/customers/search`,
//! `/customers/record` (with the reason it is opened), `/customers/restrict` (with a reason) and
//! `/customers/sessions/end`. Lifting a restriction is a proposal (`proposals.rs`).

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::session::CurrentStaff;
use crate::api::client_ip::ClientIp;
use crate::api::error::{ApiJson, AppError};
use crate::api::ApiState;
use crate::config::Config;
use crate::domain::accounts::money::{display, Currency};
use crate::domain::ids::UserId;
use crate::domain::london::iso_time;
use crate::domain::onboarding::kyc::KycStatus;
use crate::domain::payments::payee::Scheme;
use crate::services::backoffice::customers::{self, CustomerError, ProfilePart, Record};
use crate::services::backoffice::Actor;

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(search))
        .routes(routes!(record))
        .routes(routes!(restrict))
        .routes(routes!(end_sessions))
}

impl From<CustomerError> for AppError {
    fn from(error: CustomerError) -> Self {
        match error {
            CustomerError::Unknown => AppError::NotFound,
            CustomerError::NoReason => AppError::field("reason", "Say why, in a few words"),
            CustomerError::QueryTooShort => AppError::field("query", "Type at least 2 characters"),
            CustomerError::WrongStatus(status) => AppError::refused(
                StatusCode::CONFLICT,
                "wrong_status",
                "Not possible",
                &format!(
                    "The account is {} and cannot be changed so.",
                    status.as_str()
                ),
            ),
            CustomerError::Sql(error) => AppError::Database(error),
        }
    }
}

pub(super) fn actor<'a>(staff: &'a CurrentStaff, ip: &'a str) -> Actor<'a> {
    Actor {
        member: &staff.0,
        ip,
    }
}

pub(super) fn customer_id(text: &str) -> Result<UserId, AppError> {
    uuid::Uuid::parse_str(text).map_err(|_| AppError::NotFound)?;
    Ok(UserId::from(text.to_string()))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct CustomerQuery {
    /// A name, email, company name or number, IBAN or account number, or a card's last four.
    pub query: String,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerFound {
    pub user_id: String,
    pub name: String,
    pub email: String,
    pub kyc_status: String,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct CustomersFound {
    pub customers: Vec<CustomerFound>,
}

/// Customers matching the query, at most 50 (the search is logged).
#[utoipa::path(post, path = "/back-office/api/customers/search", tag = super::TAG,
    request_body = CustomerQuery, responses((status = 200, body = CustomersFound)))]
async fn search(
    State(state): State<ApiState>,
    staff: CurrentStaff,
    ip: ClientIp,
    ApiJson(input): ApiJson<CustomerQuery>,
) -> Result<Json<CustomersFound>, AppError> {
    let ip = ip.to_string();
    let found = customers::search(&state.db, &actor(&staff, &ip), &input.query).await?;
    Ok(Json(CustomersFound {
        customers: found
            .into_iter()
            .map(
                |(user_id, name, surname, email, kyc_status)| CustomerFound {
                    user_id,
                    name: format!("{name} {surname}").trim().to_string(),
                    email,
                    kyc_status,
                },
            )
            .collect(),
    }))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerAction {
    pub user_id: String,
    /// Why the member opens the record or acts on it (the audit log's "why").
    pub reason: String,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffAccountView {
    pub currency: String,
    pub iban: String,
    pub status: String,
    pub primary: bool,
    /// Formatted for people ("£1,234.50").
    pub booked: String,
    pub available: String,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffCardView {
    /// Masked: the last four digits only.
    pub masked: String,
    pub holder: String,
    pub status: String,
    pub corporate: bool,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffMemberView {
    pub name: String,
    pub email: String,
    pub role: String,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffTransactionView {
    pub at: String,
    pub kind: String,
    pub status: String,
    pub counterparty: Option<String>,
    pub details: String,
    /// Signed, formatted for people.
    pub amount: String,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffProfileView {
    pub id: String,
    pub name: String,
    #[serde(rename = "type")]
    pub kind: String,
    /// The customer's role in it.
    pub role: String,
    pub members: Vec<StaffMemberView>,
    pub accounts: Vec<StaffAccountView>,
    pub cards: Vec<StaffCardView>,
    pub recent: Vec<StaffTransactionView>,
    /// The transfer limits in force in each currency the profile holds.
    pub limits: Vec<StaffLimitView>,
    /// What each scheme costs the profile in each currency it holds.
    pub fees: Vec<StaffFeeView>,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffFeeView {
    pub scheme: Scheme,
    pub currency: Currency,
    /// "£0.20".
    pub fee: String,
    /// The profile's own price (set by operations) rather than the bank's.
    pub own: bool,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffLimitView {
    pub currency: Currency,
    /// "£50,000.00"; None where the bank sets no limit.
    pub per_transfer: Option<String>,
    pub daily: Option<String>,
    /// The profile's own limits (set by operations) rather than the bank's.
    pub own: bool,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffHistoryLine {
    pub by: Option<String>,
    pub action: String,
    pub reason: String,
    pub at: String,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffMessageView {
    pub subject: String,
    pub text: String,
    pub status: String,
    pub at: String,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerRecord {
    pub user_id: String,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub kyc_status: KycStatus,
    pub identity: Option<super::kyb::IdentityCheckView>,
    pub profiles: Vec<StaffProfileView>,
    pub live_sessions: i64,
    pub messages: Vec<StaffMessageView>,
    pub chat: Vec<StaffMessageView>,
    /// What staff did about this customer, newest first.
    pub history: Vec<StaffHistoryLine>,
}

/// The currencies the profile holds accounts in, once each.
fn currencies(part: &ProfilePart) -> Vec<Currency> {
    let mut currencies: Vec<Currency> = part.accounts.iter().map(|a| a.currency).collect();
    currencies.sort();
    currencies.dedup();
    currencies
}

fn fees_view(part: &ProfilePart, config: &Config) -> Vec<StaffFeeView> {
    let bank = &config.transfer_fees;
    currencies(part)
        .into_iter()
        .flat_map(|currency| Scheme::ALL.iter().map(move |s| (*s, currency)))
        .filter_map(|(scheme, currency)| {
            let own = part
                .own_fees
                .iter()
                .find(|(s, c, _)| (*s, *c) == (scheme, currency))
                .map(|(_, _, fee)| *fee);
            let fee = bank.fee_for(own, scheme, currency)?;
            Some(StaffFeeView {
                scheme,
                currency,
                fee: display(fee, currency),
                own: own.is_some(),
            })
        })
        .collect()
}

fn limits_view(part: &ProfilePart, config: &Config) -> Vec<StaffLimitView> {
    let bank = &config.transfer_limits;
    currencies(part)
        .into_iter()
        .map(|currency| {
            let own = part.own_limits.iter().find(|(c, _)| *c == currency);
            let (per_transfer, daily) = match own {
                Some((_, own)) => (Some(own.per_transfer), Some(own.daily)),
                None => bank.of(currency),
            };
            StaffLimitView {
                currency,
                per_transfer: per_transfer.map(|minor| display(minor, currency)),
                daily: daily.map(|minor| display(minor, currency)),
                own: own.is_some(),
            }
        })
        .collect()
}

fn profile_view(part: ProfilePart, config: &Config) -> StaffProfileView {
    StaffProfileView {
        limits: limits_view(&part, config),
        fees: fees_view(&part, config),
        id: part.profile.id.to_string(),
        name: part.profile.name,
        kind: part.profile.kind.as_str().to_string(),
        role: part.profile.my_access.role.as_str().to_string(),
        members: part
            .members
            .into_iter()
            .map(|m| StaffMemberView {
                name: format!("{} {}", m.name, m.surname).trim().to_string(),
                email: m.email,
                role: m.role.as_str().to_string(),
            })
            .collect(),
        accounts: part
            .accounts
            .into_iter()
            .map(|a| StaffAccountView {
                currency: a.currency.to_string(),
                iban: a.iban,
                status: a.status.as_str().to_string(),
                primary: a.is_primary,
                booked: display(a.balance.booked, a.currency),
                available: display(a.balance.available(), a.currency),
            })
            .collect(),
        cards: part
            .cards
            .into_iter()
            .map(|c| StaffCardView {
                masked: c.pan_masked(),
                holder: c.holder_name,
                status: c.status.as_str().to_string(),
                corporate: c.is_corporate,
            })
            .collect(),
        recent: part
            .recent
            .into_iter()
            .map(|t| StaffTransactionView {
                at: iso_time(t.created_at),
                kind: t.kind.as_str().to_string(),
                status: t.status.as_str().to_string(),
                counterparty: t.counterparty_name,
                details: t.details,
                amount: display(t.amount_total, t.currency),
            })
            .collect(),
    }
}

fn record_view(record: Record, config: &Config) -> CustomerRecord {
    let person = record.person;
    CustomerRecord {
        user_id: person.id.to_string(),
        name: format!("{} {}", person.name, person.surname)
            .trim()
            .to_string(),
        email: person.email,
        phone: record
            .phone
            .map(|(code, number)| format!("{code} {number}")),
        kyc_status: person.kyc_status,
        identity: record.identity.map(super::kyb::identity_view),
        profiles: record
            .profiles
            .into_iter()
            .map(|part| profile_view(part, config))
            .collect(),
        live_sessions: record.live_sessions,
        messages: record
            .messages
            .into_iter()
            .map(|(subject, text, status, at)| StaffMessageView {
                subject,
                text,
                status,
                at: iso_time(at),
            })
            .collect(),
        chat: record
            .chat
            .into_iter()
            .map(|line| StaffMessageView {
                subject: line.author.as_str().to_string(),
                text: line.body,
                status: if line.read_at.is_some() {
                    "read"
                } else {
                    "sent"
                }
                .into(),
                at: iso_time(line.created_at),
            })
            .collect(),
        history: record
            .history
            .into_iter()
            .map(|(by, action, _, reason, _, at)| StaffHistoryLine {
                by,
                action,
                reason,
                at: iso_time(at),
            })
            .collect(),
    }
}

/// The customer's whole record; opening it is logged with the reason.
#[utoipa::path(post, path = "/back-office/api/customers/record", tag = super::TAG,
    request_body = CustomerAction, responses((status = 200, body = CustomerRecord)))]
async fn record(
    State(state): State<ApiState>,
    staff: CurrentStaff,
    ip: ClientIp,
    ApiJson(input): ApiJson<CustomerAction>,
) -> Result<Json<CustomerRecord>, AppError> {
    let user_id = customer_id(&input.user_id)?;
    let ip = ip.to_string();
    let found = customers::record(&state.db, &actor(&staff, &ip), &user_id, &input.reason).await?;
    Ok(Json(record_view(found, &state.config)))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct CustomerStatus {
    pub status: KycStatus,
}

/// Restricts a ready account: the app stays open, money does not move.
#[utoipa::path(post, path = "/back-office/api/customers/restrict", tag = super::TAG,
    request_body = CustomerAction, responses((status = 200, body = CustomerStatus)))]
async fn restrict(
    State(state): State<ApiState>,
    staff: CurrentStaff,
    ip: ClientIp,
    ApiJson(input): ApiJson<CustomerAction>,
) -> Result<Json<CustomerStatus>, AppError> {
    let user_id = customer_id(&input.user_id)?;
    let ip = ip.to_string();
    customers::restrict(
        &state.db,
        Some(&actor(&staff, &ip)),
        &user_id,
        &input.reason,
    )
    .await?;
    Ok(Json(CustomerStatus {
        status: KycStatus::AccountRestricted,
    }))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct SessionsEnded {
    pub ended: u64,
}

/// Ends all of the customer's sessions.
#[utoipa::path(post, path = "/back-office/api/customers/sessions/end", tag = super::TAG,
    request_body = CustomerAction, responses((status = 200, body = SessionsEnded)))]
async fn end_sessions(
    State(state): State<ApiState>,
    staff: CurrentStaff,
    ip: ClientIp,
    ApiJson(input): ApiJson<CustomerAction>,
) -> Result<Json<SessionsEnded>, AppError> {
    let user_id = customer_id(&input.user_id)?;
    let ip = ip.to_string();
    let ended =
        customers::end_sessions(&state.db, &actor(&staff, &ip), &user_id, &input.reason).await?;
    Ok(Json(SessionsEnded { ended }))
}
