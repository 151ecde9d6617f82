//! Accounts' use cases: the profile's accounts and their transactions as the API reads them,
//! and opening an account in another currency.

pub mod history;

use crate::config::Config;
use crate::domain::accounts::money::Currency;
use crate::domain::accounts::status::AccountStatus;
use crate::domain::ids::{AccountId, ProfileId, TransactionId, UserId};
use crate::store::bank_accounts::NewAccount;
use crate::store::{self, Db};

pub use crate::store::bank_accounts::BankAccount;
pub use crate::store::transactions::Transaction;

/// The profile's accounts, every status.
pub async fn of_profile(db: &Db, profile_id: &ProfileId) -> Result<Vec<BankAccount>, sqlx::Error> {
    store::bank_accounts::for_profile(db, profile_id).await
}

/// The currency of the profile's primary account, if it has one yet.
pub async fn primary_currency(
    db: &Db,
    profile_id: &ProfileId,
) -> Result<Option<Currency>, sqlx::Error> {
    Ok(store::bank_accounts::for_profile(db, profile_id)
        .await?
        .iter()
        .find(|account| account.is_primary)
        .map(|account| account.currency))
}

/// Whether the profile has a primary GBP account (a UK one), whatever its status.
pub async fn has_uk_primary(db: &Db, profile_id: &ProfileId) -> Result<bool, sqlx::Error> {
    Ok(store::bank_accounts::for_profile(db, profile_id)
        .await?
        .iter()
        .any(|a| a.is_primary && a.currency == Currency::Gbp))
}

/// An account by its id, whoever's it is: the caller checks the owner.
pub async fn by_id(db: &Db, id: &AccountId) -> Result<Option<BankAccount>, sqlx::Error> {
    store::bank_accounts::by_id(db, id).await
}

/// A transaction row by its id, whichever account's it is: the caller checks the owner.
pub async fn transaction(db: &Db, id: &TransactionId) -> Result<Option<Transaction>, sqlx::Error> {
    store::transactions::by_id(db, id).await
}

#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// The owner's own verification is not finished.
    #[error("the account is not verified yet")]
    NotReady,
    /// The profile has an open account in the currency.
    #[error("a {0} account exists")]
    Exists(Currency),
    #[error(transparent)]
    Storage(#[from] sqlx::Error),
}

/// Opens an account of the profile in `currency` for its Account Owner `user_id`: pending
/// first, active after the background job (`BANK_ACCOUNT_OPENING_S`). One open account per
/// currency, also when two requests race.
pub async fn open(
    db: &Db,
    config: &Config,
    user_id: &UserId,
    profile_id: &ProfileId,
    profile_name: &str,
    currency: Currency,
) -> Result<BankAccount, OpenError> {
    let ready = store::users::by_id(db, user_id)
        .await?
        .is_some_and(|user| user.kyc_status.account_ready());
    if !ready {
        return Err(OpenError::NotReady);
    }
    let mut tx = db.begin_write().await?;
    if store::bank_accounts::has_open_in(&mut tx, profile_id, currency).await? {
        return Err(OpenError::Exists(currency));
    }
    let now = db.now_ms();
    let id = store::bank_accounts::open(
        &mut tx,
        &NewAccount {
            profile_id,
            currency,
            name: profile_name,
            is_primary: false,
            status: AccountStatus::Pending,
            activates_at: Some(now + crate::domain::clock::ms(config.account_opening)),
            created_at: now,
        },
    )
    .await?;
    tx.commit().await?;
    store::bank_accounts::by_id(db, &id)
        .await?
        .ok_or(OpenError::Storage(sqlx::Error::RowNotFound))
}
