//! A profile's contractors and clients (SPEC §7 partners): a page by name, one of them, keeping
//! a checked one (new or in place of one of the profile's), and removing one.

use crate::domain::ids::ProfileId;
use crate::domain::invoices::partner::Partner;
use crate::store::{self, Db};

pub use crate::store::invoice_partners::{Deleted, SaveError, StoredPartner};

pub async fn page(
    db: &Db,
    profile_id: &ProfileId,
    search: Option<&str>,
    limit: i64,
    offset: i64,
) -> Result<(Vec<StoredPartner>, i64), sqlx::Error> {
    store::invoice_partners::page(db, profile_id, search, limit, offset).await
}

pub async fn find(
    db: &Db,
    profile_id: &ProfileId,
    id: &str,
) -> Result<Option<StoredPartner>, sqlx::Error> {
    store::invoice_partners::find(db, profile_id, id).await
}

/// Keeps a partner that met the rules; a name another of the profile's partners has is refused.
pub async fn save(
    db: &Db,
    profile_id: &ProfileId,
    id: Option<&str>,
    partner: &Partner,
) -> Result<StoredPartner, SaveError> {
    let id = store::invoice_partners::save(db, profile_id, id, partner, db.now_ms()).await?;
    store::invoice_partners::find(db, profile_id, &id)
        .await?
        .ok_or(SaveError::NotFound)
}

/// Deletes a partner no invoice bills.
pub async fn delete(db: &Db, profile_id: &ProfileId, id: &str) -> Result<Deleted, sqlx::Error> {
    store::invoice_partners::delete(db, profile_id, id).await
}
