//! SPEC §7 `POST /v2/loan-applications/fetch {type}` and `POST /v2/loan-applications {type,
//! ...}`; SPEC §3 Loan application (type, status, provider, redirectUri); SPEC §4 what the
//! status screen shows; SPEC §8 the three-month notice.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::client_ip::ClientIp;
use crate::api::error::{ApiJson, AppError};
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
use crate::domain::accounts::money::Money;
use crate::domain::lending::application::{LoanState, Product, TOO_SOON};
use crate::domain::lending::loan::{self, LoanInput};
use crate::services::lending::loans::{
    self as service, Application, ApplyError, LoanApplication, Terms,
};
use crate::services::lending::mortgage::{self, NotSubmittable};
use crate::services::lending::prefill::{self, Shared};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(fetch))
        .routes(routes!(create))
}

/// One application as its status screen shows it.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoanApplicationView {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: Product,
    /// SPEC §4: as shown (applied reads as in_review with youlend, else pre_approved).
    pub status: LoanState,
    pub status_label: String,
    pub provider: String,
    /// Where the person continues with the lender, while it is still deciding.
    pub redirect_uri: Option<String>,
    pub amount: f64,
    pub term_months: i64,
    pub purpose: String,
    /// yyyy-MM-dd, London.
    pub applied_on: String,
    pub offered_amount: Option<f64>,
    pub paid_amount: Option<f64>,
    pub paid_transaction_id: Option<String>,
    pub reason: Option<String>,
    /// What the bank shared with the lender with the person's consent.
    pub shared: Option<Shared>,
    /// Factoring: the numbers of the invoices financed.
    pub invoices: Vec<String>,
}

fn gbp(minor: i64) -> f64 {
    Money::new(minor, crate::domain::accounts::money::Currency::Gbp).major()
}

pub(super) fn view(application: LoanApplication) -> LoanApplicationView {
    let shown = application.state.shown(&application.provider);
    let purpose = application
        .form
        .get("purpose")
        .and_then(|p| p.as_str())
        .unwrap_or_default()
        .to_string();
    let invoices = application
        .form
        .get("invoices")
        .and_then(|list| serde_json::from_value(list.clone()).ok())
        .unwrap_or_default();
    LoanApplicationView {
        invoices,
        status: shown,
        status_label: shown.label().to_string(),
        redirect_uri: application
            .redirect_uri
            .filter(|_| !application.state.is_final()),
        amount: gbp(application.amount),
        term_months: application.term_months,
        purpose,
        applied_on: application.applied_day,
        offered_amount: application.offered_amount.map(gbp),
        paid_amount: application.paid_amount.map(gbp),
        paid_transaction_id: application.paid_transaction_id.map(String::from),
        reason: application.reason,
        shared: application
            .shared
            .and_then(|value| serde_json::from_value(value).ok()),
        id: application.id,
        kind: application.product,
        provider: application.provider,
    }
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct LoanFetch {
    #[serde(rename = "type")]
    pub kind: Product,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoanApplications {
    /// Newest first.
    pub results: Vec<LoanApplicationView>,
    /// SPEC §8: when another application may be made (yyyy-MM-dd), while it may not yet.
    pub next_application_from: Option<String>,
}

/// What the application asks for: the business loan's form, or the mortgage's saved draft
/// (SPEC §4: both finances saved).
async fn terms_of(
    state: &ApiState,
    profile: &SelectedProfile,
    kind: Product,
    input: LoanApplicationInput,
) -> Result<Terms, AppError> {
    match kind {
        Product::Business => {
            let form = loan::check(&LoanInput {
                amount: input.amount,
                term_months: input.term_months,
                purpose: input.purpose,
                description: input.description,
                monthly_turnover: input.monthly_turnover,
            })
            .map_err(|errors| {
                AppError::Fields(
                    errors
                        .into_iter()
                        .map(|(field, message)| (field.to_string(), message))
                        .collect(),
                )
            })?;
            Ok(Terms::of_loan(&form))
        }
        Product::Mortgage => {
            let draft = mortgage::draft(&state.db, &profile.profile_id).await?;
            let submission = mortgage::submission(&draft).map_err(|problem| match problem {
                NotSubmittable::NoBasic => AppError::refused(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "basic_missing",
                    "Not ready",
                    "Save your details on the first step before you submit.",
                ),
                NotSubmittable::NotReady(why) => AppError::refused(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    why.as_str(),
                    "Not ready",
                    why.message(),
                ),
            })?;
            Ok(Terms {
                amount: submission.amount,
                term_months: 0,
                purpose: "Commercial mortgage".into(),
                form: submission.form,
            })
        }
        // The invoices' outstanding total, read when they are claimed (services/lending).
        Product::Factoring => Ok(Terms {
            amount: 0,
            term_months: 0,
            purpose: "Invoice finance".into(),
            form: serde_json::Value::Null,
        }),
        Product::Merchant => Err(AppError::field(
            "type",
            "Card acceptance is applied for on its own page",
        )),
    }
}

/// SPEC §6 for the product the body names.
async fn admitted(
    state: &ApiState,
    profile: &SelectedProfile,
    rule: crate::domain::profiles::rights::Rule,
) -> Result<(), AppError> {
    let user = crate::services::auth::user(&state.db, &profile.user_id)
        .await?
        .ok_or(AppError::Forbidden)?;
    crate::api::rights::admit(state, profile, &rule, &user).await
}

fn no_lender() -> AppError {
    AppError::unavailable(
        "lending_unavailable",
        "Finance is not available at the moment.",
    )
}

#[utoipa::path(post, path = "/v2/loan-applications/fetch", tag = "lending",
    request_body = LoanFetch, responses((status = 200, body = LoanApplications)))]
