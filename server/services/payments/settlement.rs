//! The scheme job's use case and the rails' word on a transfer (issue 33 point 1).
//!
//! A due transfer is claimed for one try in a short transaction (held back by a lease so no
//! other process sends it meanwhile), handed to the rail outside any transaction, and then:
//! taken (it waits for the rail's notification), settled or returned at once (the sandbox), or
//! not taken now (tried again after a backoff that grows threefold, never lost). The rail gets
//! the transfer's id as its idempotency key, so a try repeated after a crash or a time-out is
//! never a second payment.
//!
//! An outcome moves a transfer's status only forward, in the transaction that books it: settled
//! from pending; returned (the money and the fee back to the payer) from pending, or from
//! completed when the payee's bank sends it back later. A notification that arrives twice or
//! after a later one changes nothing.

use std::time::Duration;

use crate::domain::accounts::money::Money;
use crate::domain::payments::receiver::Receiver;
use crate::domain::payments::settlement::TransferStatus;
use crate::providers::rails::{Dispatch, OutgoingPayment, PaymentRails, PostalAddress, RailError};
use crate::store::bookings::{self, BookingError};
use crate::store::{self, Db};

/// How long one process holds a transfer while it sends it.
const LEASE_MS: i64 = 60_000;

/// Hands up to `at_most` transfers due at `now` to the rail, and answers how many it handed
/// over.
pub async fn settle_due(
    db: &Db,
    rails: &dyn PaymentRails,
    retry_base: Duration,
    now: i64,
    at_most: usize,
) -> Result<usize, BookingError> {
    if !store::transfers::any_due(db, now).await? {
        return Ok(0);
    }
    let mut done = 0;
    while done < at_most {
        if !send_one(db, rails, retry_base, now).await? {
            break;
        }
        done += 1;
    }
    Ok(done)
}

pub use crate::domain::clock::backoff;

async fn send_one(
    db: &Db,
    rails: &dyn PaymentRails,
    retry_base: Duration,
    now: i64,
) -> Result<bool, BookingError> {
    let mut tx = db.begin_write().await?;
    let Some(due) =
        store::transfers::claim_due_in(&mut tx, db.backend, now, now + LEASE_MS).await?
    else {
        tx.rollback().await?;
        return Ok(false);
    };
    let account = store::bank_accounts::by_id_in(&mut tx, &due.bank_account_id)
        .await?
        .ok_or_else(|| BookingError::Ledger(format!("transfer {} has no account", due.id)))?;
    tx.commit().await?;
    let payee = Receiver::from_stored(&due.payee)
        .map_err(|e| BookingError::Ledger(format!("transfer {}: {e}", due.id)))?;
    let some = |s: &str| (!s.trim().is_empty()).then(|| s.trim().to_string());
    let payment = OutgoingPayment {
        transfer_id: due.id.clone(),
        scheme: due.scheme,
        currency: account.currency.code(),
        amount_minor: due.amount,
        payer_name: account.name.clone(),
        payer_iban: account.iban.clone(),
        payer_address: payer_address(db, &account.profile_id, &due.user_id).await?,
        execution_date: crate::domain::london::day_of(now),
        payee_name: due.payee_name.clone(),
        payee_iban: some(&payee.iban),
        payee_sort_code: some(&payee.uk_sort_code),
        payee_account_number: some(&payee.uk_account_number)
            .or_else(|| some(&payee.account_number)),
        payee_bic: some(&payee.bic),
        payee_routing_code: some(&payee.routing_code),
        payee_address: PostalAddress {
            country: payee.swift_address.country.clone(),
            town: payee.swift_address.city.clone(),
            region: payee.swift_address.region.clone(),
            street: payee.swift_address.address1.clone(),
            building: payee.swift_address.building_number.clone(),
            postcode: payee.swift_address.postcode.clone(),
        },
        reference: due.reference.clone(),
    };
    let sent = rails.send(&payment).await;
    if let Some(party) = rails.party() {
        let outcome = match &sent {
            Err(RailError::Unavailable(why)) => Err(why.as_str()),
            _ => Ok(()),
        };
        crate::services::outside_parties::answered(db, party, &outcome).await;
    }
    // The outcome's time: the send took a moment (and a test may run the job ahead of the clock).
    let now = now.max(db.now_ms());
    match sent {
        Ok(Dispatch::Accepted) => {
            let mut tx = db.begin_write().await?;
            store::transfers::mark_sent_in(&mut tx, &due.id, now).await?;
            tx.commit().await?;
        }
        Ok(Dispatch::Settled) => {
            conclude(db, &due.id, Conclusion::Settled, now).await?;
        }
        Ok(Dispatch::Returned(reason)) | Err(RailError::Refused(reason)) => {
            conclude(db, &due.id, Conclusion::Failed(&reason), now).await?;
        }
        Err(error) => {
            let wait = backoff(retry_base, due.attempts);
            tracing::warn!(%error, transfer = %due.id, attempts = due.attempts, wait_ms = wait,
                           "the rail did not take a transfer; it stays queued");
            store::transfers::retry_at(db, &due.id, now + wait).await?;
            store::health::job_failed(
                db,
                "sending transfers",
                &format!("{}: {error}", rails.name()),
            )
            .await?;
        }
    }
    Ok(true)
}

