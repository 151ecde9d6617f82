//! Operations' queues (issue 32 point 3): money in suspense, credited to the customer it was
//! for or sent back (four eyes: proposed here, made when a second member approves, in
//! `proposals::decide`); transfers the payee's bank returned; and money in that named no
//! invoice on an account waiting for one, counted towards the right invoice by hand.

use serde_json::json;

use super::proposals::{damaged, ProposalError};
use super::Actor;
use crate::domain::backoffice::audit::StaffAction;
use crate::domain::backoffice::proposals::{Proposal, ProposalKind};
use crate::domain::backoffice::suspense::{
    may_match, may_return, ReleaseAction, SuspenseItem, SuspenseStatus,
};
use crate::domain::ids::{AccountId, TransactionId};
use crate::store::bookings::{self, BookingError};
use crate::store::{self, Db};

pub use store::acquirer_refunds::Followed as CardRefund;
pub use store::invoice_payments::Unmatched;
pub use store::transfers::Returned;

/// The queues are worked from the oldest; this many at a time.
const QUEUE_SIZE: i64 = 200;
/// Returned transfers and unmatched payments are looked at for this long.
const LOOK_BACK_MS: i64 = 90 * 24 * 3_600_000;

/// An item of suspense, and whether a release of it waits for a second member.
pub struct InSuspense {
    pub item: SuspenseItem,
    pub proposed: bool,
}

/// What suspense holds, oldest first.
pub async fn suspense(db: &Db, actor: &Actor<'_>) -> Result<Vec<InSuspense>, sqlx::Error> {
    let items = store::suspense::open(db, QUEUE_SIZE).await?;
    let waiting = store::staff_proposals::pending(db, db.now_ms()).await?;
    super::audit(db, actor, StaffAction::QueueViewed, None, "", "suspense").await?;
    Ok(items
        .into_iter()
        .map(|item| InSuspense {
            proposed: waiting
                .iter()
                .any(|p| p.kind == ProposalKind::ReleaseSuspense && p.subject == item.id),
            item,
        })
        .collect())
}

fn not_possible(message: &str) -> ProposalError {
    ProposalError::NotPossible(message.into())
}

/// Checks that a release can be made as proposed; answers what the proposal keeps of it.
pub(super) async fn release_checked(
    db: &Db,
    item_id: &str,
    action: ReleaseAction,
    iban: Option<&str>,
) -> Result<serde_json::Value, ProposalError> {
    let item = store::suspense::by_id(db, item_id)
        .await?
        .ok_or_else(|| not_possible("There is no such money in suspense."))?;
    let amount = crate::domain::accounts::money::display(item.amount, item.currency);
    match action {
        ReleaseAction::Return => {
            may_return(&item).map_err(|refusal| not_possible(refusal.message()))?;
            Ok(json!({ "action": action, "amount": amount }))
        }
        ReleaseAction::Match => {
            let iban = iban.unwrap_or_default();
            let account = store::bank_accounts::by_iban_or_number(db, iban)
                .await?
                .filter(|_| !iban.trim().is_empty())
                .ok_or_else(|| not_possible("No account of the bank has that IBAN."))?;
            may_match(&item, account.currency, account.status)
                .map_err(|refusal| not_possible(refusal.message()))?;
            Ok(json!({
                "action": action,
                "amount": amount,
                "accountId": account.id,
                "iban": account.iban,
                "accountName": account.name,
            }))
        }
    }
}

