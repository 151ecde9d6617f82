//! Paying the activation fee through the card acquirer (issue 33 point 3): a hosted checkout
//! opened for the fee, the acquirer's signed notifications acted on once whatever their order,
//! and refunds of a second payment that operations send back from suspense, sent by a job
//! until the acquirer takes them.

use std::time::Duration;

use super::fee::{self, FeeError, Settled};
use crate::domain::backoffice::suspense::SuspenseItem;
use crate::domain::onboarding::fee::{FeePayment, FeeStatus, RefundStatus, CARD_ACQUIRING};
use crate::providers::acquirer::{
    Acquirer, AcquirerError, AcquirerEvent, NewCheckout, RefundAnswer, RefundRequest,
};
use crate::store::bookings::BookingError;
use crate::store::users::UserRow;
use crate::store::{self, Db};

/// How long one process holds a refund while it asks the acquirer.
const LEASE_MS: i64 = 60_000;

async fn reported<T>(db: &Db, acquirer: &dyn Acquirer, outcome: &Result<T, AcquirerError>) {
    if let Some(party) = acquirer.party() {
        // A refusal is an answer; only silence or the acquirer's own trouble is a failure.
        let health = match outcome {
            Err(AcquirerError::Unavailable(why)) => Err(why.as_str()),
            _ => Ok(()),
        };
        crate::services::outside_parties::answered(db, party, &health).await;
    }
}

/// Opens a hosted checkout for the person's fee and records it as the fee's card payment
/// under way; answers nothing more (the fee's reply carries the page). The acquirer's refusal
/// or silence records nothing.
pub async fn open_checkout(
    db: &Db,
    acquirer: &dyn Acquirer,
    base_url: &str,
    person: &UserRow,
    fee: &fee::Fee,
) -> Result<Result<(), AcquirerError>, FeeError> {
    let checkout_id = uuid::Uuid::new_v4().to_string();
    let country = store::users::details(db, &person.id)
        .await?
        .and_then(|d| d.country)
        .filter(|c| c.len() == 2)
        .unwrap_or_else(|| "GB".into());
    let checkout = NewCheckout {
        checkout_id: &checkout_id,
        fee_id: &fee.id,
        reference: &fee.reference,
        amount_minor: fee.amount_minor,
        currency: fee.currency.code(),
        country,
        return_url: format!(
            "{}/account-activation/card?checkout={checkout_id}",
            base_url.trim_end_matches('/')
        ),
    };
    let opened = acquirer.start_checkout(&checkout).await;
    reported(db, acquirer, &opened).await;
    let hosted = match opened {
        Ok(hosted) => hosted,
        Err(error) => return Ok(Err(error)),
    };
    // The sandbox's page is the bank's own and is found by the checkout's id.
    let url = acquirer.party().map(|_| hosted.url.as_str());
    store::registration_fees::choose(
        db,
        &fee.id,
        FeePayment::Card,
        FeeStatus::Pending,
        Some((&checkout_id, url)),
    )
    .await?;
    Ok(Ok(()))
}

/// Acts on an acquirer's notification. A payment settles the fee once (a replay finds it
/// booked; a payment after the account opened waits in suspense for a refund); a decline marks
/// only a checkout still unpaid; a refund's outcome concludes it once, a refused one bringing
/// the money back to suspense.
pub async fn notified(db: &Db, event: &AcquirerEvent) -> Result<(), FeeError> {
    match event {
        AcquirerEvent::Paid {
            checkout_id,
            fee_id,
            payment_id,
        } => {
            let by_fee = match fee_id {
                Some(id) => store::registration_fees::by_id(db, id).await?,
                None => None,
            };
            let fee = match by_fee {
                Some(fee) => Some(fee),
                None => fee::by_checkout(db, checkout_id).await?,
            };
            let Some(fee) = fee else {
                tracing::warn!(
                    checkout = checkout_id,
                    payment = payment_id,
                    "the acquirer reports a payment of no fee the bank knows"
                );
                return Ok(());
            };
            let settled =
                fee::settle(db, &fee, FeePayment::Card, payment_id, CARD_ACQUIRING).await?;
            if settled == Settled::AlreadyPaid {
                tracing::info!(fee = %fee.id, payment = payment_id, "fee payment already booked");
            }
        }
        AcquirerEvent::Declined { checkout_id } => fee::checkout_failed(db, checkout_id).await?,
        AcquirerEvent::Refunded { refund_id } => {
            let mut tx = db.begin_write().await?;
            let now = db.now_ms();
            if store::acquirer_refunds::conclude_in(
                &mut tx,
                refund_id,
                RefundStatus::Refunded,
                "",
                now,
            )
            .await?
            {
                tracing::info!(refund = refund_id, "the acquirer made the refund");
            }
            tx.commit().await?;
        }
        AcquirerEvent::RefundDeclined { refund_id, reason } => {
            refund_refused(db, refund_id, reason).await?;
        }
        AcquirerEvent::Ignored(what) => tracing::debug!(what, "acquirer notification ignored"),
    }
    Ok(())
}