/// The payer's address as a payment carries it: a business's registered address (from its
/// onboarding), else the person's home.
async fn payer_address(
    db: &Db,
    profile_id: &crate::domain::ids::ProfileId,
    user_id: &crate::domain::ids::UserId,
) -> Result<PostalAddress, sqlx::Error> {
    if let Some(onboarding) = store::onboardings::by_profile(db, profile_id).await? {
        return Ok(registered_address(&onboarding.data));
    }
    Ok(home_address(store::users::home_address(db, user_id).await?))
}

fn registered_address(
    company: &crate::domain::onboarding::business::BusinessData,
) -> PostalAddress {
    let country = if company.legal_country.is_empty() {
        &company.country
    } else {
        &company.legal_country
    };
    PostalAddress {
        country: country.clone(),
        town: company.legal_city.clone(),
        region: company.legal_region.clone(),
        street: company.legal_address_1.clone(),
        building: company.legal_building_number.clone(),
        postcode: company.legal_postcode.clone(),
    }
}

fn home_address(home: store::users::HomeAddress) -> PostalAddress {
    PostalAddress {
        country: home.country.unwrap_or_default(),
        town: home.city.unwrap_or_default(),
        region: home.region.unwrap_or_default(),
        street: home.street.unwrap_or_default(),
        building: home.building.unwrap_or_default(),
        postcode: home.postcode.unwrap_or_default(),
    }
}

/// What the rail says became of a transfer.
#[derive(Debug, Clone, Copy)]
pub enum Conclusion<'a> {
    Settled,
    /// Refused before it settled.
    Failed(&'a str),
    /// Sent back, before or after it settled.
    Returned(&'a str),
}

/// Records a transfer's outcome in its own transaction; false when it changed nothing (no such
/// transfer, or its outcome was recorded before).
pub async fn conclude(
    db: &Db,
    transfer_id: &str,
    conclusion: Conclusion<'_>,
    now: i64,
) -> Result<bool, BookingError> {
    let mut tx = db.begin_write().await?;
    let changed = conclude_in(&mut tx, db.backend, transfer_id, conclusion, now).await?;
    tx.commit().await?;
    Ok(changed)
}

/// As [`conclude`], in the caller's transaction.
pub async fn conclude_in(
    conn: &mut sqlx::AnyConnection,
    backend: store::Backend,
    transfer_id: &str,
    conclusion: Conclusion<'_>,
    now: i64,
) -> Result<bool, BookingError> {
    let Some(transfer) = store::transfers::lock_in(conn, backend, transfer_id).await? else {
        return Ok(false);
    };
    use TransferStatus::{Completed, Pending, Returned};
    let (reason, from) = match (conclusion, transfer.status) {
        (Conclusion::Settled, Pending) => {
            return Ok(store::transfers::move_status_in(
                conn,
                &transfer.id,
                &transfer.transaction_id,
                Pending,
                Completed,
                None,
                now,
            )
            .await?);
        }
        (Conclusion::Failed(reason), Pending) => (reason, Pending),
        (Conclusion::Returned(reason), Pending | Completed) => (reason, transfer.status),
        _ => return Ok(false),
    };
    if !store::transfers::move_status_in(
        conn,
        &transfer.id,
        &transfer.transaction_id,
        from,
        Returned,
        Some(reason),
        now,
    )
    .await?
    {
        return Ok(false);
    }
    let account = store::bank_accounts::by_id_in(conn, &transfer.bank_account_id)
        .await?
        .ok_or_else(|| BookingError::Ledger(format!("transfer {} has no account", transfer.id)))?;
    // The day it was made may send this much again (before the booking: every writer takes the
    // day's row before the ledger's, so the two cannot wait for each other).
    let day = store::transfer_day_totals::Day::of(
        &transfer.profile_id,
        account.currency,
        transfer.created_at,
    );
    store::transfer_day_totals::subtract_in(conn, &day, transfer.amount).await?;
    let details = format!("Returned: {} ({reason})", transfer.payee_name);
    bookings::transfer_returned(
        conn,
        &account,
        transfer.scheme,
        Money::new(transfer.amount, account.currency),
        Money::new(transfer.fee, account.currency),
        &details,
        now,
    )
    .await?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_business_pays_from_its_registered_address() {
        let company = crate::domain::onboarding::business::BusinessData {
            country: "GB".into(),
            legal_address_1: "1 Harbour Street".into(),
            legal_building_number: "1".into(),
            legal_city: "London".into(),
            legal_postcode: "E1 6AN".into(),
            ..Default::default()
        };
        let address = registered_address(&company);
        assert_eq!(
            (
                address.country.as_str(),
                address.town.as_str(),
                address.postcode.as_str()
            ),
            ("GB", "London", "E1 6AN")
        );
        assert_eq!(address.street, "1 Harbour Street");
    }

    #[test]
    fn waits_grow_threefold_up_to_an_hour() {
        let base = Duration::from_secs(5);
        assert_eq!(backoff(base, 1), 5_000);
        assert_eq!(backoff(base, 2), 15_000);
        assert_eq!(backoff(base, 3), 45_000);
        assert_eq!(backoff(base, 9), 3_600_000);
        assert_eq!(backoff(base, i64::MAX), 3_600_000);
    }
}
