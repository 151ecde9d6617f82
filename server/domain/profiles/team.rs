//! A profile's team (SPEC §3 Team member, §4 member status, §6): which roles an Account Owner
//! may give, the rights each role starts with, and the checks on a change of access.

use super::access::Role;

/// SPEC §6 sections a right may name.
pub const SECTIONS: [&str; 8] = [
    "transaction",
    "invoice",
    "mortgage",
    "loan",
    "merchant",
    "factoring",
    "card",
    "card_order",
];

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
    let rights: &[&str] = match role {
        Role::Director => &[
            "transaction:rw",
            "invoice:rw",
            "loan:rw",
            "mortgage:rw",
            "merchant:rw",
            "factoring:rw",
        ],
        Role::Cfo | Role::Accountant => &["transaction:r", "invoice:rw"],
        Role::Custom => &["transaction:r"],
        _ => &[],
    };
    rights
        .iter()
        .copied()
        .chain(std::iter::once("card_order:rw"))
        .map(str::to_string)
        .collect()
}

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
    for right in rights {
        let valid = right.split_once(':').is_some_and(|(section, level)| {
            SECTIONS.contains(&section) && matches!(level, "r" | "rw")
        });
        if !valid {
            return Err(AccessProblem::Right(right.clone()));
        }
        if !right.starts_with("card_order:") && !stored.contains(right) {
            stored.push(right.clone());
        }
    }
    stored.push("card_order:rw".into());
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
