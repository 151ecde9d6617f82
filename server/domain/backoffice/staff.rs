//! Staff, their roles and what each role may do (issue 32 point 1), and the rules of their
//! sessions and enrolment links.

use crate::domain::auth::email::Email;

crate::domain::named_enum! {
    /// A member of staff's role.
    pub enum StaffRole {
        /// Reads customers and answers their messages.
        Support = "support",
        /// KYC and KYB decisions, restrictions.
        Compliance = "compliance",
        /// Payments, suspense, returns, events and promos.
        Operations = "operations",
        /// Staff and feature flags.
        Admin = "admin",
    }
}

/// What a back-office call needs, as the rights table states it; each role has a fixed set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Duty {
    /// Any signed-in member of staff (their own session, the health dashboard).
    AnyStaff,
    /// Reading a customer's record.
    ReadCustomers,
    /// Answering customers' messages.
    AnswerMessages,
    /// KYC and KYB decisions.
    DecideOnboarding,
    /// Restricting an account and lifting a restriction.
    Restrict,
    /// Suspense, returns and unmatched payments.
    Payments,
    /// Promos, system events and surveys.
    Content,
    /// Adding staff.
    ManageStaff,
    /// Feature flags.
    Flags,
}

impl Duty {
    pub const ALL: &'static [Self] = &[
        Self::AnyStaff,
        Self::ReadCustomers,
        Self::AnswerMessages,
        Self::DecideOnboarding,
        Self::Restrict,
        Self::Payments,
        Self::Content,
        Self::ManageStaff,
        Self::Flags,
    ];
}

impl StaffRole {
    /// Whether this role carries `duty`. Reading a customer goes with every role that acts on
    /// customers; staff and flags are the admin's alone, and the admin decides no customer's
    /// case (separation of duties).
    pub fn may(self, duty: Duty) -> bool {
        use Duty::*;
        use StaffRole::*;
        match duty {
            AnyStaff => true,
            ReadCustomers => matches!(self, Support | Compliance | Operations),
            AnswerMessages => self == Support,
            DecideOnboarding | Restrict => self == Compliance,
            Payments | Content => self == Operations,
            ManageStaff | Flags => self == Admin,
        }
    }

    /// The duties this role carries, for the app to mirror (the server decides).
    pub fn duties(self) -> Vec<&'static str> {
        Duty::ALL
            .iter()
            .filter(|duty| self.may(**duty))
            .map(|duty| duty.name())
            .collect()
    }
}

impl Duty {
    pub fn name(self) -> &'static str {
        match self {
            Self::AnyStaff => "any",
            Self::ReadCustomers => "read_customers",
            Self::AnswerMessages => "answer_messages",
            Self::DecideOnboarding => "decide_onboarding",
            Self::Restrict => "restrict",
            Self::Payments => "payments",
            Self::Content => "content",
            Self::ManageStaff => "manage_staff",
            Self::Flags => "flags",
        }
    }
}

/// A log-in lasts at most eight hours, however busy.
pub const SESSION_MS: i64 = 8 * 60 * 60 * 1000;
/// Fifteen minutes without a request ends it.
pub const IDLE_MS: i64 = 15 * 60 * 1000;
/// An enrolment link is good for a day, once.
pub const ENROLMENT_MS: i64 = 24 * 60 * 60 * 1000;
/// A passkey ceremony must be finished within five minutes.
pub const CEREMONY_MS: i64 = 5 * 60 * 1000;

/// A member of staff as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaffMember {
    pub id: String,
    pub email: String,
    pub role: StaffRole,
    pub enrolled_at: Option<i64>,
    pub disabled_at: Option<i64>,
}

impl StaffMember {
    /// May sign in: enrolled and not disabled.
    pub fn active(&self) -> bool {
        self.enrolled_at.is_some() && self.disabled_at.is_none()
    }
}

/// A live staff session's times: whether it still stands at `now`.
pub fn session_live(expires_at: i64, last_seen_at: i64, now: i64) -> bool {
    now < expires_at && now < last_seen_at.saturating_add(IDLE_MS)
}

/// A new member's email, as for customers (the same rules, lower-cased).
pub fn staff_email(text: &str) -> Result<Email, &'static str> {
    Email::parse(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_role_carries_only_its_duties() {
        use Duty::*;
        let table = [
            (
                StaffRole::Support,
                vec![AnyStaff, ReadCustomers, AnswerMessages],
            ),
            (
                StaffRole::Compliance,
                vec![AnyStaff, ReadCustomers, DecideOnboarding, Restrict],
            ),
            (
                StaffRole::Operations,
                vec![AnyStaff, ReadCustomers, Payments, Content],
            ),
            (StaffRole::Admin, vec![AnyStaff, ManageStaff, Flags]),
        ];
        for (role, duties) in table {
            for duty in Duty::ALL {
                assert_eq!(role.may(*duty), duties.contains(duty), "{role} {duty:?}");
            }
        }
    }

    #[test]
    fn a_session_ends_after_eight_hours_or_fifteen_idle_minutes() {
        let start = 1_000_000;
        let expires = start + SESSION_MS;
        assert!(session_live(expires, start, start + IDLE_MS - 1));
        assert!(!session_live(expires, start, start + IDLE_MS));
        let busy = expires - 1000;
        assert!(session_live(expires, busy, expires - 1));
        assert!(!session_live(expires, busy, expires));
    }
}
