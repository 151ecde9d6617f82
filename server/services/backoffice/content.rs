//! Content (issue 32 point 6): promos with their audience and dates, and system events and
//! surveys queued for one customer or a segment, from the console rather than `bank promos` and
//! `bank events` (the same services underneath), each change in the audit log with who and why.

use serde_json::json;

use super::customers::CustomerError;
use super::Actor;
use crate::domain::backoffice::audit::StaffAction;
use crate::domain::engagement::events::SystemEvent;
use crate::domain::engagement::promos::{Campaign, Promo};
use crate::services::engagement::{events, promos};
use crate::store::{self, Db};

pub use crate::store::staff_audit::Logged;

#[derive(Debug, thiserror::Error)]
pub enum ContentError {
    #[error("say why")]
    NoReason,
    #[error("the promo would end before it starts")]
    EndsBeforeStart,
    #[error("no customer has that email")]
    NoSuchCustomer,
    #[error(transparent)]
    Sql(#[from] sqlx::Error),
}

fn reason(why: &str) -> Result<&str, ContentError> {
    super::customers::reason(why).map_err(|error| match error {
        CustomerError::Sql(error) => ContentError::Sql(error),
        _ => ContentError::NoReason,
    })
}

/// Every campaign set up, and the latest changes of promos and events (who, what, why).
pub async fn overview(db: &Db) -> Result<(Vec<Campaign>, Vec<Logged>), sqlx::Error> {
    let campaigns = promos::campaigns(db).await?;
    let changes = store::staff_audit::latest_in_areas(db, ["promo", "event"], 30).await?;
    Ok((campaigns, changes))
}

fn subject(promo: Promo) -> String {
    format!("promo:{}", promo.name())
}

/// Starts (or replaces) a promo's campaign.
pub async fn start_promo(
    db: &Db,
    actor: &Actor<'_>,
    campaign: &Campaign,
    why: &str,
) -> Result<(), ContentError> {
    let why = reason(why)?;
    if campaign.ends_before_it_starts() {
        return Err(ContentError::EndsBeforeStart);
    }
    promos::start(db, campaign).await?;
    let detail = serde_json::to_string(campaign).unwrap_or_default();
    let subject = subject(campaign.promo);
    let action = StaffAction::PromoStarted;
    super::audit(db, actor, action, Some(&subject), why, &detail).await?;
    Ok(())
}

/// Ends a running promo now; false when it was not running.
pub async fn end_promo(
    db: &Db,
    actor: &Actor<'_>,
    promo: Promo,
    why: &str,
) -> Result<bool, ContentError> {
    let why = reason(why)?;
    let ended = promos::end(db, promo).await?;
    if ended {
        let subject = subject(promo);
        super::audit(db, actor, StaffAction::PromoEnded, Some(&subject), why, "").await?;
    }
    Ok(ended)
}

/// Queues a system event or survey for one customer or a segment; answers how many members it
/// was newly queued for.
pub async fn queue_event(
    db: &Db,
    actor: &Actor<'_>,
    event: SystemEvent,
    target: &events::Target,
    why: &str,
) -> Result<usize, ContentError> {
    let why = reason(why)?;
    if let Some(email) = &target.email {
        if store::users::by_email(db, email).await?.is_none() {
            return Err(ContentError::NoSuchCustomer);
        }
    }
    let queued = events::queue(db, event, target, &actor.member.email).await?;
    let detail = json!({
        "to": target.email.as_ref().map(|e| e.as_str()),
        "audience": target.audience,
        "queued": queued,
    })
    .to_string();
    let subject = format!("event:{}", event.name());
    let action = StaffAction::EventQueued;
    super::audit(db, actor, action, Some(&subject), why, &detail).await?;
    Ok(queued)
}