/// Makes an approved release in the approval's transaction: the item is closed (once, whoever
/// races) and the money booked out of suspense under its release key.
pub(super) async fn release_in(
    db: &Db,
    tx: &mut sqlx::AnyConnection,
    proposal: &Proposal,
    now: i64,
) -> Result<ReleaseAction, ProposalError> {
    let payload: serde_json::Value =
        serde_json::from_str(&proposal.payload).map_err(|_| damaged())?;
    let action = payload["action"]
        .as_str()
        .and_then(ReleaseAction::parse)
        .ok_or_else(damaged)?;
    let item = store::suspense::by_id(db, &proposal.subject)
        .await?
        .ok_or_else(damaged)?;
    let booking_refused = |error: BookingError| match error {
        BookingError::Sql(error) => ProposalError::Sql(error),
        BookingError::AccountNotUsable => {
            not_possible("That account cannot receive money in its status any more.")
        }
        BookingError::Duplicate => not_possible("This money has left suspense already."),
        other => ProposalError::NotPossible(other.to_string()),
    };
    let (status, account_id, entry_id) = match action {
        ReleaseAction::Match => {
            let account_id = AccountId::from(
                payload["accountId"]
                    .as_str()
                    .ok_or_else(damaged)?
                    .to_string(),
            );
            let account = store::bank_accounts::by_id(db, &account_id)
                .await?
                .ok_or_else(damaged)?;
            let (_, entry) = bookings::release_to_account_in(tx, db.backend, &item, &account, now)
                .await
                .map_err(booking_refused)?;
            (SuspenseStatus::Matched, Some(account_id), entry)
        }
        ReleaseAction::Return => {
            let entry = bookings::return_in(tx, &item, now)
                .await
                .map_err(booking_refused)?;
            // A second fee paid by card goes back through the acquirer: its refund is asked
            // by the refund job, once the return is committed.
            crate::services::onboarding::card_payments::queue_refund_in(tx, &item, now).await?;
            (SuspenseStatus::Returned, None, entry)
        }
    };
    let released = store::suspense::Released {
        status,
        account_id: account_id.as_ref().map(|id| id.as_str()),
        entry_id: &entry_id,
    };
    if !store::suspense::close_in(tx, &item.id, &released, now).await? {
        return Err(not_possible("This money has left suspense already."));
    }
    Ok(action)
}

/// Transfers returned in the last 90 days, the latest first.
pub async fn returned(db: &Db, actor: &Actor<'_>) -> Result<Vec<Returned>, sqlx::Error> {
    let since = db.now_ms() - LOOK_BACK_MS;
    let returned = store::transfers::returned_since(db, since, QUEUE_SIZE).await?;
    super::audit(db, actor, StaffAction::QueueViewed, None, "", "returned").await?;
    Ok(returned)
}

/// Refunds of second activation fees asked of the card acquirer in the last 90 days, the
/// latest first: queued, sent, made, or refused (a refused one is back in suspense).
pub async fn card_refunds(db: &Db, actor: &Actor<'_>) -> Result<Vec<CardRefund>, sqlx::Error> {
    let since = db.now_ms() - LOOK_BACK_MS;
    let refunds = store::acquirer_refunds::since(db, since, QUEUE_SIZE).await?;
    super::audit(
        db,
        actor,
        StaffAction::QueueViewed,
        None,
        "",
        "card-refunds",
    )
    .await?;
    Ok(refunds)
}

/// Money in that named no invoice, with the invoices of its account still waiting to be paid:
/// (id, number, total, paid).
pub struct UnmatchedPayment {
    pub payment: Unmatched,
    pub invoices: Vec<(String, String, i64, i64)>,
}

/// Unmatched payments of the last 90 days on accounts waiting for an invoice, oldest first.
pub async fn unmatched(db: &Db, actor: &Actor<'_>) -> Result<Vec<UnmatchedPayment>, sqlx::Error> {
    let since = db.now_ms() - LOOK_BACK_MS;
    let payments = store::invoice_payments::unmatched(db, since, QUEUE_SIZE).await?;
    let mut queue = Vec::with_capacity(payments.len());
    for payment in payments {
        let invoices = store::invoice_payments::outstanding(db, &payment.account_id).await?;
        queue.push(UnmatchedPayment { payment, invoices });
    }
    super::audit(db, actor, StaffAction::QueueViewed, None, "", "unmatched").await?;
    Ok(queue)
}

#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    #[error("say why")]
    NoReason,
    /// Matched meanwhile, or the invoice is not a sent invoice of the account it came into.
    #[error("the payment cannot pay that invoice")]
    NotPossible,
    #[error(transparent)]
    Sql(#[from] sqlx::Error),
}

/// Counts an unmatched payment towards an invoice of the account it came into (no money moves:
/// it is on the customer's account already), with the member's reason in the audit log.
pub async fn match_payment(
    db: &Db,
    actor: &Actor<'_>,
    transaction_id: &TransactionId,
    invoice_id: &str,
    why: &str,
) -> Result<(), MatchError> {
    let why = super::customers::reason(why).map_err(|_| MatchError::NoReason)?;
    let now = db.now_ms();
    let mut tx = db.begin_write().await?;
    if !store::invoice_payments::assign_in(&mut tx, transaction_id.as_str(), invoice_id).await? {
        return Err(MatchError::NotPossible);
    }
    let detail = json!({ "transaction": transaction_id, "invoice": invoice_id }).to_string();
    let entry = actor.entry(
        StaffAction::InvoicePaymentMatched,
        Some(invoice_id),
        why,
        &detail,
    );
    store::staff_audit::record_in(&mut tx, &entry, now).await?;
    tx.commit().await?;
    Ok(())
}
