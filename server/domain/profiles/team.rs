//! A profile's team (SPEC §3 Team member, §4 member status, §6): which roles an Account Owner
//! may give, the rights each role starts with, and the checks on a change of access.

use super::access::{Level, Right, Role, Section};

crate::domain::named_enum! {
    /// SPEC §3/§4: a member's status; invitations add theirs to the same list.
    pub enum MemberStatus {
        Active = "active",
        InProgress = "in_progress",
        InvitationPending = "invitation_pending",
        InvitationExpired = "invitation_expired",
        InvitationDeclined = "invitation_declined",
    }
}

/// SPEC §6 default permissions on invite: director full on account, invoice and services; cfo
/// and accountant read account and full invoice; custom read account only. "Account" is the
/// transaction section, "services" the lending and merchant ones; card_order is always full.
pub fn default_rights(role: Role) -> Vec<String> {
    use Section::{Factoring, Invoice, Loan, Merchant, Mortgage, Transaction};
    let rights: &[Right] = match role {
        Role::Director => &[
            Right::full(Transaction),
            Right::full(Invoice),
            Right::full(Loan),
            Right::full(Mortgage),
            Right::full(Merchant),
            Right::full(Factoring),
        ],
        Role::Cfo | Role::Accountant => &[Right::read(Transaction), Right::full(Invoice)],
        Role::Custom => &[Right::read(Transaction)],
        _ => &[],
    };
    rights
        .iter()
        .copied()
        .chain(std::iter::once(CARD_ORDER))
        .map(Right::text)
        .collect()
}

/// Every member may order their own card.
const CARD_ORDER: Right = Right {
    section: Section::CardOrder,
    level: Level::Full,
};

/// Roles an Account Owner gives a colleague (SPEC §2 invite form: Director, CFO, Accountant,
/// Other; the user role for plain access). Account Owner and card user are not given this way.
pub fn assignable(role: Role) -> bool {
    matches!(
        role,
        Role::Director | Role::Cfo | Role::Accountant | Role::Custom | Role::User
    )
}

#[derive(Debug, PartialEq, Eq)]
pub enum AccessProblem {
    Role,
    /// SPEC §5: 'Position Other requires occupation'.
    Occupation,
    Right(String),
}

/// A change of access, checked: the role, the occupation a custom role needs, and rights that
/// are SPEC §6 'section:level' strings. Answers the rights to store (card_order always full).
pub fn check_access(
    role: Role,
    occupation: Option<&str>,
    rights: &[String],
) -> Result<Vec<String>, AccessProblem> {
    if !assignable(role) {
        return Err(AccessProblem::Role);
    }
    if role == Role::Custom && occupation.is_none_or(|o| o.trim().is_empty()) {
        return Err(AccessProblem::Occupation);
    }
    let mut stored: Vec<String> = Vec::new();
    for text in rights {
        let right = Right::parse(text).ok_or_else(|| AccessProblem::Right(text.clone()))?;
        if right.section != Section::CardOrder && !stored.contains(&right.text()) {
            stored.push(right.text());
        }
    }
    stored.push(CARD_ORDER.text());
    Ok(stored)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_follow_spec_6() {
        assert!(default_rights(Role::Director).contains(&"transaction:rw".to_string()));
        assert_eq!(
            default_rights(Role::Cfo),
            ["transaction:r", "invoice:rw", "card_order:rw"]
        );
        assert_eq!(
            default_rights(Role::Custom),
            ["transaction:r", "card_order:rw"]
        );
    }

    #[test]
    fn a_change_of_access_is_checked() {
        let r = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            check_access(Role::Cfo, None, &r(&["transaction:r", "card_order:r"])),
            Ok(r(&["transaction:r", "card_order:rw"]))
        );
        assert_eq!(
            check_access(Role::Admin, None, &[]),
            Err(AccessProblem::Role)
        );
        assert_eq!(
            check_access(Role::CardUser, None, &[]),
            Err(AccessProblem::Role)
        );
        assert_eq!(
            check_access(Role::Custom, Some(" "), &[]),
            Err(AccessProblem::Occupation)
        );
        assert!(check_access(Role::Custom, Some("Bookkeeper"), &[]).is_ok());
        assert_eq!(
            check_access(Role::User, None, &r(&["vault:rw"])),
            Err(AccessProblem::Right("vault:rw".into()))
        );
        assert!(check_access(Role::User, None, &r(&["loan:x"])).is_err());
    }
}
