//! The way from sign-up to a working account, per onboarding flow (SPEC §4 "Onboarding steps are
//! skipped per flow"). Each step has the KYC status that asks for it; finishing a step moves the
//! customer to the next step's status, and past the last one the account is ready.

use super::kyc::{KycStatus, OnboardingFlow};

/// A step a customer passes on the way to an account.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Personal details and home address.
    Person,
    /// The business onboarding wizard.
    Business,
    /// A verified mobile phone.
    Phone,
    /// Identity verification with a document and a selfie, and its review.
    Identity,
    /// The bank's review of the business (KYB).
    Kyb,
    /// The activation fee.
    Fee,
}

impl Step {
    /// The status that asks the customer for this step.
    pub fn status(self) -> KycStatus {
        match self {
            Self::Person => KycStatus::UserDataIncomplete,
            Self::Business => KycStatus::ProfileIncomplete,
            Self::Phone => KycStatus::VerifyPhone,
            Self::Identity => KycStatus::ToVerify,
            Self::Kyb => KycStatus::KybPending,
            Self::Fee => KycStatus::RegistrationFeeAssigned,
        }
    }
}

/// The steps of a flow, in order. A second company skips what its director has done already;
/// an invited colleague pays no fee and has no business to describe.
pub fn steps(flow: OnboardingFlow) -> &'static [Step] {
    use Step::*;
    match flow {
        OnboardingFlow::Personal => &[Person, Phone, Identity, Fee],
        OnboardingFlow::Business => &[Person, Business, Phone, Identity, Kyb, Fee],
        OnboardingFlow::BusinessAdditional => &[Business, Kyb, Fee],
        OnboardingFlow::UserInvited => &[Person, Phone, Identity],
    }
}

/// Where a customer goes once `done` is finished: the next step's status, skipping the phone
/// step for a phone verified already, or completed past the last step.
pub fn after(flow: OnboardingFlow, done: Step, phone_verified: bool) -> KycStatus {
    steps(flow)
        .iter()
        .skip_while(|step| **step != done)
        .skip(1)
        .find(|step| !(phone_verified && **step == Step::Phone))
        .map_or(KycStatus::Completed, |step| step.status())
}

/// Where Back from `step` leads: the step before it, when the person may still change what
/// they gave there. Only the personal details are given again: a submitted company became a
/// profile, and checks (identity, KYB) and payments are not undone, so the business wizard
/// goes back to the personal details, and the phone step does where the personal details came
/// right before it (a personal or invited customer's flow).
pub fn back(flow: OnboardingFlow, step: Step) -> Option<Step> {
    let steps = steps(flow);
    let at = steps.iter().position(|s| *s == step)?;
    let before = *steps.get(at.checked_sub(1)?)?;
    (matches!(step, Step::Business | Step::Phone) && before == Step::Person).then_some(before)
}

/// The statuses in which a step's own calls may be made: the step's status, and for the
/// identity check the status that asks for a document again.
pub fn open_for(step: Step) -> &'static [KycStatus] {
    match step {
        Step::Person => &[KycStatus::UserDataIncomplete],
        Step::Business => &[KycStatus::ProfileIncomplete],
        Step::Phone => &[KycStatus::VerifyPhone],
        Step::Identity => &[KycStatus::ToVerify, KycStatus::ToComplete],
        Step::Kyb => &[KycStatus::KybRequested],
        Step::Fee => &[
            KycStatus::RegistrationFeeAssigned,
            KycStatus::RegistrationFeePending,
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use OnboardingFlow::*;

    #[test]
    fn a_business_goes_through_every_step() {
        assert_eq!(
            after(Business, Step::Person, false),
            KycStatus::ProfileIncomplete
        );
        assert_eq!(
            after(Business, Step::Business, false),
            KycStatus::VerifyPhone
        );
        assert_eq!(after(Business, Step::Phone, true), KycStatus::ToVerify);
        assert_eq!(after(Business, Step::Identity, true), KycStatus::KybPending);
        assert_eq!(
            after(Business, Step::Kyb, true),
            KycStatus::RegistrationFeeAssigned
        );
        assert_eq!(after(Business, Step::Fee, true), KycStatus::Completed);
    }

    #[test]
    fn flows_skip_what_they_do_not_need() {
        assert_eq!(after(Personal, Step::Person, false), KycStatus::VerifyPhone);
        assert_eq!(
            after(Personal, Step::Identity, true),
            KycStatus::RegistrationFeeAssigned
        );
        assert_eq!(
            after(BusinessAdditional, Step::Business, true),
            KycStatus::KybPending
        );
        assert_eq!(
            after(UserInvited, Step::Identity, true),
            KycStatus::Completed
        );
    }

    #[test]
    fn back_returns_to_the_personal_details_only() {
        assert_eq!(back(Personal, Step::Phone), Some(Step::Person));
        assert_eq!(back(UserInvited, Step::Phone), Some(Step::Person));
        assert_eq!(back(Business, Step::Business), Some(Step::Person));
        // The company is submitted before the phone step: it is not reopened.
        assert_eq!(back(Business, Step::Phone), None);
        assert_eq!(back(BusinessAdditional, Step::Business), None);
        assert_eq!(back(Personal, Step::Person), None);
        assert_eq!(back(Personal, Step::Identity), None);
        assert_eq!(back(Business, Step::Fee), None);
    }

    #[test]
    fn a_verified_phone_is_not_asked_for_again() {
        assert_eq!(after(Business, Step::Business, true), KycStatus::ToVerify);
        assert_eq!(after(Personal, Step::Person, true), KycStatus::ToVerify);
    }
}
