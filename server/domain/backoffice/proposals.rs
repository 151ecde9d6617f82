//! Four eyes (issue 32 point 2): a change of money or access is proposed by one member of staff
//! and made only when a second, never the same, approves it within 24 hours. Which duty each
//! kind needs, and who may decide, are decided here.

use super::staff::{Duty, StaffMember};

crate::domain::named_enum! {
    /// What a proposal changes.
    pub enum ProposalKind {
        /// A restricted account is opened again (compliance).
        LiftRestriction = "lift_restriction",
        /// A new member of staff (admin).
        AddStaff = "add_staff",
        /// Money in suspense credited to a customer or sent back (operations).
        ReleaseSuspense = "release_suspense",
        /// A profile's own transfer limits in a currency (operations).
        ChangeLimit = "change_limit",
        /// A profile's own price for a scheme in a currency: a waiver or a lower fee
        /// (operations).
        ChangeFee = "change_fee",
    }
}

crate::domain::named_enum! {
    pub enum ProposalStatus {
        Pending = "pending",
        Approved = "approved",
        Rejected = "rejected",
        /// Nobody approved it within 24 hours.
        Expired = "expired",
    }
}

/// A second member must approve within a day, or the proposal lapses.
pub const APPROVAL_WINDOW_MS: i64 = 24 * 60 * 60 * 1000;

impl ProposalKind {
    /// The duty both the proposer and the approver need.
    pub fn duty(self) -> Duty {
        match self {
            Self::LiftRestriction => Duty::Restrict,
            Self::AddStaff => Duty::ManageStaff,
            Self::ReleaseSuspense | Self::ChangeLimit | Self::ChangeFee => Duty::Payments,
        }
    }
}

/// A proposal as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proposal {
    pub id: String,
    pub kind: ProposalKind,
    pub subject: String,
    pub payload: String,
    pub reason: String,
    pub proposed_by: String,
    pub proposer_email: String,
    pub proposed_at: i64,
    pub expires_at: i64,
    pub status: ProposalStatus,
}

impl Proposal {
    /// Where it stands at `now`: a pending one past its window has lapsed.
    pub fn status_at(&self, now: i64) -> ProposalStatus {
        if self.status == ProposalStatus::Pending && now >= self.expires_at {
            ProposalStatus::Expired
        } else {
            self.status
        }
    }
}

/// Why a member may not decide a proposal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DecisionRefusal {
    /// The proposer never approves their own proposal.
    OwnProposal,
    /// The member's role does not carry the kind's duty.
    NotTheirDuty,
    /// Decided already, or lapsed.
    NotPending,
}

/// Whether `member` may decide `proposal` at `now`.
pub fn may_decide(
    proposal: &Proposal,
    member: &StaffMember,
    now: i64,
) -> Result<(), DecisionRefusal> {
    if proposal.status_at(now) != ProposalStatus::Pending {
        return Err(DecisionRefusal::NotPending);
    }
    if proposal.proposed_by == member.id {
        return Err(DecisionRefusal::OwnProposal);
    }
    if !member.role.may(proposal.kind.duty()) {
        return Err(DecisionRefusal::NotTheirDuty);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::backoffice::staff::StaffRole;

    fn member(id: &str, role: StaffRole) -> StaffMember {
        StaffMember {
            id: id.into(),
            email: format!("{id}@harbour.example"),
            role,
            enrolled_at: Some(1),
            disabled_at: None,
        }
    }

    fn lift(by: &str) -> Proposal {
        Proposal {
            id: "p".into(),
            kind: ProposalKind::LiftRestriction,
            subject: "user".into(),
            payload: "{}".into(),
            reason: "documents received".into(),
            proposed_by: by.into(),
            proposer_email: format!("{by}@harbour.example"),
            proposed_at: 0,
            expires_at: APPROVAL_WINDOW_MS,
            status: ProposalStatus::Pending,
        }
    }

    #[test]
    fn a_second_member_with_the_duty_decides_within_the_day() {
        let proposal = lift("ann");
        assert_eq!(
            may_decide(&proposal, &member("ann", StaffRole::Compliance), 1),
            Err(DecisionRefusal::OwnProposal)
        );
        assert_eq!(
            may_decide(&proposal, &member("sam", StaffRole::Support), 1),
            Err(DecisionRefusal::NotTheirDuty)
        );
        assert_eq!(
            may_decide(&proposal, &member("bea", StaffRole::Compliance), 1),
            Ok(())
        );
        assert_eq!(
            may_decide(
                &proposal,
                &member("bea", StaffRole::Compliance),
                APPROVAL_WINDOW_MS
            ),
            Err(DecisionRefusal::NotPending)
        );
        assert_eq!(
            proposal.status_at(APPROVAL_WINDOW_MS),
            ProposalStatus::Expired
        );
    }
}
