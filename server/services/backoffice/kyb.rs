//! The KYB queue (issue 32 point 3): businesses waiting for the bank's review, what each
//! applicant submitted, and the decision, which reaches the applicant exactly as `bank kyb`'s
//! does (the same service, `onboarding::review::decide`).

use serde_json::json;

use super::Actor;
use crate::domain::backoffice::audit::{StaffAction, KYB_REVIEW};
use crate::domain::ids::UserId;
use crate::domain::onboarding::review::{KybDecision, KYB_IN_REVIEW};
use crate::providers::notify::Notifications;
use crate::services::onboarding::review::{self, DecisionError};
use crate::store::{self, Db};

pub use crate::store::onboardings::Onboarding;
pub use crate::store::users::UserRow;

/// The queue is worked from the oldest; this many at a time.
const QUEUE_SIZE: i64 = 200;

/// One waiting business: the applicant and their submitted application.
pub struct Waiting {
    pub applicant: UserRow,
    pub application: Onboarding,
}

/// Everything a reviewer decides on.
pub struct Case {
    pub waiting: Waiting,
    /// (country code, number).
    pub phone: Option<(String, String)>,
    /// (provider, applicant id, review, when).
    pub identity: Option<(String, String, String, i64)>,
}

/// The businesses waiting, oldest submission first.
pub async fn queue(db: &Db, actor: &Actor<'_>) -> Result<Vec<Waiting>, sqlx::Error> {
    let applications = store::onboardings::awaiting_review(db, KYB_IN_REVIEW, QUEUE_SIZE).await?;
    let mut waiting = Vec::with_capacity(applications.len());
    for application in applications {
        if let Some(applicant) = store::users::by_id(db, &application.user_id).await? {
            waiting.push(Waiting {
                applicant,
                application,
            });
        }
    }
    super::audit(db, actor, StaffAction::QueueViewed, None, KYB_REVIEW, "kyb").await?;
    Ok(waiting)
}

/// The case of one applicant whose business waits; None when they are not waiting. Opening it
/// is logged as a view of the customer's record.
pub async fn case(
    db: &Db,
    actor: &Actor<'_>,
    user_id: &UserId,
) -> Result<Option<Case>, sqlx::Error> {
    let Some(applicant) = store::users::by_id(db, user_id).await? else {
        return Ok(None);
    };
    let Some(application) = store::onboardings::latest(db, user_id)
        .await?
        .filter(|o| o.submitted_at.is_some())
    else {
        return Ok(None);
    };
    super::audit(
        db,
        actor,
        StaffAction::CustomerViewed,
        Some(user_id.as_str()),
        KYB_REVIEW,
        "",
    )
    .await?;
    let phone = store::users::phone(db, user_id).await?;
    let identity = store::identity_checks::of_user(db, user_id).await?;
    Ok(Some(Case {
        waiting: Waiting {
            applicant,
            application,
        },
        phone,
        identity,
    }))
}

/// The reviewer's decision; the applicant is moved on and told, and the decision logged with
/// the reviewer, in one transaction.
pub async fn decide(
    db: &Db,
    notify: &Notifications,
    trading_name: &str,
    actor: &Actor<'_>,
    user_id: &UserId,
    decision: KybDecision,
    note: Option<&str>,
) -> Result<crate::domain::onboarding::kyc::KycStatus, DecisionError> {
    let detail = json!({ "decision": decision, "note": note }).to_string();
    let entry = actor.entry(
        StaffAction::KybDecided,
        Some(user_id.as_str()),
        KYB_REVIEW,
        &detail,
    );
    review::decide(
        db,
        notify,
        trading_name,
        user_id,
        decision,
        note,
        Some(&entry),
    )
    .await
}
