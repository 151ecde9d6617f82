//! A profile's saved recipients (SPEC §7 Recipients): a page by name, keeping a checked one
//! (new or replacing one of the profile's), and removing one.

use crate::domain::ids::ProfileId;
use crate::domain::payments::recipient::Recipient;
use crate::store::{self, Db};

pub use crate::store::recipients::StoredRecipient;

/// A page of the profile's recipients whose name or template name holds `search`, and the
/// total that match.
pub async fn page(
    db: &Db,
    profile_id: &ProfileId,
    search: Option<&str>,
    limit: i64,
    offset: i64,
) -> Result<(Vec<StoredRecipient>, i64), sqlx::Error> {
    store::recipients::page(db, profile_id, search, limit, offset).await
}

/// Keeps a recipient that met SPEC §5: a new one (no id) or in place of one of the profile's.
/// None when the id names no recipient of this profile.
pub async fn save(
    db: &Db,
    profile_id: &ProfileId,
    id: Option<&str>,
    recipient: &Recipient,
) -> Result<Option<StoredRecipient>, sqlx::Error> {
    let Some(id) = store::recipients::upsert(db, profile_id, id, recipient, db.now_ms()).await?
    else {
        return Ok(None);
    };
    store::recipients::find(db, profile_id, &id).await
}

/// False when the id names no recipient of this profile.
pub async fn delete(db: &Db, profile_id: &ProfileId, id: &str) -> Result<bool, sqlx::Error> {
    store::recipients::delete(db, profile_id, id).await
}
