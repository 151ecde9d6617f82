//! Invoices (SPEC §2 invoice/new and invoice/list, §3 Invoice, §5 invoice checks, §7
//! GET /v2/invoices/number, POST /v2/invoices/number/validate, PUT, POST /fetch, POST /take,
//! DELETE /v2/invoices). Amounts travel as exact decimal strings both ways.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::partners::{view as partner_view, PartnerView};
use crate::api::common_answers::Success;
use crate::api::error::{ApiJson, AppError};
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
use crate::domain::accounts::money::{decimal, Currency};
use crate::domain::invoices::invoice::{
    self, DiscountType, InvoiceInput, InvoiceStatus, ItemInput, NUMBER_EXISTS,
};
use crate::domain::invoices::matching::PaymentStatus;
use crate::domain::paging::Paging;
use crate::services::invoices::drafts::{self as service, DraftError, Filters, SaveError};
use crate::services::invoices::{matching, partners};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(next_number))
        .routes(routes!(validate_number))
        .routes(routes!(upsert, delete))
        .routes(routes!(fetch))
        .routes(routes!(take))
}

/// SPEC §3 invoice item; amounts as decimal text ("7.5", "85.00"), dates as yyyy-MM-dd.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default, Clone)]
#[serde(rename_all = "camelCase", default)]
pub struct InvoiceItem {
    pub description: String,
    pub period_from: Option<String>,
    pub period_to: Option<String>,
    pub quantity_hours: String,
    pub price: String,
    /// In answers: the line's net (hours × price, to the penny); a request's is ignored.
    pub net: Option<String>,
}

/// What an invoice adds up to, as decimal text in its currency.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceTotals {
    pub subtotal: String,
    pub discount: String,
    pub net: String,
    pub vat: String,
    pub total: String,
}

/// SPEC §3 Invoice.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceView {
    pub id: String,
    pub number: String,
    pub status: InvoiceStatus,
    pub issue_date: String,
    pub due_date: String,
    pub bank_account_id: String,
    pub currency: Currency,
    pub discount: Option<String>,
    pub discount_type: Option<DiscountType>,
    /// The VAT rate in percent.
    pub vat_amount: Option<String>,
    pub is_vat_applied: bool,
    pub partner: Option<PartnerView>,
    pub items: Vec<InvoiceItem>,
    pub totals: InvoiceTotals,
    /// Once sent: what it asks payers to quote, what came in and where it stands.
    pub sent: Option<SentView>,
}

/// A payment matched to an invoice; its transaction is on the account's history.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvoicePaymentView {
    pub transaction_id: String,
    pub amount: String,
    /// When it arrived (ms since the epoch).
    pub created_at: i64,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreditNoteView {
    pub id: String,
    pub number: String,
    pub issue_date: String,
    pub total: String,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SentView {
    /// ms since the epoch.
    pub sent_at: i64,
    /// The ISO 11649 creditor reference ("RF47INV0007").
    pub reference: String,
    pub payment_status: PaymentStatus,
    pub paid: String,
    pub credited: String,
    /// What is still owed (never below zero).
    pub left: String,
    pub payments: Vec<InvoicePaymentView>,
    pub credit_notes: Vec<CreditNoteView>,
}

async fn view(
    state: &ApiState,
    profile: &SelectedProfile,
    stored: service::StoredInvoice,
) -> Result<InvoiceView, AppError> {
    let i = stored.invoice;
    let partner = partners::find(&state.db, &profile.profile_id, &i.partner_id)
        .await?
        .map(partner_view);
    let t = &i.totals;
    let sent = matching::standing(&state.db, &profile.profile_id, &stored.id)
        .await?
        .map(|standing| SentView {
            sent_at: standing.sent_at,
            reference: standing.reference,
            payment_status: standing.status,
            paid: decimal(standing.paid),
            credited: decimal(standing.credited),
            left: decimal((t.total - standing.credited - standing.paid).max(0)),
            payments: standing
                .payments
                .into_iter()
                .map(|p| InvoicePaymentView {
                    transaction_id: p.transaction_id,
                    amount: decimal(p.amount),
                    created_at: p.created_at,
                })
                .collect(),
            credit_notes: standing
                .credit_notes
                .into_iter()
                .map(|note| CreditNoteView {
                    id: note.id,
                    number: note.document.number,
                    issue_date: note.document.issue_date,
                    total: decimal(note.document.total),
                })
                .collect(),
        });
    Ok(InvoiceView {
        sent,
        id: stored.id,
        number: i.number,
        status: stored.status,
        issue_date: i.issue_date.to_string(),
        due_date: i.due_date.to_string(),
        bank_account_id: i.bank_account_id,
        currency: stored.currency,
        discount: i.discount.map(|(_, value)| value.to_string()),
        discount_type: i.discount.map(|(kind, _)| kind),
        vat_amount: i.vat_percent.map(|rate| rate.to_string()),
        is_vat_applied: i.vat_percent.is_some(),
        partner,
        items: i
            .items
            .iter()
            .zip(t.lines.iter())
            .map(|(item, net)| InvoiceItem {
                description: item.description.clone(),
                period_from: item.period_from.map(|day| day.to_string()),
                period_to: item.period_to.map(|day| day.to_string()),
                quantity_hours: item.quantity_hours.to_string(),
                price: item.price.to_string(),
                net: Some(decimal(*net)),
            })
            .collect(),
        totals: InvoiceTotals {
            subtotal: decimal(t.subtotal),
            discount: decimal(t.discount),
            net: decimal(t.net),
            vat: decimal(t.vat),
            total: decimal(t.total),
        },
    })
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct NextNumber {
    pub number: String,
}

/// The number a new invoice is offered: the next free one of the profile's INV- series.
#[utoipa::path(get, path = "/v2/invoices/number", tag = "invoices",
    responses((status = 200, body = NextNumber)))]