/// A refund the acquirer refused: concluded once, and its money back in suspense (a new item
/// saying why) in the same transaction.
async fn refund_refused(db: &Db, refund_id: &str, reason: &str) -> Result<(), FeeError> {
    let Some(item) = store::suspense::by_id(db, refund_id).await? else {
        tracing::warn!(refund = refund_id, "a refused refund of no suspense item");
        return Ok(());
    };
    let now = db.now_ms();
    let mut tx = db.begin_write().await?;
    if !store::acquirer_refunds::conclude_in(&mut tx, refund_id, RefundStatus::Failed, reason, now)
        .await?
    {
        return Ok(());
    }
    match store::bookings::refused_return_in(&mut tx, &item, reason, now).await {
        Ok(_) | Err(BookingError::Duplicate) => {}
        Err(error) => return Err(FeeError::Broken(error.to_string())),
    }
    tx.commit().await?;
    tracing::warn!(
        refund = refund_id,
        reason,
        "the acquirer refused a refund: back in suspense"
    );
    Ok(())
}

/// Whether money returned from suspense goes back through the card acquirer (a second fee paid
/// by card or Apple Pay), and the payment to refund.
pub fn refund_of(item: &SuspenseItem) -> Option<&str> {
    if item.scheme != CARD_ACQUIRING {
        return None;
    }
    // Kept as "<method> <payment id>" when the payment went to suspense (`fee::settle`), with
    // the reason after it once a refund of it was refused.
    item.reference.split_whitespace().nth(1)
}

/// Queues the refund of a returned item in the return's transaction.
pub async fn queue_refund_in(
    conn: &mut sqlx::AnyConnection,
    item: &SuspenseItem,
    now: i64,
) -> Result<(), sqlx::Error> {
    if let Some(payment_id) = refund_of(item) {
        store::acquirer_refunds::queue_in(
            conn,
            &item.id,
            payment_id,
            item.currency,
            item.amount,
            now,
        )
        .await?;
    }
    Ok(())
}

/// Asks the acquirer for up to `at_most` queued refunds due at `now`; answers how many it
/// asked. A refund not answered is tried again after a backoff, under the same id.
pub async fn send_due_refunds(
    db: &Db,
    acquirer: &dyn Acquirer,
    retry_base: Duration,
    now: i64,
    at_most: i64,
) -> Result<usize, FeeError> {
    let due = store::acquirer_refunds::due(db, now, at_most).await?;
    let mut asked = 0;
    for refund in due {
        if !store::acquirer_refunds::claim(db, &refund.id, now, now + LEASE_MS).await? {
            continue;
        }
        asked += 1;
        let request = RefundRequest {
            refund_id: &refund.id,
            payment_id: &refund.payment_id,
            amount_minor: refund.amount_minor,
        };
        let answer = acquirer.refund(&request).await;
        reported(db, acquirer, &answer).await;
        let now = now.max(db.now_ms());
        match answer {
            Ok(RefundAnswer::Accepted(action)) => {
                store::acquirer_refunds::mark_sent(db, &refund.id, &action, now).await?;
            }
            Ok(RefundAnswer::Refunded(_)) => {
                notified(
                    db,
                    &AcquirerEvent::Refunded {
                        refund_id: refund.id.clone(),
                    },
                )
                .await?;
            }
            Err(AcquirerError::Refused(reason)) => {
                refund_refused(db, &refund.id, &reason).await?;
            }
            Err(error) => {
                let wait = crate::domain::clock::backoff(retry_base, refund.attempts + 1);
                tracing::warn!(refund = refund.id, %error, wait_ms = wait, "refund not taken: tried again later");
                store::acquirer_refunds::retry_at(
                    db,
                    &refund.id,
                    now + wait,
                    &error.to_string(),
                    now,
                )
                .await?;
            }
        }
    }
    Ok(asked)
}
