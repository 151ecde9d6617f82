//! What the audit log records (DESIGN.md §4): one closed list of events, each named
//! `area.what_happened`, so an operator reads one style and a new event is added here, once.

use crate::domain::auth::mfa::Purpose;
use crate::domain::cards::status::CardAction;

/// A closed list of logged events, each with the name the log stores (also the back office's).
macro_rules! events {
    ($(#[$meta:meta])* $name:ident { $($variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum $name {
            $($variant),+
        }

        impl $name {
            pub const ALL: &'static [Self] = &[$(Self::$variant),+];

            /// The name the log stores.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Self::$variant => $text),+
                }
            }
        }
    };
}

pub(crate) use events;

events! {
    AuditEvent {
    LoginFailed = "auth.login_failed",
    LoginRefused = "auth.login_refused",
    LoginSucceeded = "auth.login_succeeded",
    MfaRequested = "auth.mfa_requested",
    MfaResent = "auth.mfa_resent",
    MfaWrongCode = "auth.mfa_wrong_code",
    RefreshReused = "auth.refresh_reused",
    LoggedOut = "auth.logged_out",
    PoliciesAccepted = "auth.policies_accepted",
    PasskeyAdded = "auth.passkey_added",
    PasskeyRemoved = "auth.passkey_removed",
    PasskeyFailed = "auth.passkey_failed",
    PasswordResetRequested = "auth.password_reset_requested",
    PasswordChanged = "auth.password_changed",
    StepUpApproved = "auth.step_up_approved",
    CardClosureApproved = "auth.card_closure_approved",
    CardDetailsApproved = "auth.card_details_approved",
    OtherApproved = "auth.approval_verified",
    CardOrdered = "cards.ordered",
    CardActivated = "cards.activated",
    CardFrozen = "cards.frozen",
    CardUnfrozen = "cards.unfrozen",
    CardClosed = "cards.closed",
    CardPinUnblocked = "cards.pin_unblocked",
    CardLimitsChanged = "cards.limits_changed",
    CardDetailsShown = "cards.details_shown",
    ActivationFeeInSuspense = "onboarding.activation_fee_in_suspense",
    TeamInvited = "team.invited",
    TeamInvitationResent = "team.invitation_resent",
    TeamInvitationRevoked = "team.invitation_revoked",
    TeamInvitationAccepted = "team.invitation_accepted",
    TeamInvitationDeclined = "team.invitation_declined",
    TeamAccessChanged = "team.access_changed",
    TeamMemberRemoved = "team.member_removed",
    TeamApprovalRuleSet = "team.approval_rule_set",
    TransferAwaitingApproval = "transfer.awaiting_approval",
    TransferApproved = "transfer.approved",
    TransferRejected = "transfer.rejected",
    LoanApplied = "lending.applied",
    LoanDecided = "lending.decided",
    LoanPaidOut = "lending.paid_out",
    MerchantApplied = "merchant.applied",
    MerchantAnswered = "merchant.answered",
    MerchantDecided = "merchant.decided",
    }
}

impl AuditEvent {
    /// A card's status changed by the holder or an Account Owner.
    pub fn card(action: CardAction) -> Self {
        match action {
            CardAction::Activate => Self::CardActivated,
            CardAction::Freeze => Self::CardFrozen,
            CardAction::Unfreeze => Self::CardUnfrozen,
            CardAction::Close => Self::CardClosed,
        }
    }

    /// An approval (SMS code or passkey) of `purpose` was verified.
    pub fn approved(purpose: Purpose) -> Self {
        match purpose {
            Purpose::SecurityChange => Self::StepUpApproved,
            Purpose::CardClosure => Self::CardClosureApproved,
            Purpose::CardDetails => Self::CardDetailsApproved,
            _ => Self::OtherApproved,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::AuditEvent;

    #[test]
    fn every_event_is_named_area_dot_what_happened_once() {
        let mut seen = std::collections::BTreeSet::new();
        for event in AuditEvent::ALL {
            let name = event.as_str();
            let (area, what) = name.split_once('.').expect(name);
            assert!(
                !area.is_empty()
                    && !what.is_empty()
                    && name
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c == '_' || c == '.'),
                "{name}"
            );
            assert!(seen.insert(name), "{name} twice");
        }
    }
}
