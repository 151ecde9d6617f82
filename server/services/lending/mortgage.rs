//! A mortgage application (issue 30 point 3): its basic details and two finances, each saved on
//! its own after its checks; submitted (SPEC §4: both finances saved) as a loan application of
//! type mortgage, after which the draft is cleared.

use crate::domain::ids::ProfileId;
use crate::domain::lending::mortgage::{self, Errors, NotReady};
use crate::store::mortgage_drafts::{self, Part};
use crate::store::Db;

pub use crate::store::mortgage_drafts::MortgageDraft;

pub async fn draft(db: &Db, profile_id: &ProfileId) -> Result<MortgageDraft, sqlx::Error> {
    mortgage_drafts::of_profile(db, profile_id).await
}

#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    #[error("invalid fields")]
    Invalid(Errors),
    #[error(transparent)]
    Storage(#[from] sqlx::Error),
}

async fn keep<T: serde::Serialize>(
    db: &Db,
    profile_id: &ProfileId,
    part: Part,
    value: &T,
) -> Result<MortgageDraft, SaveError> {
    let json = serde_json::to_value(value).unwrap_or_default();
    mortgage_drafts::save(db, profile_id, part, &json, db.now_ms()).await?;
    Ok(draft(db, profile_id).await?)
}

pub async fn save_basic(
    db: &Db,
    profile_id: &ProfileId,
    basic: &mortgage::MortgageBasic,
) -> Result<MortgageDraft, SaveError> {
    mortgage::check_basic(basic).map_err(SaveError::Invalid)?;
    keep(db, profile_id, Part::Basic, basic).await
}

pub async fn save_business(
    db: &Db,
    profile_id: &ProfileId,
    finances: &mortgage::BusinessFinances,
) -> Result<MortgageDraft, SaveError> {
    mortgage::check_business(finances).map_err(SaveError::Invalid)?;
    keep(db, profile_id, Part::Business, finances).await
}

pub async fn save_property(
    db: &Db,
    profile_id: &ProfileId,
    finances: &mortgage::PropertyFinances,
) -> Result<MortgageDraft, SaveError> {
    mortgage::check_property(finances).map_err(SaveError::Invalid)?;
    keep(db, profile_id, Part::Property, finances).await
}

/// What is sent to the lender, when the draft may be submitted: the amount borrowed for the
/// property and the whole draft.
pub struct Submission {
    pub amount: i64,
    pub form: serde_json::Value,
}

#[derive(Debug, PartialEq, Eq)]
pub enum NotSubmittable {
    /// The basic step is not saved.
    NoBasic,
    NotReady(NotReady),
}

pub fn submission(draft: &MortgageDraft) -> Result<Submission, NotSubmittable> {
    let basic = draft.basic.as_ref().ok_or(NotSubmittable::NoBasic)?;
    // The person's unsaved edits are the screen's to know (IN_EDIT); here only what is saved.
    mortgage::ready(draft.business.is_some(), draft.property.is_some(), false)
        .map_err(NotSubmittable::NotReady)?;
    let property = draft.property.as_ref().expect("ready: saved");
    let amount = mortgage::check_property(property).unwrap_or_default();
    Ok(Submission {
        amount,
        form: serde_json::json!({
            "purpose": "Commercial mortgage",
            "basic": basic,
            "businessFinances": draft.business,
            "propertyFinances": property,
        }),
    })
}

pub async fn clear(db: &Db, profile_id: &ProfileId) -> Result<(), sqlx::Error> {
    mortgage_drafts::clear(db, profile_id).await
}
