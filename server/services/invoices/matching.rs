//! Money in, matched to the sent invoice its reference names (issue 29 point 5). A background
//! job looks at each new incoming payment on an account with sent invoices once; what it
//! records is claimed per transaction, so several servers may run it.

use crate::domain::invoices::matching::{self, Candidate};
use crate::store::{self, Db};

/// How far back the job looks: a payment is matched within a second of arriving; this only
/// bounds the search after a long outage.
const LOOK_BACK_MS: i64 = 30 * 24 * 3_600_000;

/// Looks at up to `limit` unexamined payments; answers how many it matched to an invoice.
pub async fn match_due(db: &Db, now: i64, limit: i64) -> Result<usize, sqlx::Error> {
    let credits = store::invoice_payments::unchecked(db, now - LOOK_BACK_MS, limit).await?;
    let mut matched = 0;
    for credit in credits {
        let payable = store::invoice_payments::payable(db, &credit.account_id).await?;
        let candidates: Vec<Candidate<'_>> = payable
            .iter()
            .map(|p| Candidate {
                id: &p.id,
                number: &p.number,
                reference: &p.reference,
            })
            .collect();
        let invoice = matching::invoice_named(&credit.details, &candidates);
        if store::invoice_payments::record(db, &credit, invoice, now).await? && invoice.is_some() {
            matched += 1;
        }
    }
    Ok(matched)
}

/// Where a sent invoice stands: what came in, what was credited, and so its status.
pub struct Standing {
    pub sent_at: i64,
    pub reference: String,
    pub paid: i64,
    pub credited: i64,
    pub status: matching::PaymentStatus,
    pub payments: Vec<store::invoice_payments::Payment>,
    pub credit_notes: Vec<store::credit_notes::StoredCreditNote>,
}

/// The standing of one of the profile's invoices; None for a draft.
pub async fn standing(
    db: &Db,
    profile_id: &crate::domain::ids::ProfileId,
    id: &str,
) -> Result<Option<Standing>, sqlx::Error> {
    let Some(sent) = store::invoices::sent(db, profile_id, id).await? else {
        return Ok(None);
    };
    let today = crate::domain::london::today(db.now_ms());
    let due = crate::domain::invoices::invoice::date(&sent.document.due_date).unwrap_or(today);
    Ok(Some(Standing {
        status: matching::status(sent.document.total, sent.credited, sent.paid, due, today),
        sent_at: sent.sent_at,
        reference: sent.reference,
        paid: sent.paid,
        credited: sent.credited,
        payments: store::invoice_payments::of_invoice(db, id).await?,
        credit_notes: store::credit_notes::of_invoice(db, profile_id, id).await?,
    }))
}

/// The invoice a transaction paid, as (id, number), for the transaction's page.
pub async fn invoice_paid_by(
    db: &Db,
    transaction_id: &str,
) -> Result<Option<(String, String)>, sqlx::Error> {
    store::invoice_payments::invoice_of(db, transaction_id).await
}
