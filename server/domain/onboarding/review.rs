//! Reviews of a customer: the identity provider's review of a person (KYC) and the bank's own
//! review of a business (KYB, issue 10 point 5), each as the move of the customer's status it
//! makes. A move names the statuses it may start from, so a replayed or late review finds the
//! status moved on and changes nothing.

use super::journey::{self, Step};
use super::kyc::KycStatus;
use super::kyc::OnboardingFlow;

crate::domain::named_enum! {
    /// What an identity review decided (as stored in `identity_checks.review`).
    pub enum Review {
        /// The documents are in and being checked.
        Submitted = "submitted",
        /// GREEN: the person is who they say.
        Approved = "approved",
        /// RED with RETRY: a new photo is needed.
        Retry = "retry",
        /// RED with FINAL: the bank cannot go on.
        Rejected = "rejected",
    }
}

/// A status move: from any of these, to that.
pub type Move = (&'static [KycStatus], KycStatus);

/// Where an identity review moves a person in `flow`.
pub fn identity_move(review: Review, flow: OnboardingFlow, phone_verified: bool) -> Move {
    use KycStatus::{Pending, ToComplete, ToVerify};
    match review {
        Review::Submitted => (&[ToVerify, ToComplete], Pending),
        Review::Approved => (
            &[ToVerify, ToComplete, Pending],
            journey::after(flow, Step::Identity, phone_verified),
        ),
        Review::Retry => (&[ToVerify, Pending], ToComplete),
        Review::Rejected => (&[ToVerify, ToComplete, Pending], KycStatus::Rejected),
    }
}

crate::domain::named_enum! {
    /// An operator's decision on a business.
    pub enum KybDecision {
        Approve = "approve",
        RequestMore = "request_more",
        Reject = "reject",
    }
}

/// The statuses of a business waiting for the bank's review.
pub const KYB_IN_REVIEW: [KycStatus; 2] = [KycStatus::KybPending, KycStatus::KybRequested];

/// A request for more must say what the bank needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NoteRequired;

/// Where a KYB decision moves a business owner in `flow`; `has_note` says whether the operator
/// wrote what they need.
pub fn kyb_move(
    decision: KybDecision,
    flow: OnboardingFlow,
    has_note: bool,
) -> Result<Move, NoteRequired> {
    match decision {
        KybDecision::Approve => Ok((&KYB_IN_REVIEW, journey::after(flow, Step::Kyb, true))),
        KybDecision::Reject => Ok((&KYB_IN_REVIEW, KycStatus::Rejected)),
        KybDecision::RequestMore if !has_note => Err(NoteRequired),
        KybDecision::RequestMore => Ok((&[KycStatus::KybPending], KycStatus::KybRequested)),
    }
}

/// The email that tells the customer of a KYB decision.
pub fn kyb_email(decision: KybDecision, note: &str) -> String {
    match decision {
        KybDecision::Approve => "We have verified your business. Log in to pay the activation fee and open your accounts.".to_string(),
        KybDecision::RequestMore => format!(
            "We need a little more information about your business:\n\n{note}\n\nLog in to answer."
        ),
        KybDecision::Reject => "We are sorry: we are unable to open an account for your business.".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_late_identity_review_cannot_undo_a_rejection() {
        for review in Review::ALL {
            let (from, _) = identity_move(*review, OnboardingFlow::Business, false);
            assert!(!from.contains(&KycStatus::Rejected), "{review}");
        }
    }

    #[test]
    fn only_a_pending_business_can_be_asked_for_more_and_only_with_a_note() {
        assert_eq!(
            kyb_move(KybDecision::RequestMore, OnboardingFlow::Business, false),
            Err(NoteRequired)
        );
        let (from, to) =
            kyb_move(KybDecision::RequestMore, OnboardingFlow::Business, true).unwrap();
        assert_eq!(
            (from, to),
            (&[KycStatus::KybPending][..], KycStatus::KybRequested)
        );
        let (from, to) = kyb_move(KybDecision::Reject, OnboardingFlow::Business, false).unwrap();
        assert_eq!((from, to), (&KYB_IN_REVIEW[..], KycStatus::Rejected));
    }
}