async fn next_number(
    State(state): State<ApiState>,
    profile: SelectedProfile,
) -> Result<Json<NextNumber>, AppError> {
    Ok(Json(NextNumber {
        number: service::next_number(&state.db, &profile.profile_id).await?,
    }))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default)]
#[serde(default)]
pub struct NumberCheck {
    pub number: String,
    /// The invoice being edited, whose own number is no clash.
    pub id: Option<String>,
}

/// Whether a number may be used: well formed and not another invoice's (SPEC §5 number exists).
#[utoipa::path(post, path = "/v2/invoices/number/validate", tag = "invoices",
    request_body = NumberCheck, responses((status = 200, body = Success)))]
async fn validate_number(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(input): ApiJson<NumberCheck>,
) -> Result<Json<Success>, AppError> {
    let number = input.number.trim();
    if number.is_empty() {
        return Err(AppError::field("number", "Field is required"));
    }
    if !invoice::number_ok(number) {
        return Err(AppError::field(
            "number",
            "Use letters, digits, hyphens and slashes, up to 30",
        ));
    }
    if service::number_in_use(&state.db, &profile.profile_id, number, input.id.as_deref()).await? {
        return Err(AppError::field("number", NUMBER_EXISTS));
    }
    Ok(Json(Success {
        success: true,
        message: None,
    }))
}

/// SPEC §3 Invoice as the form sends it; `id` when editing a draft.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default, Clone)]
#[serde(rename_all = "camelCase", default)]
pub struct InvoiceBody {
    pub id: Option<String>,
    pub number: String,
    /// yyyy-MM-dd; today (London) when empty.
    pub issue_date: String,
    /// yyyy-MM-dd; SPEC §9: the issue date plus 6 days when empty.
    pub due_date: String,
    pub bank_account_id: String,
    pub partner_id: String,
    /// The amount or percentage off; empty for none.
    pub discount: String,
    pub discount_type: Option<DiscountType>,
    pub is_discount_applied: bool,
    /// The VAT rate in percent (SPEC §9: 20).
    pub vat_amount: String,
    pub is_vat_applied: bool,
    pub items: Vec<InvoiceItem>,
}

impl InvoiceBody {
    pub(super) fn input(&self) -> InvoiceInput {
        InvoiceInput {
            number: self.number.clone(),
            issue_date: self.issue_date.clone(),
            due_date: self.due_date.clone(),
            bank_account_id: self.bank_account_id.clone(),
            partner_id: self.partner_id.clone(),
            discount: self.discount.clone(),
            discount_type: self.discount_type,
            is_discount_applied: self.is_discount_applied,
            vat_amount: self.vat_amount.clone(),
            is_vat_applied: self.is_vat_applied,
            items: self
                .items
                .iter()
                .map(|item| ItemInput {
                    description: item.description.clone(),
                    period_from: item.period_from.clone().unwrap_or_default(),
                    period_to: item.period_to.clone().unwrap_or_default(),
                    quantity_hours: item.quantity_hours.clone(),
                    price: item.price.clone(),
                })
                .collect(),
        }
    }
}

fn sent() -> AppError {
    AppError::refused(
        StatusCode::CONFLICT,
        "invoice_sent",
        "Invoice sent",
        "A sent invoice is not changed or deleted. A credit note corrects it.",
    )
}

/// Keeps a draft: new, or (with an id) one of the profile's drafts changed.
#[utoipa::path(put, path = "/v2/invoices", tag = "invoices",
    request_body = InvoiceBody, responses((status = 200, body = InvoiceView)))]
