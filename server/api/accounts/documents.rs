//! SPEC §7 "Documents" for accounts: the statement (PDF, CSV or camt.053, streamed), the proof of
//! one transaction and the proof-of-account letter, for the caller's own profile only.

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::bank_accounts::{owned, sort_code_text};
use super::transactions::{day_bound, owned_transaction};
use crate::api::error::{ApiQuery, AppError};
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
use crate::config::Company;
use crate::domain::accounts::money::{display, Currency, Money};
use crate::domain::accounts::statements::pdf::PdfBook;
use crate::domain::accounts::statements::{Format, Header, Line};
use crate::domain::london::{self, local_time};
use crate::services::accounts::history::{self, Transaction};
use crate::services::accounts::BankAccount;

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(statement))
        .routes(routes!(transaction_proof))
        .routes(routes!(proof_letter))
}

/// SPEC §2: statements start no earlier than 1 September 2022.
pub const EARLIEST: &str = "2022-09-01";

#[derive(serde::Deserialize, serde::Serialize, Default, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
#[into_params(parameter_in = Query)]
pub struct StatementQuery {
    /// The bank account.
    pub ent_id: String,
    /// `yyyy-MM-dd`, a London day, from 2022-09-01.
    pub created_from: String,
    /// `yyyy-MM-dd`, a London day (inclusive).
    pub created_to: String,
    /// `pdf`, `csv` or `camt053`.
    pub format: String,
}

/// A file to download, never cached.
pub(crate) fn attachment(content_type: &str, filename: &str, body: Body) -> Response {
    (
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, content_type.to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{filename}\""),
            ),
            (header::CACHE_CONTROL, "no-store".to_string()),
        ],
        body,
    )
        .into_response()
}

/// An account statement for a period, streamed (SPEC §7).
#[utoipa::path(get, path = "/v2/documents/statement", tag = "accounts", params(StatementQuery),
    responses((status = 200, description = "The statement file",
        content((Vec<u8> = "application/pdf"), (String = "text/csv"), (String = "application/xml")))))]
async fn statement(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiQuery(query): ApiQuery<StatementQuery>,
) -> Result<Response, AppError> {
    profile.require_transactions()?;
    if query.created_from.is_empty() || query.created_to.is_empty() {
        return Err(AppError::field("createdFrom", "Date interval not selected"));
    }
    let from = day_bound(&query.created_from, false)
        .ok_or_else(|| AppError::field("createdFrom", "Invalid date"))?;
    let to = day_bound(&query.created_to, true)
        .ok_or_else(|| AppError::field("createdTo", "Invalid date"))?;
    if from < day_bound(EARLIEST, false).unwrap_or_default() {
        return Err(AppError::field(
            "createdFrom",
            "Statements start on 1 September 2022",
        ));
    }
    if to < from {
        return Err(AppError::field(
            "createdTo",
            "The end date is before the start date",
        ));
    }
    let format = Format::parse(&query.format)
        .ok_or_else(|| AppError::field("format", "Field is required"))?;
    if query.ent_id.is_empty() {
        return Err(AppError::field("entId", "Field is required"));
    }
    let account = owned(&state, &profile, &query.ent_id).await?;
    let db = &state.db;
    let frame = history::statement_frame(db, &account.id, from, to).await?;
    let header = Header {
        statement_id: format!("STMT-{}", uuid::Uuid::new_v4().simple()),
        bank_name: state.config.company.legal_name.clone(),
        bank_address: state.config.company.address.clone(),
        holder: account.name.clone(),
        iban: account.iban.clone(),
        bic: account.bic.clone(),
        sort_code: sort_code_text(&account),
        account_number: (account.currency == Currency::Gbp).then(|| account.account_number.clone()),
        currency: account.currency,
        from: query.created_from.clone(),
        to: query.created_to.clone(),
        opening: frame.opening,
        closing: frame.closing,
        line_count: frame.line_count as usize,
        generated_at: local_time(state.db.now_ms()),
    };
    let mut rows = history::statement_rows(db, account.id.clone(), from, to);
    let (sender, receiver) = tokio::sync::mpsc::channel::<Result<Bytes, std::io::Error>>(8);
    // Formatting (the PDF above all) is CPU work: it runs on the blocking pool, fed by the
    // database reader and feeding the response through bounded channels.
    tokio::task::spawn_blocking(move || {
        let mut writer = format.writer();
        let mut buffer = writer.start(&header);
        while let Some(row) = rows.blocking_recv() {
            match row {
                Ok(txn) => buffer.extend(writer.line(&line_of(&txn))),
                Err(error) => {
                    tracing::error!(%error, "statement read failed");
                    let _ =
                        sender.blocking_send(Err(std::io::Error::other("statement read failed")));
                    return;
                }
            }
            if buffer.len() >= 32 * 1024
                && sender
                    .blocking_send(Ok(Bytes::from(std::mem::take(&mut buffer))))
                    .is_err()
            {
                return;
            }
        }
        buffer.extend(writer.finish(&header));
        let _ = sender.blocking_send(Ok(Bytes::from(buffer)));
    });
    // Fused: the body may be polled once more after the end.
    let stream = futures_util::StreamExt::fuse(futures_util::stream::unfold(
        receiver,
        |mut receiver| async move { receiver.recv().await.map(|item| (item, receiver)) },
    ));
    let filename = format!(
        "statement-{}-{}.{}",
        query.created_from,
        query.created_to,
        format.extension()
    );
    Ok(attachment(
        format.content_type(),
        &filename,
        Body::from_stream(stream),
    ))
}

