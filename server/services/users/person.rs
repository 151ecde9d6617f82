//! The person's part of sign-up (SPEC §7 PATCH /v2/users): their personal details, then their
//! address, which moves onboarding on. Both only while the details are still unconfirmed (the
//! first KYC status); after that support changes them.

use crate::domain::ids::UserId;
use crate::domain::onboarding::journey;
use crate::domain::onboarding::kyc::{KycStatus, OnboardingFlow};
use crate::domain::onboarding::person::{self, AddressInput, FieldErrors, PersonalDetailsInput};
use crate::store::{self, Db};

pub use crate::store::users::{Telephone, UserDetails};

#[derive(Debug, thiserror::Error)]
pub enum PersonError {
    #[error("no such user")]
    NotFound,
    /// The details are confirmed: only support may change them now.
    #[error("the details are confirmed")]
    Locked,
    /// An address before the personal details.
    #[error("the personal details come first")]
    DetailsMissing,
    #[error("invalid fields")]
    Fields(FieldErrors),
    #[error(transparent)]
    Storage(#[from] sqlx::Error),
}

pub async fn details(db: &Db, user_id: &UserId) -> Result<Option<UserDetails>, sqlx::Error> {
    store::users::details(db, user_id).await
}

/// The details as long as they may still change.
async fn unconfirmed(db: &Db, user_id: &UserId) -> Result<UserDetails, PersonError> {
    let current = details(db, user_id).await?.ok_or(PersonError::NotFound)?;
    if current.kyc_status != KycStatus::FIRST {
        return Err(PersonError::Locked);
    }
    Ok(current)
}

/// Name, date of birth and PEP answer, checked with SPEC §5 as of London's `today`.
pub async fn set_details(
    db: &Db,
    user_id: &UserId,
    input: &PersonalDetailsInput,
    today: time::Date,
) -> Result<(), PersonError> {
    unconfirmed(db, user_id).await?;
    let details = person::check_details(input, today).map_err(PersonError::Fields)?;
    let dob = details.dob.to_string();
    store::users::set_personal_details(
        db,
        user_id,
        &store::users::PersonalDetails {
            title: &details.title,
            name: &details.name,
            middle_name: details.middle_name.as_deref(),
            surname: &details.surname,
            dob: &dob,
            is_pep: details.is_pep,
        },
    )
    .await?;
    Ok(())
}

/// The home address; it completes the person's part, and onboarding moves to its next step.
pub async fn set_address(
    db: &Db,
    user_id: &UserId,
    input: &AddressInput,
) -> Result<(), PersonError> {
    let current = unconfirmed(db, user_id).await?;
    if current.dob.is_none() {
        return Err(PersonError::DetailsMissing);
    }
    let address = person::check_address(input).map_err(PersonError::Fields)?;
    let next = journey::after(
        current.onboarding_flow.unwrap_or(OnboardingFlow::Personal),
        journey::Step::Person,
        store::users::phone_verified(db, user_id).await?,
    );
    store::users::set_address(
        db,
        user_id,
        &store::users::Address {
            country: &address.country,
            postcode: &address.postcode,
            city: &address.city,
            region: address.region.as_deref(),
            address1: &address.address1,
            building_number: address.building_number.as_deref(),
        },
        next,
    )
    .await?;
    Ok(())
}

/// Where the person is in the registration wizard, kept so another device resumes there.
pub async fn set_registration_state(
    db: &Db,
    user_id: &UserId,
    state: crate::domain::onboarding::kyc::RegistrationState,
) -> Result<(), sqlx::Error> {
    crate::store::users::set_registration_state(db, user_id, state).await
}