async fn upsert(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(body): ApiJson<InvoiceBody>,
) -> Result<Json<InvoiceView>, AppError> {
    let today = crate::domain::london::today(state.db.now_ms());
    let checked = invoice::check(&body.input(), today).map_err(AppError::Fields)?;
    let id = body
        .id
        .as_deref()
        .map(str::trim)
        .filter(|id| !id.is_empty());
    match service::save_draft(&state.db, &profile.profile_id, id, &checked).await {
        Ok(stored) => Ok(Json(view(&state, &profile, stored).await?)),
        Err(DraftError::Account) => Err(AppError::field(
            "bankAccountId",
            "Choose one of your open accounts",
        )),
        Err(DraftError::Partner | DraftError::Save(SaveError::NoPartner)) => Err(AppError::field(
            "partnerId",
            "Choose one of your contractors/clients",
        )),
        Err(DraftError::Save(SaveError::NumberTaken)) => {
            Err(AppError::field("number", NUMBER_EXISTS))
        }
        Err(DraftError::Save(SaveError::NotFound)) => Err(AppError::NotFound),
        Err(DraftError::Save(SaveError::Sent)) => Err(sent()),
        Err(DraftError::Save(SaveError::Storage(error))) => Err(error.into()),
    }
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct InvoiceFilters {
    pub status: Option<InvoiceStatus>,
    pub partner_id: Option<String>,
    /// Issued on or after (yyyy-MM-dd).
    pub from: Option<String>,
    /// Issued on or before (yyyy-MM-dd).
    pub to: Option<String>,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default)]
#[serde(default)]
pub struct InvoiceFetch {
    pub page: Option<i64>,
    pub limit: Option<i64>,
    pub filters: InvoiceFilters,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvoicePage {
    pub results: Vec<InvoiceView>,
    pub total_pages: i64,
    pub total_results: i64,
    pub page: i64,
}

fn filter_date(field: &str, text: Option<&str>) -> Result<Option<String>, AppError> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(text) => invoice::date(text)
            .map(|date| Some(date.to_string()))
            .ok_or_else(|| AppError::field(field, "Enter a date as dd.MM.yyyy")),
    }
}

/// A page of the profile's invoices, newest issued first, by status, partner and issue dates.
#[utoipa::path(post, path = "/v2/invoices/fetch", tag = "invoices",
    request_body = InvoiceFetch, responses((status = 200, body = InvoicePage)))]
async fn fetch(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(input): ApiJson<InvoiceFetch>,
) -> Result<Json<InvoicePage>, AppError> {
    let paging = Paging::parse(input.page, input.limit, 20, 100)
        .map_err(|(field, message)| AppError::field(field, &message))?;
    let filters = Filters {
        status: input.filters.status,
        partner_id: input
            .filters
            .partner_id
            .map(|id| id.trim().to_string())
            .filter(|id| !id.is_empty()),
        from: filter_date("from", input.filters.from.as_deref())?,
        to: filter_date("to", input.filters.to.as_deref())?,
    };
    let (rows, total) = service::page(
        &state.db,
        &profile.profile_id,
        &filters,
        paging.limit(),
        paging.offset(),
    )
    .await?;
    let mut results = Vec::with_capacity(rows.len());
    for stored in rows {
        results.push(view(&state, &profile, stored).await?);
    }
    Ok(Json(InvoicePage {
        results,
        total_pages: paging.total_pages(total),
        total_results: total,
        page: paging.page(),
    }))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default)]
#[serde(default)]
pub struct InvoiceRef {
    pub id: String,
}

/// One of the profile's invoices; another profile's is not found.
#[utoipa::path(post, path = "/v2/invoices/take", tag = "invoices",
    request_body = InvoiceRef, responses((status = 200, body = InvoiceView)))]
async fn take(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(input): ApiJson<InvoiceRef>,
) -> Result<Json<InvoiceView>, AppError> {
    let stored = service::find(&state.db, &profile.profile_id, input.id.trim())
        .await?
        .ok_or(AppError::NotFound)?;
    Ok(Json(view(&state, &profile, stored).await?))
}

/// Deletes a draft (its number becomes free again); a sent invoice stays.
#[utoipa::path(delete, path = "/v2/invoices", tag = "invoices",
    request_body = InvoiceRef, responses((status = 200, body = Success)))]
async fn delete(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(input): ApiJson<InvoiceRef>,
) -> Result<Json<Success>, AppError> {
    match service::delete_draft(&state.db, &profile.profile_id, input.id.trim()).await {
        Ok(()) => Ok(Json(Success {
            success: true,
            message: None,
        })),
        Err(SaveError::Sent) => Err(sent()),
        Err(SaveError::NotFound | SaveError::NumberTaken | SaveError::NoPartner) => {
            Err(AppError::NotFound)
        }
        Err(SaveError::Storage(error)) => Err(error.into()),
    }
}
