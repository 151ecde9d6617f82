//! Profiles' use cases: the profiles a person acts for, a further one, the team and its
//! invitations.

pub mod invitations;
pub mod team;

use crate::domain::ids::UserId;
use crate::domain::onboarding::kyc::{KycStatus, OnboardingFlow};
use crate::domain::profiles::access::{ProfileType, Role};
use crate::store::{self, Db};

pub use crate::store::profiles::Profile;

/// The profiles the person is a member of.
pub async fn of_user(db: &Db, user_id: &UserId) -> Result<Vec<Profile>, sqlx::Error> {
    store::profiles::for_user(db, user_id).await
}

/// The profile a request acts for: `wanted` if the person is a member of it, else their
/// default, else the first.
pub async fn chosen(
    db: &Db,
    user_id: &UserId,
    wanted: Option<&str>,
) -> Result<Option<Profile>, sqlx::Error> {
    let profiles = of_user(db, user_id).await?;
    Ok(store::profiles::choose(&profiles, wanted).cloned())
}

#[derive(Debug, thiserror::Error)]
pub enum NewProfileError {
    /// The current onboarding is not finished (or another profile's is under way).
    #[error("the current account is not open yet")]
    Unfinished,
    #[error("a personal profile exists")]
    PersonalExists,
    #[error(transparent)]
    Storage(#[from] sqlx::Error),
}

/// Starts a further profile for a person whose accounts are open: a personal one (their
/// details, phone and identity are verified, so the personal activation fee is what is left;
/// every profile passes its own fee, issue 26 point 4), or a second company, which runs the
/// business wizard, the bank's review and the fee again.
pub async fn start(db: &Db, user_id: &UserId, kind: ProfileType) -> Result<(), NewProfileError> {
    let user = store::users::by_id(db, user_id)
        .await?
        .ok_or(NewProfileError::Unfinished)?;
    if user.kyc_status != KycStatus::Completed || user.onboarding_flow.is_some() {
        return Err(NewProfileError::Unfinished);
    }
    let (flow, status) = match kind {
        ProfileType::Personal => {
            let has_personal = of_user(db, user_id)
                .await?
                .iter()
                .any(|p| p.kind == ProfileType::Personal && p.my_access.role == Role::Admin);
            if has_personal {
                return Err(NewProfileError::PersonalExists);
            }
            (OnboardingFlow::Personal, KycStatus::RegistrationFeeAssigned)
        }
        ProfileType::Business => (
            OnboardingFlow::BusinessAdditional,
            KycStatus::ProfileIncomplete,
        ),
    };
    if !store::users::start_flow(db, user_id, flow, status).await? {
        return Err(NewProfileError::Unfinished);
    }
    Ok(())
}
