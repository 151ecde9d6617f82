//! The scheme job's use case: settles or returns the transfers whose time has come, one per
//! database transaction. A transfer's status moves only from pending, in the same transaction
//! as its booking: a crash rolls both back, and the next run takes it up again.

use crate::domain::accounts::money::Money;
use crate::domain::payments::settlement::{self, Outcome, TransferStatus};
use crate::store::bookings::{self, BookingError};
use crate::store::{self, Db};

/// Settles or returns up to `at_most` due transfers, and answers how many it finished.
pub async fn settle_due(db: &Db, now: i64, at_most: usize) -> Result<usize, BookingError> {
    if !store::transfers::any_due(db, now).await? {
        return Ok(0);
    }
    let mut done = 0;
    while done < at_most {
        if !settle_one(db, now).await? {
            break;
        }
        done += 1;
    }
    Ok(done)
}

async fn settle_one(db: &Db, now: i64) -> Result<bool, BookingError> {
    let mut tx = db.begin_write().await?;
    let Some(due) = store::transfers::claim_due_in(&mut tx, db.backend, now).await? else {
        tx.rollback().await?;
        return Ok(false);
    };
    let (status, reason) = match settlement::sandbox_outcome(&due.payee_name) {
        Outcome::Settled => (TransferStatus::Completed, None),
        Outcome::Returned(reason) => {
            let account = store::bank_accounts::by_id_in(&mut tx, &due.bank_account_id)
                .await?
                .ok_or_else(|| {
                    BookingError::Ledger(format!("transfer {} has no account", due.id))
                })?;
            let details = format!("Returned: {} ({reason})", due.payee_name);
            bookings::transfer_returned(
                &mut tx,
                &account,
                due.scheme,
                Money::new(due.amount, account.currency),
                Money::new(due.fee, account.currency),
                &details,
                now,
            )
            .await?;
            (TransferStatus::Returned, Some(reason))
        }
    };
    store::transfers::set_status_in(&mut tx, &due.id, &due.transaction_id, status, reason, now)
        .await?;
    tx.commit().await?;
    Ok(true)
}
