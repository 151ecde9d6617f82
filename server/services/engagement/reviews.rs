//! Review requests (issue 31 point 5): whether to ask the person now, and their answer.

use crate::domain::engagement::reviews::{may_ask, Platform, FRESH_MS, QUIET_MS};
use crate::domain::ids::UserId;
use crate::store::{self, Db};

pub async fn ask_now(db: &Db, user_id: &UserId) -> Result<bool, sqlx::Error> {
    let now = db.now_ms();
    let (last, success) =
        store::reviews::standing(db, user_id, now - FRESH_MS, now - QUIET_MS).await?;
    Ok(may_ask(success, last, now))
}

/// The platform the person chose, or none (not now): either way not asked again for 90 days.
pub async fn answer(
    db: &Db,
    user_id: &UserId,
    platform: Option<Platform>,
) -> Result<(), sqlx::Error> {
    store::reviews::record(db, user_id, platform, db.now_ms()).await
}
