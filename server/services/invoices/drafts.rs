//! A profile's invoices (SPEC §7 Invoices): the next number of its series and whether one is
//! free, drafts kept (new or changed) with the account and partner checked to be the profile's,
//! a page of them, one of them, and deleting a draft.

use crate::domain::accounts::money::Currency;
use crate::domain::ids::ProfileId;
use crate::domain::invoices::invoice::{series_number, Invoice};
use crate::store::{self, Db};

pub use crate::store::invoices::{Filters, SaveError, StoredInvoice};

/// Why a draft could not be kept, beyond the store's reasons.
#[derive(Debug, thiserror::Error)]
pub enum DraftError {
    /// The account is not one of the profile's open accounts.
    #[error("not the profile's account")]
    Account,
    /// The partner is not one of the profile's.
    #[error("not the profile's partner")]
    Partner,
    #[error(transparent)]
    Save(#[from] SaveError),
}

impl From<sqlx::Error> for DraftError {
    fn from(error: sqlx::Error) -> Self {
        Self::Save(SaveError::Storage(error))
    }
}

/// The number a new invoice is offered: the lowest free place of the profile's series.
pub async fn next_number(db: &Db, profile_id: &ProfileId) -> Result<String, sqlx::Error> {
    Ok(series_number(
        store::invoices::next_series(db, profile_id).await?,
    ))
}

pub async fn number_in_use(
    db: &Db,
    profile_id: &ProfileId,
    number: &str,
    except: Option<&str>,
) -> Result<bool, sqlx::Error> {
    store::invoices::number_in_use(db, profile_id, number, except).await
}

/// Keeps a checked draft: new (no id) or in place of one of the profile's drafts. Its currency
/// is its account's.
pub async fn save_draft(
    db: &Db,
    profile_id: &ProfileId,
    id: Option<&str>,
    invoice: &Invoice,
) -> Result<StoredInvoice, DraftError> {
    let currency: Currency = crate::services::accounts::of_profile(db, profile_id)
        .await?
        .into_iter()
        .find(|account| account.id.as_str() == invoice.bank_account_id && account.status.open())
        .map(|account| account.currency)
        .ok_or(DraftError::Account)?;
    if store::invoice_partners::find(db, profile_id, &invoice.partner_id)
        .await?
        .is_none()
    {
        return Err(DraftError::Partner);
    }
    let id =
        store::invoices::save_draft(db, profile_id, id, invoice, currency, db.now_ms()).await?;
    Ok(store::invoices::find(db, profile_id, &id)
        .await?
        .ok_or(SaveError::NotFound)?)
}

pub async fn find(
    db: &Db,
    profile_id: &ProfileId,
    id: &str,
) -> Result<Option<StoredInvoice>, sqlx::Error> {
    store::invoices::find(db, profile_id, id).await
}

pub async fn page(
    db: &Db,
    profile_id: &ProfileId,
    filters: &Filters,
    limit: i64,
    offset: i64,
) -> Result<(Vec<StoredInvoice>, i64), sqlx::Error> {
    store::invoices::page(db, profile_id, filters, limit, offset).await
}

pub async fn delete_draft(db: &Db, profile_id: &ProfileId, id: &str) -> Result<(), SaveError> {
    store::invoices::delete_draft(db, profile_id, id).await
}