async fn fetch(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(input): ApiJson<LoanFetch>,
) -> Result<Json<LoanApplications>, AppError> {
    admitted(&state, &profile, input.kind.read_rule()).await?;
    if super::lender_for(&state, input.kind).is_none() {
        return Err(no_lender());
    }
    let rows = service::of_profile(&state.db, &profile.profile_id, input.kind).await?;
    let next = service::next_from(&state.db, &profile.profile_id, input.kind).await?;
    Ok(Json(LoanApplications {
        results: rows.into_iter().map(view).collect(),
        next_application_from: next,
    }))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct LoanApplicationInput {
    #[serde(rename = "type")]
    pub kind: Option<Product>,
    /// GBP, decimal text.
    pub amount: String,
    pub term_months: Option<u32>,
    pub purpose: String,
    pub description: String,
    /// GBP, decimal text.
    pub monthly_turnover: String,
    /// The person agreed that the bank shares what it knows of the business with the lender.
    pub share_data: bool,
    /// Factoring: the invoices offered, from `/v2/factoring/invoices/fetch`.
    pub invoice_ids: Vec<String>,
}

fn ip_text(ip: &ClientIp) -> String {
    ip.0.to_string()
}

#[utoipa::path(post, path = "/v2/loan-applications", tag = "lending",
    request_body = LoanApplicationInput, responses((status = 200, body = LoanApplicationView)))]
async fn create(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ip: ClientIp,
    ApiJson(input): ApiJson<LoanApplicationInput>,
) -> Result<Json<LoanApplicationView>, AppError> {
    let kind = input
        .kind
        .ok_or_else(|| AppError::field("type", loan::REQUIRED))?;
    admitted(&state, &profile, kind.rule()).await?;
    let lender = super::lender_for(&state, kind).ok_or_else(no_lender)?;
    super::limit(&state, &profile).await?;
    let share_data = input.share_data;
    let invoices = input.invoice_ids.clone();
    let terms = terms_of(&state, &profile, kind, input).await?;
    let shared = if share_data {
        Some(prefill::gather(&state.db, &profile.profile_id).await?)
    } else {
        None
    };
    let applied = service::apply(
        &state.db,
        &lender,
        Application {
            profile_id: &profile.profile_id,
            user_id: &profile.user_id,
            product: kind,
            terms,
            invoices,
            shared,
            return_url: format!(
                "{}{}",
                state.config.base_url.trim_end_matches('/'),
                status_page(kind)
            ),
            ip: &ip_text(&ip),
        },
    )
    .await
    .map_err(|error| match error {
        ApplyError::TooSoon(from) => AppError::refused(
            StatusCode::CONFLICT,
            "loan_too_soon",
            "Not yet",
            &format!(
                "{TOO_SOON} You can apply again from {}.",
                printed_day(&from)
            ),
        ),
        ApplyError::InvoicesNotEligible => AppError::field(
            "invoiceIds",
            "Choose unpaid invoices due at least 7 days from today",
        ),
        ApplyError::Lender(error) => {
            tracing::warn!(%error, "the lender did not take a loan application");
            AppError::unavailable(
                "lender_unavailable",
                "The lender could not take your application just now. Please try again later.",
            )
        }
        ApplyError::Storage(error) => error.into(),
    })?;
    if kind == Product::Mortgage {
        mortgage::clear(&state.db, &profile.profile_id).await?;
    }
    Ok(Json(view(applied)))
}

/// Where the person follows an application of the product.
pub fn status_page(kind: Product) -> &'static str {
    match kind {
        Product::Mortgage => "/mortgage",
        Product::Factoring => "/factoring",
        _ => "/loans",
    }
}

/// "26 February 2027" from yyyy-MM-dd.
fn printed_day(day: &str) -> String {
    time::Date::parse(day, &time::format_description::well_known::Iso8601::DATE)
        .ok()
        .and_then(|d| {
            d.format(time::macros::format_description!(
                "[day padding:none] [month repr:long] [year]"
            ))
            .ok()
        })
        .unwrap_or_else(|| day.to_string())
}
