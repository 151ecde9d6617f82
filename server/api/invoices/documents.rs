//! The invoice as its client sees it (SPEC §7 POST /v2/documents/previews/take and GET
//! /v2/documents/invoice; §8 the no-data preview; issue 29 points 3 and 6): a preview of the
//! unsaved form, the PDF of a saved invoice, and a sent invoice's e-invoice.

use axum::extract::State;
use axum::response::Response;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::drafts::InvoiceBody;
use crate::api::accounts::documents::attachment;
use crate::api::error::{ApiJson, ApiQuery, AppError};
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
use crate::domain::accounts::money::{decimal, Currency};
use crate::domain::invoices::document::{DocumentKind, InvoiceDocument, InvoiceParty, PayTo};
use crate::domain::invoices::invoice::{self, DiscountType};
use crate::domain::invoices::pdf;
use crate::services::invoices::documents::{self as service, DocumentError};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(preview))
        .routes(routes!(invoice_pdf))
        .routes(routes!(e_invoice))
}

/// SPEC §8: what a preview with nothing to show says.
pub const NO_DATA_TITLE: &str = "Nothing to preview yet";
pub const NO_DATA_TEXT: &str =
    "Choose a contractor/client and add at least one item to see the invoice as they will.";

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DocumentLineView {
    pub description: String,
    /// "1 Nov 2026 – 30 Nov 2026", when the item has a period.
    pub period: Option<String>,
    pub hours: String,
    pub price: String,
    pub net: String,
}

/// Everything the PDF prints, figures as decimal text in `currency`.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DocumentView {
    pub kind: DocumentKind,
    /// "VAT invoice", "Invoice" or "Credit note".
    pub title: String,
    pub number: String,
    pub issue_date: String,
    pub due_date: String,
    pub currency: Currency,
    pub seller: InvoiceParty,
    pub buyer: InvoiceParty,
    pub lines: Vec<DocumentLineView>,
    pub discount_label: String,
    pub discount_type: Option<DiscountType>,
    pub vat_percent: Option<String>,
    pub subtotal: String,
    pub discount: String,
    pub net: String,
    pub vat: String,
    pub total: String,
    pub pay_to: PayTo,
    /// A euro invoice's EPC QR payload (the PDF draws it).
    pub epc_payload: Option<String>,
    /// An invoice in another currency: its VAT in pounds (decimal text), and the rate.
    pub vat_in_sterling: Option<String>,
    /// Pounds per unit of the invoice's currency, and what day the rate is for.
    pub sterling_rate: Option<String>,
    pub sterling_rate_as_of: Option<String>,
}

pub fn document_view(d: &InvoiceDocument) -> DocumentView {
    DocumentView {
        kind: d.kind,
        title: d.title().to_string(),
        number: d.number.clone(),
        issue_date: d.issue_date.clone(),
        due_date: d.due_date.clone(),
        currency: d.currency,
        seller: d.seller.clone(),
        buyer: d.buyer.clone(),
        lines: d
            .lines
            .iter()
            .map(|line| DocumentLineView {
                description: line.description.clone(),
                period: InvoiceDocument::period(line),
                hours: line.hours.clone(),
                price: line.price.clone(),
                net: decimal(line.net),
            })
            .collect(),
        discount_label: d.discount_label(),
        discount_type: d.discount_type,
        vat_percent: d.vat_percent.clone(),
        subtotal: decimal(d.subtotal),
        discount: decimal(d.discount),
        net: decimal(d.net),
        vat: decimal(d.vat),
        total: decimal(d.total),
        pay_to: d.pay_to.clone(),
        epc_payload: d.epc_payload(),
        vat_in_sterling: d.vat_in_sterling.as_ref().map(|s| decimal(s.pence)),
        sterling_rate: d.vat_in_sterling.as_ref().map(|s| s.rate.clone()),
        sterling_rate_as_of: d.vat_in_sterling.as_ref().map(|s| s.as_of.clone()),
    }
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default)]
#[serde(default)]
pub struct PreviewRequest {
    /// "invoice" for the form's data; "saved_invoice" for a saved invoice or credit note by
    /// `data.id`.
    #[serde(rename = "type")]
    pub kind: String,
    pub data: InvoiceBody,
}

/// The preview: the document, or SPEC §8's no-data title and text when there is nothing yet.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PreviewView {
    pub empty: bool,
    pub title: Option<String>,
    pub text: Option<String>,
    pub document: Option<DocumentView>,
}

