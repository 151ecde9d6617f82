//! Identity checks that need a look (issue 32 point 3), for compliance: stalled at the provider,
//! a person stuck after being asked for a new photo, and recent final refusals.

use super::Actor;
use crate::domain::backoffice::audit::StaffAction;
use crate::domain::backoffice::identity::{needs_a_look, LookReason, REFUSED_LOOK_BACK_MS};
use crate::domain::onboarding::review::Review;
use crate::store::{self, Db};

pub use crate::store::identity_checks::Listed;

/// The queue is worked from the oldest; this many candidates are looked through.
const CANDIDATES: i64 = 500;

/// The checks needing a look, the oldest first, each with why.
pub async fn queue(db: &Db, actor: &Actor<'_>) -> Result<Vec<(Listed, LookReason)>, sqlx::Error> {
    let now = db.now_ms();
    let candidates =
        store::identity_checks::unapproved(db, now - REFUSED_LOOK_BACK_MS, CANDIDATES).await?;
    let queue = candidates
        .into_iter()
        .filter_map(|check| {
            let review = Review::parse(&check.review)?;
            needs_a_look(review, check.updated_at, now).map(|why| (check, why))
        })
        .collect();
    super::audit(db, actor, StaffAction::QueueViewed, None, "", "identity").await?;
    Ok(queue)
}
