//! Other banks' Confirmation of Payee checks about the bank's own sterling accounts (issue 33
//! point 2) are answered by ClearBank from the owner's name and type the bank registers with
//! each account: the bank's own records (the profile the account belongs to), kept in step by
//! a job whenever an account opens or its holder's name or type changes.

use std::collections::HashMap;
use std::time::Duration;

use crate::domain::profiles::access::ProfileType;
use crate::providers::rails::clearbank::names::AccountOwner;
use crate::providers::rails::clearbank::ClearBank;
use crate::providers::rails::RailError;
use crate::store::cop_registrations::Due;
use crate::store::{self, Db};

fn owner(due: &Due) -> AccountOwner<'_> {
    AccountOwner {
        iban: &due.iban,
        account_id: &due.bank_account_id,
        owner_name: &due.owner_name,
        business: due.profile_type == ProfileType::Business.as_str(),
    }
}

async fn reported(db: &Db, outcome: &Result<(), &RailError>) {
    let health = match outcome {
        Err(RailError::Unavailable(why)) => Err(why.as_str()),
        _ => Ok(()),
    };
    crate::services::outside_parties::answered(
        db,
        crate::providers::party::CLEARBANK_ACCOUNT_NAMES,
        &health,
    )
    .await;
}

/// One not done this time is tried again after its backoff.
async fn again(
    db: &Db,
    due: &Due,
    retry_base: Duration,
    now: i64,
    why: &str,
) -> Result<(), sqlx::Error> {
    let at = now + crate::domain::clock::backoff(retry_base, due.attempts + 1);
    store::cop_registrations::retry_at(db, &due.bank_account_id, at, why, now).await
}

/// Registers up to `at_most` accounts whose registration is missing or out of date; answers
/// how many ClearBank now holds as they are. One not done is tried again after a backoff.
pub async fn register_due(
    db: &Db,
    clearbank: &ClearBank,
    real_account: &str,
    retry_base: Duration,
    now: i64,
    at_most: i64,
) -> Result<usize, sqlx::Error> {
    let due = store::cop_registrations::due(db, now, at_most).await?;
    // Accounts ClearBank does not know yet are created, then found by their IBAN.
    let mut ids: HashMap<String, String> = HashMap::new();
    let mut not_created = std::collections::HashSet::new();
    if due.iter().any(|d| d.virtual_account_id.is_none()) {
        for d in due.iter().filter(|d| d.virtual_account_id.is_none()) {
            let created = clearbank
                .create_virtual_account(real_account, &owner(d))
                .await;
            reported(db, &created.as_ref().map(|_| ())).await;
            if let Err(error) = created {
                not_created.insert(d.bank_account_id.clone());
                again(db, d, retry_base, now, &error.to_string()).await?;
            }
        }
        match clearbank.virtual_accounts(real_account).await {
            Ok(found) => ids = found,
            Err(error) => {
                reported(db, &Err(&error)).await;
                tracing::warn!(%error, "ClearBank's virtual accounts could not be listed");
            }
        }
    }
    let mut done = 0;
    for d in due
        .iter()
        .filter(|d| !not_created.contains(&d.bank_account_id))
    {
        let Some(virtual_id) = d
            .virtual_account_id
            .clone()
            .or_else(|| ids.get(&d.iban).cloned())
        else {
            // Created a moment ago (ClearBank creates asynchronously), or not created: next time.
            again(db, d, retry_base, now, "not at ClearBank yet").await?;
            continue;
        };
        store::cop_registrations::found(db, &d.bank_account_id, &virtual_id, now).await?;
        let registered = clearbank
            .register_owner(real_account, &virtual_id, &owner(d))
            .await;
        reported(db, &registered.as_ref().map(|_| ())).await;
        match registered {
            Ok(()) => {
                store::cop_registrations::registered(
                    db,
                    &d.bank_account_id,
                    &d.owner_name,
                    &d.profile_type,
                    now,
                )
                .await?;
                done += 1;
            }
            Err(error) => {
                tracing::warn!(%error, account = d.bank_account_id, "owner name not registered at ClearBank");
                again(db, d, retry_base, now, &error.to_string()).await?;
            }
        }
    }
    Ok(done)
}
