//! The health dashboard (issue 32 point 7): `GET /back-office/api/health`, for every member of
//! staff.

use axum::extract::State;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::session::CurrentStaff;
use crate::api::error::AppError;
use crate::api::ApiState;
use crate::domain::accounts::money::{display, Currency};
use crate::domain::london::iso_time;
use crate::services::backoffice::health;

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new().routes(routes!(dashboard))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct SchemeCount {
    pub scheme: String,
    pub status: String,
    pub count: i64,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettlementLag {
    pub scheme: String,
    /// Settled today.
    pub settled: i64,
    pub average_seconds: i64,
    pub longest_seconds: i64,
    /// The oldest transfer still waiting for its scheme, if any.
    pub oldest_pending_at: Option<String>,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct SuspenseTotal {
    pub currency: String,
    /// Formatted for people.
    pub total: String,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JobFailures {
    pub job: String,
    pub failures: i64,
    pub last_at: String,
    pub last_error: String,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LedgerCheck {
    pub ran_at: String,
    pub sound: bool,
    pub detail: String,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct StatusCount {
    pub status: String,
    pub count: i64,
}

/// An outside party's last answer and last failure (issue 33 point 6).
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutsideParty {
    pub name: String,
    pub last_success_at: Option<String>,
    pub last_failure_at: Option<String>,
    pub last_error: Option<String>,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BankHealth {
    /// The start of today in London: "today" below counts from here.
    pub since: String,
    pub payments: Vec<SchemeCount>,
    pub settlement: Vec<SettlementLag>,
    pub suspense: Vec<SuspenseTotal>,
    /// Jobs that failed in the last 24 hours.
    pub job_failures: Vec<JobFailures>,
    /// Texts (codes, notices) of the last 24 hours that the SMS provider reported as
    /// undelivered or failed.
    pub texts_not_delivered: i64,
    /// None until the first check has run (every 15 minutes, or `bank ledger check`).
    pub ledger: Option<LedgerCheck>,
    pub sign_ups: Vec<StatusCount>,
    /// Each outside party heard from: a party that is down degrades its feature, not the bank.
    pub outside_parties: Vec<OutsideParty>,
}

/// The bank's health now.
#[utoipa::path(get, path = "/back-office/api/health", tag = super::TAG,
    responses((status = 200, body = BankHealth)))]
async fn dashboard(
    State(state): State<ApiState>,
    _staff: CurrentStaff,
) -> Result<Json<BankHealth>, AppError> {
    let now = health::now(&state.db).await?;
    Ok(Json(BankHealth {
        since: iso_time(now.since),
        payments: now
            .payments
            .into_iter()
            .map(|(scheme, status, count)| SchemeCount {
                scheme,
                status,
                count,
            })
            .collect(),
        settlement: now
            .settlement
            .into_iter()
            .map(
                |(scheme, settled, average, longest, oldest)| SettlementLag {
                    scheme,
                    settled,
                    average_seconds: average / 1000,
                    longest_seconds: longest / 1000,
                    oldest_pending_at: oldest.map(iso_time),
                },
            )
            .collect(),
        suspense: now
            .suspense
            .into_iter()
            .map(|(currency, total)| SuspenseTotal {
                total: Currency::parse(&currency)
                    .map_or_else(|| format!("{total} {currency}"), |c| display(total, c)),
                currency,
            })
            .collect(),
        job_failures: now
            .job_failures
            .into_iter()
            .map(|(job, failures, last_at, last_error)| JobFailures {
                job,
                failures,
                last_at: iso_time(last_at),
                last_error,
            })
            .collect(),
        texts_not_delivered: now.texts_not_delivered,
        ledger: now.ledger.map(|(at, sound, detail)| LedgerCheck {
            ran_at: iso_time(at),
            sound,
            detail,
        }),
        sign_ups: now
            .sign_ups
            .into_iter()
            .map(|(status, count)| StatusCount { status, count })
            .collect(),
        outside_parties: now
            .outside_parties
            .into_iter()
            .map(|(name, success, failure, error)| OutsideParty {
                name,
                last_success_at: success.map(iso_time),
                last_failure_at: failure.map(iso_time),
                last_error: error,
            })
            .collect(),
    }))
}
