//! Sending an invoice to its client, and correcting a sent one with a credit note (issue 29
//! point 4). Sending claims the draft first (one request wins), keeps the document exactly as
//! sent, then emails the PDF and the e-invoice to each address the business ticked. If the mail
//! server fails, the invoice stays sent and can be sent again; nothing is emailed twice unless
//! the business asks.

use rust_decimal::Decimal;

use super::documents::{self, DocumentError};
use crate::domain::auth::email::Email;
use crate::domain::exchange::rates::RateTable;
use crate::domain::ids::ProfileId;
use crate::domain::invoices::document::{self, DocumentKind, InvoiceDocument};
use crate::domain::invoices::invoice::InvoiceStatus;
use crate::domain::messages::{Channel, Message};
use crate::providers::notify::{Notifications, NotifyError};
use crate::store::{self, Db};

pub use crate::store::credit_notes::CreditError;

#[derive(Debug, thiserror::Error)]
pub enum SendError {
    #[error("no such invoice")]
    NotFound,
    /// Already sent (and not asked to send again), or a draft asked to be sent again.
    #[error("the invoice was sent")]
    Sent,
    #[error("the invoice is a draft")]
    Draft,
    /// VAT is charged, but the business gave no VAT number: no VAT invoice without one.
    #[error("no VAT number")]
    NoVatNumber,
    /// VAT in another currency, and no exchange rate to show it in sterling (HMRC) just now.
    #[error("no exchange rate")]
    NoRate,
    #[error(transparent)]
    Document(#[from] DocumentError),
    /// The invoice is sent, but the email did not go.
    #[error(transparent)]
    Notify(#[from] NotifyError),
    #[error(transparent)]
    Storage(#[from] sqlx::Error),
}

/// The email a client receives with the files.
fn message(document: &InvoiceDocument, to: &Email, bank: &str) -> Message {
    let what = match document.kind {
        DocumentKind::Invoice => "invoice",
        DocumentKind::CreditNote => "credit note",
    };
    let subject = format!(
        "{} {} from {}",
        document.title(),
        document.number,
        document.seller.name
    );
    let mut body = format!(
        "Hello {},\n\n{} has sent you {} {} for {}.\n",
        document.buyer.name,
        document.seller.name,
        if what == "invoice" {
            "invoice"
        } else {
            "credit note"
        },
        document.number,
        document.amount(document.total)
    );
    if document.kind == DocumentKind::Invoice {
        let p = &document.pay_to;
        body.push_str(&format!(
            "\nPlease pay by {} to {}, IBAN {}, BIC {}",
            document::printed_date(&document.due_date),
            p.holder,
            p.iban,
            p.bic
        ));
        if let (Some(sort_code), Some(number)) = (&p.sort_code, &p.account_number) {
            body.push_str(&format!(" (sort code {sort_code}, account {number})"));
        }
        body.push_str(&format!(", quoting the reference {}.\n", p.reference));
    }
    body.push_str(&format!(
        "\nThe {what} is attached as a PDF, and as a Peppol BIS Billing 3.0 e-invoice (UBL XML) \
         for your accounting software.\n\nSent through {bank}.\n"
    ));
    Message {
        channel: Channel::Email,
        to: to.as_str().to_string(),
        subject,
        body,
        attachments: documents::files(document),
    }
}

async fn email(
    notify: &Notifications,
    document: InvoiceDocument,
    to: &[Email],
    bank: &str,
) -> Result<(), SendError> {
    let to = to.to_vec();
    let bank = bank.to_string();
    // The PDF and the XML are CPU work.
    let messages = tokio::task::spawn_blocking(move || {
        to.iter()
            .map(|address| message(&document, address, &bank))
            .collect::<Vec<_>>()
    })
    .await
    .map_err(|error| SendError::Storage(sqlx::Error::Io(std::io::Error::other(error))))?;
    for message in messages {
        notify.send(message).await?;
    }
    Ok(())
}

/// Sends one of the profile's drafts to `to`; with `again`, sends a sent invoice again, exactly
/// as it was first sent.
#[allow(clippy::too_many_arguments)]
pub async fn send(
    db: &Db,
    notify: &Notifications,
    rates: Option<&RateTable>,
    bank: &str,
    profile_id: &ProfileId,
    id: &str,
    to: &[Email],
    again: bool,
) -> Result<(), SendError> {
    let stored = store::invoices::find(db, profile_id, id)
        .await?
        .ok_or(SendError::NotFound)?;
    if stored.status == InvoiceStatus::Sent {
        if !again {
            return Err(SendError::Sent);
        }
        let sent = store::invoices::sent(db, profile_id, id)
            .await?
            .ok_or(SendError::NotFound)?;
        return email(notify, sent.document, to, bank).await;
    }
    if again {
        return Err(SendError::Draft);
    }
    let document = documents::of_invoice(db, rates, profile_id, &stored.invoice).await?;
    if document.vat_percent.is_some() && document.seller.vat_number.is_none() {
        return Err(SendError::NoVatNumber);
    }
    if document.lacks_sterling_vat() {
        return Err(SendError::NoRate);
    }
    if !store::invoices::mark_sent(db, profile_id, id, &document, db.now_ms()).await? {
        return Err(SendError::Sent);
    }
    email(notify, document, to, bank).await
}

/// "CN-0003": the `n`th credit note of a profile.
pub fn credit_note_number(n: i64) -> String {
    format!("CN-{n:04}")
}

#[derive(Debug, thiserror::Error)]
pub enum CreditNoteError {
    #[error("no such invoice")]
    NotFound,
    /// Only a sent invoice is corrected by a credit note (a draft is simply changed).
    #[error("the invoice is a draft")]
    Draft,
    /// The part adds up to nothing.
    #[error("nothing to credit")]
    Nothing,
    #[error(transparent)]
    Credit(#[from] CreditError),
    #[error(transparent)]
    Send(#[from] SendError),
}

impl From<sqlx::Error> for CreditNoteError {
    fn from(error: sqlx::Error) -> Self {
        Self::Credit(CreditError::Storage(error))
    }
}

/// Makes a credit note for one of the profile's sent invoices, for all of it or for `part` (a
/// net amount and what it is for), and sends it to `to`; answers its id.
pub async fn credit_note(
    db: &Db,
    notify: &Notifications,
    bank: &str,
    profile_id: &ProfileId,
    invoice_id: &str,
    part: Option<(Decimal, String)>,
    to: &[Email],
) -> Result<String, CreditNoteError> {
    let sent = match store::invoices::sent(db, profile_id, invoice_id).await? {
        Some(sent) => sent,
        None if store::invoices::find(db, profile_id, invoice_id)
            .await?
            .is_some() =>
        {
            return Err(CreditNoteError::Draft)
        }
        None => return Err(CreditNoteError::NotFound),
    };
    let today = crate::domain::london::today(db.now_ms()).to_string();
    // Two notes made at once may both take the next number: the loser asks again.
    let mut attempts = 0;
    let (id, note) = loop {
        let number = credit_note_number(store::credit_notes::next_series(db, profile_id).await?);
        let note = document::credit_note(&sent.document, number, today.clone(), part.clone())
            .filter(|note| note.total > 0)
            .ok_or(CreditNoteError::Nothing)?;
        match store::credit_notes::add(
            db,
            profile_id,
            invoice_id,
            sent.document.total,
            &note,
            db.now_ms(),
        )
        .await
        {
            Ok(id) => break (id, note),
            Err(CreditError::NumberTaken) if attempts < 5 => attempts += 1,
            Err(error) => return Err(error.into()),
        }
    };
    email(notify, note, to, bank).await?;
    Ok(id)
}
