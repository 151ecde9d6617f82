//! Review requests (issue 31 point 5): whether to ask the person now, and their answer.

use crate::domain::engagement::reviews::{may_ask, Platform};
use crate::domain::ids::UserId;
use crate::store::{self, Db};

pub async fn ask_now(db: &Db, user_id: &UserId) -> Result<bool, sqlx::Error> {
    let last = store::reviews::last_answered(db, user_id).await?;
    if last.is_some_and(|at| db.now_ms() - at < crate::domain::engagement::reviews::QUIET_MS) {
        return Ok(false);
    }
    let now = db.now_ms();
    let window = now - crate::domain::engagement::reviews::FRESH_MS;
    let success = store::reviews::success_around(db, user_id, window).await?;
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