fn line_of(txn: &Transaction) -> Line {
    Line {
        id: txn.id.to_string(),
        booked_at: local_time(txn.created_at),
        kind: txn.kind.as_str().to_string(),
        description: txn.details.clone(),
        counterparty: txn.counterparty_name.clone().unwrap_or_default(),
        amount: txn.amount_total,
        fee: txn.fee,
        balance_after: txn.balance_after.unwrap_or_default(),
    }
}

#[derive(serde::Deserialize, serde::Serialize, Default, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
#[into_params(parameter_in = Query)]
pub struct EntityQuery {
    /// The transaction (proof) or bank account (letter).
    pub ent_id: String,
}

fn type_label(kind: &str) -> String {
    let mut label = kind.replace('_', " ");
    if let Some(first) = label.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    label
}

/// The proof of one transaction, as a PDF.
#[utoipa::path(get, path = "/v2/documents/txn_proof", tag = "accounts", params(EntityQuery),
    responses((status = 200, description = "The proof", content((Vec<u8> = "application/pdf")))))]
async fn transaction_proof(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiQuery(query): ApiQuery<EntityQuery>,
) -> Result<Response, AppError> {
    let (txn, account) = owned_transaction(&state, &profile, &query.ent_id).await?;
    let filename = crate::domain::accounts::statements::file_names::transaction_proof(
        txn.counterparty_name.as_deref(),
        &txn.details,
        &london::day_of(txn.created_at),
    );
    let config = state.config.clone();
    let today = london::day_of(state.db.now_ms());
    let bytes = state
        .cpu
        .run(move || proof_pdf(&txn, &account, &config.company, &today))
        .await?;
    Ok(attachment("application/pdf", &filename, Body::from(bytes)))
}

fn proof_pdf(txn: &Transaction, account: &BankAccount, company: &Company, today: &str) -> Vec<u8> {
    let currency = account.currency;
    let mut book = PdfBook::default();
    book.new_page(&company.legal_name, &company.address);
    book.heading("Transaction confirmation");
    book.field(
        "Date",
        &local_time(txn.created_at)
            .replace('T', " ")
            .chars()
            .take(19)
            .collect::<String>(),
    );
    book.field("Type", &type_label(txn.kind.as_str()));
    book.field("Status", &type_label(txn.status.as_str()));
    book.field("Amount", &display(txn.amount, currency));
    if txn.fee > 0 {
        book.field("Fee", &display(txn.fee, currency));
        book.field("Total", &display(txn.amount_total, currency));
    }
    if let (Some(other), Some(amount)) = (txn.conversion_currency, txn.conversion_amount_total) {
        book.field("Converted", &Money::new(amount, other).to_string());
    }
    book.field("Reference", &txn.details);
    let (from_label, to_label) = if txn.amount > 0 {
        ("From", "To")
    } else {
        ("To", "From")
    };
    if let Some(name) = &txn.counterparty_name {
        let account_text = txn.counterparty_account.as_deref().unwrap_or_default();
        book.field(from_label, format!("{name} {account_text}").trim());
    }
    book.field(to_label, &format!("{} {}", account.name, account.iban));
    book.field("Transaction ID", &txn.id);
    book.line_break(10.0);
    book.paragraph(&format!(
        "This confirmation was produced by {} on {}. {} is registered in England and Wales, company number {}.",
        company.trading_name,
        today,
        company.legal_name,
        company.company_number
    ));
    book.finish("Transaction confirmation")
}

/// The proof-of-account letter, as a PDF.
#[utoipa::path(get, path = "/v2/documents/proof_letter", tag = "accounts", params(EntityQuery),
    responses((status = 200, description = "The letter", content((Vec<u8> = "application/pdf")))))]
async fn proof_letter(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiQuery(query): ApiQuery<EntityQuery>,
) -> Result<Response, AppError> {
    if !profile.access.loads_accounts() {
        return Err(AppError::Forbidden);
    }
    let account = owned(&state, &profile, &query.ent_id).await?;
    let config = state.config.clone();
    let today = london::day_of(state.db.now_ms());
    let bytes = state
        .cpu
        .run(move || proof_letter_pdf(&account, &config.company, &today))
        .await?;
    Ok(attachment(
        "application/pdf",
        "proof-of-account.pdf",
        Body::from(bytes),
    ))
}

fn proof_letter_pdf(account: &BankAccount, company: &Company, today: &str) -> Vec<u8> {
    let mut book = PdfBook::default();
    book.new_page(&company.legal_name, &company.address);
    book.field("Date", today);
    book.line_break(6.0);
    book.heading("Confirmation of account details");
    book.paragraph(&format!(
        "To whom it may concern: we confirm that {} holds the account below with {}. The account is {}.",
        account.name,
        company.legal_name,
        if account.status.usable() { "open and active" } else { "not active" }
    ));
    book.field("Account holder", &account.name);
    book.field("Currency", account.currency.code());
    book.field("IBAN", &account.iban);
    book.field("BIC", &account.bic);
    if let Some(sort_code) = sort_code_text(account) {
        book.field("Sort code", &sort_code);
        book.field("Account number", &account.account_number);
    }
    book.field("Bank", &company.legal_name);
    book.line_break(10.0);
    book.paragraph(&format!(
        "{} is registered in England and Wales, company number {}, and authorised by the Financial Conduct Authority (reference {}). Questions: {} or {}.",
        company.legal_name, company.company_number, company.regulator_reference, company.support_email, company.support_phone
    ));
    book.finish("Confirmation of account details")
}
