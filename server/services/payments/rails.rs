//! What a payment rail's notifications do (issue 33 point 1): a transfer of the bank's settles
//! or comes back, or money from outside arrives for an account (into suspense when no account
//! of the bank has the number it names, or the account cannot take it). Each event is acted on
//! in one transaction together with the record of its id, so a notification delivered twice,
//! or twice at once, books once.

use crate::domain::accounts::money::{Currency, Money};
use crate::domain::payments::recipient::PayeeType;
use crate::providers::rails::RailEvent;
use crate::store::bookings::{self, BookingError, Party};
use crate::store::{self, Db};

use super::settlement::{conclude_in, Conclusion};

/// Acts on one event; false when it changed nothing (seen before, or nothing to act on).
pub async fn notified(db: &Db, provider: &str, event: &RailEvent) -> Result<bool, BookingError> {
    let now = db.now_ms();
    let (event_key, kind, transfer, conclusion) = match event {
        RailEvent::Settled {
            event_key,
            transfer_id,
        } => (event_key, "settled", transfer_id, Conclusion::Settled),
        RailEvent::Failed {
            event_key,
            transfer_id,
            reason,
        } => (event_key, "failed", transfer_id, Conclusion::Failed(reason)),
        RailEvent::Returned {
            event_key,
            transfer_id,
            reason,
        } => (
            event_key,
            "returned",
            transfer_id,
            Conclusion::Returned(reason),
        ),
        RailEvent::Incoming { .. } => return money_in(db, provider, event, now).await,
        RailEvent::Ignored { what, .. } => {
            tracing::info!(
                provider,
                what,
                "a rail notification the bank does not act on"
            );
            return Ok(false);
        }
    };
    let mut tx = db.begin_write().await?;
    if !store::rail_events::record_in(&mut tx, provider, event_key, kind, Some(transfer), now)
        .await?
    {
        tx.rollback().await?;
        return Ok(false);
    }
    let changed = conclude_in(&mut tx, db.backend, transfer, conclusion, now).await?;
    tx.commit().await?;
    Ok(changed)
}

async fn money_in(
    db: &Db,
    provider: &str,
    event: &RailEvent,
    now: i64,
) -> Result<bool, BookingError> {
    let RailEvent::Incoming {
        event_key,
        scheme,
        account_iban,
        currency,
        amount_minor,
        payer,
        payer_account,
        reference,
    } = event
    else {
        return Ok(false);
    };
    let currency = Currency::parse(currency).ok_or_else(|| {
        BookingError::Ledger(format!("money in of an unknown currency {currency}"))
    })?;
    let amount = Money::new(*amount_minor, currency);
    let account = store::bank_accounts::by_iban_or_number(db, account_iban)
        .await?
        .filter(|account| account.currency == currency);
    let mut tx = db.begin_write().await?;
    if !store::rail_events::record_in(&mut tx, provider, event_key, "incoming", None, now).await? {
        tx.rollback().await?;
        return Ok(false);
    }
    let booked = match &account {
        Some(account) => {
            let party = Party {
                name: payer,
                kind: PayeeType::Company,
                account: payer_account.as_deref(),
            };
            bookings::inbound_in(
                &mut tx, db.backend, account, amount, *scheme, party, reference, now,
            )
            .await
            .map(|_| ())
        }
        None => Err(BookingError::AccountNotUsable),
    };
    match booked {
        Ok(()) => {}
        // No account of the bank's (or one that cannot take money now): suspense, to be matched
        // or sent back by operations.
        Err(BookingError::AccountNotUsable) => {
            bookings::to_suspense_in(
                &mut tx,
                &bookings::Unmatched {
                    scheme: *scheme,
                    amount,
                    account_text: account_iban,
                    payer,
                    reference,
                    at: now,
                },
            )
            .await?;
        }
        Err(other) => return Err(other),
    }
    tx.commit().await?;
    Ok(true)
}
