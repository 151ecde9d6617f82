//! Sending an invoice (SPEC §7 POST /v2/invoices/send, §3 email entries), sending it again, and
//! correcting a sent one with a credit note (issue 29 point 4).

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::documents::document_error;
use crate::api::common_answers::Success;
use crate::api::error::{ApiJson, AppError};
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
use crate::domain::auth::email::Email;
use crate::domain::invoices::invoice;
use crate::rate_limit::{Limit, UserKey};
use crate::services::invoices::sending::{
    self as service, CreditError, CreditNoteError, SendError,
};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(send))
        .routes(routes!(credit_note))
}

/// SPEC §3 email entry: an address the invoice may go to, ticked or not.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default, Clone)]
#[serde(default)]
pub struct EmailEntry {
    pub email: String,
    pub enabled: bool,
}

/// Invoices email someone else: limited per sender and per address before anything is sent.
async fn limit_emails(
    state: &ApiState,
    profile: &SelectedProfile,
    to: &[Email],
) -> Result<(), AppError> {
    state
        .limiter
        .check(Limit::InvoiceEmailsPerUser, &UserKey(&profile.user_id))
        .await?;
    for address in to {
        state
            .limiter
            .check(Limit::InvoiceEmailsPerAddress, address)
            .await?;
    }
    Ok(())
}

/// The ticked addresses, each checked; at least one.
fn recipients(entries: &[EmailEntry]) -> Result<Vec<Email>, AppError> {
    let mut errors = std::collections::BTreeMap::new();
    let mut to: Vec<Email> = Vec::new();
    for (index, entry) in entries.iter().enumerate() {
        if !entry.enabled {
            continue;
        }
        match Email::parse(&entry.email) {
            Ok(email) if !to.contains(&email) => to.push(email),
            Ok(_) => {}
            Err(message) => {
                errors.insert(format!("emailEntries.{index}.email"), message.to_string());
            }
        }
    }
    if !errors.is_empty() {
        return Err(AppError::Fields(errors));
    }
    if to.is_empty() {
        return Err(AppError::field(
            "emailEntries",
            "Choose at least one email address",
        ));
    }
    if to.len() > 5 {
        return Err(AppError::field("emailEntries", "Up to 5 email addresses"));
    }
    Ok(to)
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct SendRequest {
    pub id: String,
    pub email_entries: Vec<EmailEntry>,
    /// Send a sent invoice again, exactly as first sent.
    pub again: bool,
}

fn send_error(error: SendError) -> AppError {
    match error {
        SendError::NotFound => AppError::NotFound,
        SendError::Sent => AppError::refused(
            StatusCode::CONFLICT,
            "invoice_sent",
            "Invoice sent",
            "This invoice was sent already. Send it again from its page if the client needs it.",
        ),
        SendError::Draft => AppError::refused(
            StatusCode::CONFLICT,
            "invoice_draft",
            "Invoice not sent yet",
            "Only a sent invoice can be sent again.",
        ),
        SendError::NoVatNumber => AppError::refused(
            StatusCode::UNPROCESSABLE_ENTITY,
            "vat_number_missing",
            "No VAT number",
            "A VAT invoice shows your VAT number, and we have none for your business. Send the invoice without VAT, or contact us to add your VAT number.",
        ),
        SendError::NoRate => AppError::refused(
            StatusCode::SERVICE_UNAVAILABLE,
            "rates_unavailable",
            "Exchange rates unavailable",
            "An invoice in another currency shows its VAT in pounds too, and we have no exchange rate just now. Please try again in a few minutes.",
        ),
        SendError::Document(error) => document_error(error),
        SendError::Notify(error) => {
            tracing::error!(%error, "an invoice email was not sent");
            AppError::refused(
                StatusCode::BAD_GATEWAY,
                "email_not_sent",
                "Email not sent",
                "The invoice is marked as sent, but the email could not be delivered. Send it again in a few minutes.",
            )
        }
        SendError::Storage(error) => error.into(),
    }
}

/// Sends a draft to the ticked addresses with its PDF and e-invoice; it becomes `sent` and is
/// not changed again.
#[utoipa::path(post, path = "/v2/invoices/send", tag = "invoices",
    request_body = SendRequest, responses((status = 200, body = Success)))]
async fn send(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(request): ApiJson<SendRequest>,
) -> Result<Json<Success>, AppError> {
    let to = recipients(&request.email_entries)?;
    limit_emails(&state, &profile, &to).await?;
    service::send(
        &state.db,
        &state.notify,
        state.rates.current().as_deref(),
        &state.config.company.trading_name,
        &profile.profile_id,
        request.id.trim(),
        &to,
        request.again,
    )
    .await
    .map_err(send_error)?;
    Ok(Json(Success {
        success: true,
        message: None,
    }))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct CreditNoteRequest {
    pub invoice_id: String,
    /// For part of the invoice: the amount before VAT (decimal text); empty for all of it.
    pub amount: String,
    /// What the part is for; printed as its line.
    pub reason: String,
    pub email_entries: Vec<EmailEntry>,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct CreditNoteMade {
    pub id: String,
}

/// Corrects a sent invoice with a credit note for all or part of it, sent like the invoice.
#[utoipa::path(post, path = "/v2/invoices/credit_notes", tag = "invoices",
    request_body = CreditNoteRequest, responses((status = 200, body = CreditNoteMade)))]
async fn credit_note(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(request): ApiJson<CreditNoteRequest>,
) -> Result<Json<CreditNoteMade>, AppError> {
    let part = match request.amount.trim() {
        "" => None,
        text => {
            let amount = invoice::amount(text, 2)
                .filter(|amount| !amount.is_zero())
                .ok_or_else(|| AppError::field("amount", "Please, select right amount"))?;
            let reason = request.reason.trim();
            if reason.is_empty() {
                return Err(AppError::field("reason", "Field is required"));
            }
            if reason.chars().count() > 200 {
                return Err(AppError::field("reason", "Must be up to 200 characters"));
            }
            Some((amount, reason.to_string()))
        }
    };
    let to = recipients(&request.email_entries)?;
    limit_emails(&state, &profile, &to).await?;
    let id = service::credit_note(
        &state.db,
        &state.notify,
        &state.config.company.trading_name,
        &profile.profile_id,
        request.invoice_id.trim(),
        part,
        &to,
    )
    .await
    .map_err(|error| match error {
        CreditNoteError::NotFound => AppError::NotFound,
        CreditNoteError::Draft => AppError::refused(
            StatusCode::CONFLICT,
            "invoice_draft",
            "Invoice not sent yet",
            "A draft is changed, not credited.",
        ),
        CreditNoteError::Nothing => AppError::field("amount", "Please, select right amount"),
        CreditNoteError::Credit(CreditError::TooMuch) => AppError::field(
            "amount",
            "That is more than is left to credit on this invoice",
        ),
        CreditNoteError::Credit(CreditError::NumberTaken) => AppError::refused(
            StatusCode::CONFLICT,
            "busy",
            "Try again",
            "Several credit notes were being made at once. Please try again.",
        ),
        CreditNoteError::Credit(CreditError::Storage(error)) => error.into(),
        CreditNoteError::Send(error) => send_error(error),
    })?;
    Ok(Json(CreditNoteMade { id }))
}
