//! The business wizard's answers (SPEC §2 "Business onboarding wizard"): one draft per person
//! at a time, saved step by step after SPEC §5's checks; submitting it is `steps::submit_company`.

use crate::domain::ids::UserId;
use crate::domain::onboarding::business::{self, BusinessData, Refusal, STEPS};
use crate::store::{self, Db};

pub use crate::store::onboardings::Onboarding;

#[derive(Debug, thiserror::Error)]
pub enum WizardError {
    /// A step that does not exist, or one past the first unanswered.
    #[error("the step is out of range")]
    OutOfRange,
    #[error("the answers are refused")]
    Refused(Refusal),
    /// The draft was submitted meanwhile.
    #[error("the step is not open")]
    NotOpen,
    #[error(transparent)]
    Storage(#[from] sqlx::Error),
}

/// The person's newest draft or submitted answers.
pub async fn latest(db: &Db, user_id: &UserId) -> Result<Option<Onboarding>, sqlx::Error> {
    store::onboardings::latest(db, user_id).await
}

/// The draft the person works on: their newest unsubmitted one, or a new one.
pub async fn draft(db: &Db, user_id: &UserId) -> Result<Onboarding, sqlx::Error> {
    match latest(db, user_id).await? {
        Some(row) if row.submitted_at.is_none() => Ok(row),
        _ => store::onboardings::create(db, user_id, db.now_ms()).await,
    }
}

/// Saves one step's answers after checking them (and every step before it: an earlier answer
/// may have changed with it). A new country of registration resets the answers after the first
/// step. Answers the draft as saved.
pub async fn save_step(
    db: &Db,
    user_id: &UserId,
    step: i64,
    answers: BusinessData,
    today: time::Date,
) -> Result<Onboarding, WizardError> {
    let mut current = draft(db, user_id).await?;
    if !(0..STEPS.len() as i64).contains(&step) || step > current.step {
        return Err(WizardError::OutOfRange);
    }
    let data = business::with_country_reset(&current.data, answers);
    for earlier in 0..=step as usize {
        business::check_step(&data, earlier, today).map_err(WizardError::Refused)?;
    }
    let reset = data.country != current.data.country && !current.data.country.is_empty();
    let next = if reset { 1 } else { current.step.max(step + 1) };
    if !store::onboardings::save(db, &current.id, next, &data, db.now_ms()).await? {
        return Err(WizardError::NotOpen);
    }
    current.step = next;
    current.data = data;
    Ok(current)
}
