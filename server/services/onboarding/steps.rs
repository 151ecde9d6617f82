//! Onboarding steps that finish in one database transaction: the company submitted (it becomes
//! a business profile the person owns), the phone verified. Each moves the person's status
//! first, so of two requests that race only one gets past it.

use crate::domain::onboarding::journey::{self, Step};
use crate::domain::profiles::access::{ProfileType, Role};
use crate::store::onboardings::Onboarding;
use crate::store::users::UserRow;
use crate::store::{self, Db};

/// The step is not open for the person (any more).
#[derive(Debug, thiserror::Error)]
pub enum StepError {
    #[error("the step is not open")]
    NotOpen,
    #[error(transparent)]
    Storage(#[from] sqlx::Error),
}

/// Submits the checked company of `draft`: the business profile is made with the person as its
/// Account Owner, and onboarding moves on.
pub async fn submit_company(db: &Db, user: &UserRow, draft: &Onboarding) -> Result<(), StepError> {
    let phone_verified = store::users::phone_verified(db, &user.id).await?;
    let first_profile = store::profiles::for_user(db, &user.id).await?.is_empty();
    let now = db.now_ms();
    let next = journey::after(user.flow(), Step::Business, phone_verified);
    let mut tx = db.begin_write().await?;
    if !store::users::move_status(&mut tx, &user.id, journey::open_for(Step::Business), next)
        .await?
    {
        return Err(StepError::NotOpen);
    }
    let profile =
        store::profiles::create_in(&mut tx, now, ProfileType::Business, draft.data.name.trim())
            .await?;
    store::profiles::add_member_in(&mut tx, &profile, &user.id, Role::Admin, &[], first_profile)
        .await?;
    if !store::onboardings::submit(&mut tx, &draft.id, &profile, now).await? {
        return Err(StepError::NotOpen);
    }
    tx.commit().await?;
    Ok(())
}

/// The person's phone is verified (their texted code was right): onboarding moves on.
pub async fn phone_verified(db: &Db, user: &UserRow) -> Result<(), StepError> {
    let now = db.now_ms();
    let mut tx = db.begin_write().await?;
    store::users::mark_phone_verified(&mut tx, &user.id, now).await?;
    let next = journey::after(user.flow(), Step::Phone, true);
    store::users::move_status(&mut tx, &user.id, journey::open_for(Step::Phone), next).await?;
    tx.commit().await?;
    Ok(())
}

/// Back from the step the person is on to the one before it (`journey::back`), in one
/// conditional update: a Back that races the step's own submit loses to it, or wins, never both.
pub async fn step_back(db: &Db, user: &UserRow) -> Result<(), StepError> {
    let flow = user.flow();
    let (step, before) = journey::steps(flow)
        .iter()
        .filter(|step| journey::open_for(**step).contains(&user.kyc_status))
        .find_map(|step| journey::back(flow, *step).map(|before| (*step, before)))
        .ok_or(StepError::NotOpen)?;
    let mut tx = db.begin_write().await?;
    if !store::users::move_status(&mut tx, &user.id, journey::open_for(step), before.status())
        .await?
    {
        return Err(StepError::NotOpen);
    }
    tx.commit().await?;
    Ok(())
}
