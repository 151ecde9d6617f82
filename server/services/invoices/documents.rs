//! The printed invoice (issue 29 point 3): made from a checked invoice, the business's legal
//! details as its onboarding recorded them, the client's as the business keeps them, and the
//! account it asks to be paid into.

use crate::domain::accounts::identifiers::sort_code_display;
use crate::domain::accounts::money::Currency;
use crate::domain::exchange::rates::RateTable;
use crate::domain::ids::ProfileId;
use crate::domain::invoices::document::{InvoiceDocument, InvoiceParty, PayTo};
use crate::domain::invoices::invoice::Invoice;
use crate::domain::invoices::partner::Partner;
use crate::domain::onboarding::countries;
use crate::store::{self, Db};

/// Why the document cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum DocumentError {
    /// The account is not one of the profile's open accounts.
    #[error("not the profile's account")]
    Account,
    /// The partner is not one of the profile's.
    #[error("not the profile's partner")]
    Partner,
    #[error(transparent)]
    Storage(#[from] sqlx::Error),
}

fn country_name(code: &str) -> String {
    countries::all()
        .into_iter()
        .find(|country| country.code == code)
        .map(|country| country.name.to_string())
        .unwrap_or_else(|| code.to_string())
}

fn some(text: &str) -> Option<String> {
    Some(text.trim().to_string()).filter(|t| !t.is_empty())
}

/// The business as its invoices name it: its registered name, office, company and VAT numbers.
pub async fn seller(db: &Db, profile_id: &ProfileId) -> Result<InvoiceParty, sqlx::Error> {
    let name = store::profiles::name(db, profile_id)
        .await?
        .unwrap_or_default();
    let Some(onboarding) = store::onboardings::by_profile(db, profile_id).await? else {
        return Ok(InvoiceParty {
            name,
            street: String::new(),
            city: String::new(),
            postcode: None,
            country: "GB".into(),
            country_name: country_name("GB"),
            registration_number: None,
            vat_number: None,
            email: None,
        });
    };
    let d = onboarding.data;
    let street = [d.legal_building_number.trim(), d.legal_address_1.trim()]
        .into_iter()
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let country = some(&d.legal_country).unwrap_or_else(|| d.country.clone());
    Ok(InvoiceParty {
        name: some(&d.name).unwrap_or(name),
        street,
        city: d.legal_city.trim().to_string(),
        postcode: some(&d.legal_postcode),
        country_name: country_name(&country),
        country,
        registration_number: some(&d.number),
        vat_number: some(&d.vat_number).map(|vat| vat.replace(' ', "").to_uppercase()),
        email: some(&d.email),
    })
}

/// The client as printed.
pub fn buyer(partner: &Partner) -> InvoiceParty {
    InvoiceParty {
        name: partner.name.clone(),
        street: partner.address1.clone(),
        city: partner.city.clone(),
        postcode: partner.postcode.clone(),
        country_name: country_name(&partner.country),
        country: partner.country.clone(),
        registration_number: partner.registration_number.clone(),
        vat_number: partner.vat_number.clone(),
        email: Some(partner.email.clone()).filter(|e| !e.is_empty()),
    }
}

/// The document for an invoice of the profile, saved or not: its account must be one of the
/// profile's open accounts (which gives its currency) and its partner one of the profile's.
pub async fn of_invoice(
    db: &Db,
    rates: Option<&RateTable>,
    profile_id: &ProfileId,
    invoice: &Invoice,
) -> Result<InvoiceDocument, DocumentError> {
    let account = crate::services::accounts::of_profile(db, profile_id)
        .await?
        .into_iter()
        .find(|account| account.id.as_str() == invoice.bank_account_id && account.status.open())
        .ok_or(DocumentError::Account)?;
    let partner = store::invoice_partners::find(db, profile_id, &invoice.partner_id)
        .await?
        .ok_or(DocumentError::Partner)?;
    let seller = seller(db, profile_id).await?;
    let pay_to = PayTo {
        holder: seller.name.clone(),
        sort_code: account.sort_code.as_deref().map(sort_code_display),
        account_number: (account.currency == Currency::Gbp).then(|| account.account_number.clone()),
        iban: account.iban.clone(),
        bic: account.bic.clone(),
        reference: String::new(),
    };
    let document = InvoiceDocument::of_invoice(
        invoice,
        account.currency,
        seller,
        buyer(&partner.partner),
        pay_to,
    );
    // HMRC: VAT on an invoice in another currency is shown in sterling too, at today's
    // mid-market rate.
    Ok(
        match rates.and_then(|table| Some((table.mid(account.currency, Currency::Gbp)?, table))) {
            Some((rate, table)) => document.with_sterling_vat(rate, &table.as_of),
            None => document,
        },
    )
}

/// The document of one of the profile's invoices or credit notes: a sent invoice or a credit
/// note exactly as sent, a draft as it stands now. None when the id is none of the profile's.
pub async fn of_stored(
    db: &Db,
    rates: Option<&RateTable>,
    profile_id: &ProfileId,
    id: &str,
) -> Result<Option<InvoiceDocument>, DocumentError> {
    if let Some(document) = sent_document(db, profile_id, id).await? {
        return Ok(Some(document));
    }
    match store::invoices::find(db, profile_id, id).await? {
        Some(stored) => Ok(Some(
            of_invoice(db, rates, profile_id, &stored.invoice).await?,
        )),
        None => Ok(None),
    }
}

/// A sent invoice or credit note of the profile's, exactly as sent.
pub async fn sent_document(
    db: &Db,
    profile_id: &ProfileId,
    id: &str,
) -> Result<Option<InvoiceDocument>, sqlx::Error> {
    if let Some(note) = store::credit_notes::find(db, profile_id, id).await? {
        return Ok(Some(note.document));
    }
    Ok(store::invoices::sent(db, profile_id, id)
        .await?
        .map(|sent| sent.document))
}

/// The files a client receives: the PDF and the UBL e-invoice, named after the document.
pub fn files(document: &InvoiceDocument) -> Vec<crate::domain::messages::Attachment> {
    use crate::domain::invoices::{pdf, ubl};
    let stem = file_stem(document);
    vec![
        crate::domain::messages::Attachment {
            filename: format!("{stem}.pdf"),
            content_type: "application/pdf".into(),
            content: pdf::render(document),
        },
        crate::domain::messages::Attachment {
            filename: format!("{stem}.xml"),
            content_type: "application/xml".into(),
            content: ubl::render(document),
        },
    ]
}

/// A file name from a document number: "INV-0007" gives "invoice-INV-0007".
pub fn file_stem(document: &InvoiceDocument) -> String {
    use crate::domain::invoices::document::DocumentKind;
    let kind = match document.kind {
        DocumentKind::Invoice => "invoice",
        DocumentKind::CreditNote => "credit-note",
    };
    let number: String = document
        .number
        .chars()
        .map(|c| if c == '/' { '-' } else { c })
        .collect();
    format!("{kind}-{number}")
}