pub(super) fn document_error(error: DocumentError) -> AppError {
    match error {
        DocumentError::Account => {
            AppError::field("bankAccountId", "Choose one of your open accounts")
        }
        DocumentError::Partner => {
            AppError::field("partnerId", "Choose one of your contractors/clients")
        }
        DocumentError::Storage(error) => error.into(),
    }
}

/// The unsaved invoice as its client will see it; the form's mistakes answer as they would on
/// saving.
#[utoipa::path(post, path = "/v2/documents/previews/take", tag = "invoices",
    request_body = PreviewRequest, responses((status = 200, body = PreviewView)))]
async fn preview(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(request): ApiJson<PreviewRequest>,
) -> Result<Json<PreviewView>, AppError> {
    let body = &request.data;
    match request.kind.as_str() {
        "invoice" => {}
        // A saved invoice or credit note as it stands (a sent one exactly as sent).
        "saved_invoice" => {
            let id = body.id.as_deref().map(str::trim).unwrap_or_default();
            let document = service::of_stored(
                &state.db,
                state.rates.current().as_deref(),
                &profile.profile_id,
                id,
            )
            .await
            .map_err(document_error)?
            .ok_or(AppError::NotFound)?;
            return Ok(Json(PreviewView {
                empty: false,
                title: None,
                text: None,
                document: Some(document_view(&document)),
            }));
        }
        _ => return Err(AppError::field("type", "Choose invoice or saved_invoice")),
    }
    if body.partner_id.trim().is_empty() && body.items.is_empty() {
        return Ok(Json(PreviewView {
            empty: true,
            title: Some(NO_DATA_TITLE.into()),
            text: Some(NO_DATA_TEXT.into()),
            document: None,
        }));
    }
    let today = crate::domain::london::today(state.db.now_ms());
    let checked = invoice::check(&body.input(), today).map_err(AppError::Fields)?;
    let document = service::of_invoice(
        &state.db,
        state.rates.current().as_deref(),
        &profile.profile_id,
        &checked,
    )
    .await
    .map_err(document_error)?;
    Ok(Json(PreviewView {
        empty: false,
        title: None,
        text: None,
        document: Some(document_view(&document)),
    }))
}

#[derive(serde::Deserialize, serde::Serialize, Default, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
#[into_params(parameter_in = Query)]
pub struct DocumentQuery {
    /// The invoice or credit note.
    pub ent_id: String,
}

/// The invoice's PDF: a sent one exactly as it was sent, a draft as it stands.
#[utoipa::path(get, path = "/v2/documents/invoice", tag = "invoices", params(DocumentQuery),
    responses((status = 200, description = "The invoice", content((Vec<u8> = "application/pdf")))))]
async fn invoice_pdf(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiQuery(query): ApiQuery<DocumentQuery>,
) -> Result<Response, AppError> {
    let document = service::of_stored(
        &state.db,
        state.rates.current().as_deref(),
        &profile.profile_id,
        query.ent_id.trim(),
    )
    .await
    .map_err(document_error)?
    .ok_or(AppError::NotFound)?;
    let stem = service::file_stem(&document);
    let bytes = tokio::task::spawn_blocking(move || pdf::render(&document))
        .await
        .map_err(|error| AppError::Internal(error.into()))?;
    Ok(attachment(
        "application/pdf",
        &format!("{stem}.pdf"),
        bytes.into(),
    ))
}

/// A sent invoice's or credit note's e-invoice: UBL 2.1 following Peppol BIS Billing 3.0. A
/// draft has none until it is sent.
#[utoipa::path(get, path = "/v2/documents/e_invoice", tag = "invoices", params(DocumentQuery),
    responses((status = 200, description = "The e-invoice", content((String = "application/xml")))))]
async fn e_invoice(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiQuery(query): ApiQuery<DocumentQuery>,
) -> Result<Response, AppError> {
    let document = service::sent_document(&state.db, &profile.profile_id, query.ent_id.trim())
        .await?
        .ok_or(AppError::NotFound)?;
    let stem = service::file_stem(&document);
    let bytes = crate::domain::invoices::ubl::render(&document);
    Ok(attachment(
        "application/xml",
        &format!("{stem}.xml"),
        bytes.into(),
    ))
}
