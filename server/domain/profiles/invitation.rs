//! Invitations to a profile's team (SPEC §3 Invitation, §2 invite form): the states, the
//! positions of the form and the roles they give, and the form's checks.

use super::access::Role;
use crate::domain::auth::email::Email;

crate::domain::named_enum! {
    /// SPEC §3 Invitation states. Rejected is an invitation the Account Owner revoked.
    pub enum InvitationState {
        InvitationPending = "invitation_pending",
        InvitationAccepted = "invitation_accepted",
        InvitationExpired = "invitation_expired",
        InvitationDeclined = "invitation_declined",
        InvitationRejected = "invitation_rejected",
    }
}

crate::domain::named_enum! {
    /// What an invitation brings the invitee: a place in the team, or (issue 14) a card.
    pub enum Purpose {
        Team = "team",
        Card = "card",
    }
}

/// An invitation link works this long (issue 13: 7 days).
pub const LIFETIME_MS: i64 = 7 * 24 * 60 * 60 * 1000;

/// The occupations the invite form offers for position Other (SPEC §3: from the server, plus
/// 'Other' with value other, which the app adds).
pub const OCCUPATIONS: [&str; 10] = [
    "Bookkeeper",
    "Company Secretary",
    "Finance Assistant",
    "Legal Counsel",
    "Office Manager",
    "Operations Manager",
    "Payroll Administrator",
    "Procurement Manager",
    "Sales Manager",
    "Treasurer",
];

/// What the invitation email says, and the link it carries.
pub struct InvitationEmail<'a> {
    /// Who invites, as their name reads (or "A colleague").
    pub inviter: &'a str,
    pub company: &'a str,
    /// The bank's trading name.
    pub bank: &'a str,
    pub base_url: &'a str,
    pub purpose: Purpose,
    pub role: Role,
    pub occupation: Option<&'a str>,
    pub invitee: &'a str,
    pub reference: &'a str,
    pub token: &'a str,
}

/// The invitation email's subject and body. Every name in it is someone's typing, written as an
/// email carries it (`names::in_mail`).
pub fn email(e: &InvitationEmail<'_>) -> (String, String) {
    use crate::domain::names::in_mail;
    let who = in_mail(e.inviter);
    let company = in_mail(e.company);
    let (bank, base, token) = (e.bank, e.base_url, e.token);
    // What the link opens and what the email says differ by purpose; the rest is one email.
    let (link, subject, offer, ask) = match e.purpose {
        Purpose::Card => (
            format!("{base}/invitation/{token}/card"),
            format!("{who} is giving you a {company} company card"),
            format!("{who} is giving you a corporate card of {company} on {bank}."),
            "Accept it and create your login",
        ),
        Purpose::Team => (
            format!("{base}/accept-invite?token={token}"),
            format!("{who} invited you to {company} on {bank}"),
            format!(
                "{who} invited you to join {company} on {bank} as {}.",
                position(e.role, e.occupation)
            ),
            "Accept the invitation",
        ),
    };
    let body = format!(
        "Hello {},\n\n{offer}\n\n{ask}: {link}\n\n\
         The link works once, for 7 days (reference {}). If you did not expect it, ignore this email.",
        in_mail(e.invitee),
        e.reference
    );
    (subject, body)
}

/// The position a team invitation gives, as the email names it.
pub fn position(role: Role, occupation: Option<&str>) -> String {
    match role {
        Role::Custom => occupation.unwrap_or("a team member").to_string(),
        Role::Cfo => "CFO".into(),
        other => {
            let text = other.as_str();
            let mut chars = text.chars();
            chars
                .next()
                .map(|c| c.to_uppercase().collect::<String>() + chars.as_str())
                .unwrap_or_default()
        }
    }
}

/// The invite form, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedInvite {
    pub name: String,
    pub email: Email,
    pub role: Role,
    pub occupation: Option<String>,
}

/// The form's fields as typed.
pub struct InviteInput<'a> {
    pub name: &'a str,
    pub email: &'a str,
    pub position: Option<Role>,
    pub occupation: &'a str,
    pub agreement: bool,
}

/// SPEC §2 invite form: name, email, position Director, CFO, Accountant or Other (custom, with
/// an occupation), and the agreement. Answers field errors by the form's names.
pub fn check(input: &InviteInput<'_>) -> Result<CheckedInvite, Vec<(&'static str, String)>> {
    let mut errors = Vec::new();
    let person = person(input, &mut errors);
    let role = match input.position {
        Some(role @ (Role::Director | Role::Cfo | Role::Accountant | Role::Custom)) => Some(role),
        Some(_) => {
            errors.push((
                "position",
                "Choose Director, CFO, Accountant or Other".to_string(),
            ));
            None
        }
        None => {
            errors.push(("position", "Field is required".to_string()));
            None
        }
    };
    let occupation = input.occupation.trim();
    if role == Some(Role::Custom) && occupation.is_empty() {
        errors.push((
            "occupation",
            "Position Other requires occupation".to_string(),
        ));
    }
    match (person, role) {
        (Some((name, email)), Some(role)) if errors.is_empty() => Ok(CheckedInvite {
            name,
            email,
            role,
            occupation: (role == Role::Custom).then(|| occupation.to_string()),
        }),
        _ => Err(errors),
    }
}

/// The corporate card form (issue 14): the employee's name (it is embossed on the card), email
/// and the agreement; the role is always card user.
pub fn check_card(input: &InviteInput<'_>) -> Result<CheckedInvite, Vec<(&'static str, String)>> {
    let mut errors = Vec::new();
    let person = person(input, &mut errors);
    match person {
        Some((name, email)) if errors.is_empty() => Ok(CheckedInvite {
            name,
            email,
            role: Role::CardUser,
            occupation: None,
        }),
        _ => Err(errors),
    }
}

/// The name, email and agreement both forms have.
fn person(
    input: &InviteInput<'_>,
    errors: &mut Vec<(&'static str, String)>,
) -> Option<(String, Email)> {
    let name = input.name.trim();
    if name.is_empty() {
        errors.push(("name", "Field is required".to_string()));
    } else if name.chars().count() > 100 {
        errors.push(("name", "Use at most 100 characters".to_string()));
    } else if let Err(message) = crate::domain::names::check_person(name) {
        errors.push(("name", message.to_string()));
    }
    let email = match Email::parse(input.email) {
        Ok(email) => Some(email),
        Err(message) => {
            errors.push(("email", message.to_string()));
            None
        }
    };
    if !input.agreement {
        errors.push(("agreement", "Field is required".to_string()));
    }
    email.map(|email| (name.to_string(), email))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(position: Option<Role>, occupation: &str, agreement: bool) -> InviteInput<'_> {
        InviteInput {
            name: "Carl Price",
            email: "carl@example.com",
            position,
            occupation,
            agreement,
        }
    }

    #[test]
    fn the_invite_form_is_checked() {
        let ok = check(&input(Some(Role::Cfo), "ignored", true)).unwrap();
        assert_eq!(ok.role, Role::Cfo);
        assert_eq!(ok.occupation, None);
        let custom = check(&input(Some(Role::Custom), " Bookkeeper ", true)).unwrap();
        assert_eq!(custom.occupation.as_deref(), Some("Bookkeeper"));
        let errors = check(&input(Some(Role::Custom), "", false)).unwrap_err();
        assert!(errors.contains(&("occupation", "Position Other requires occupation".into())));
        assert!(errors.contains(&("agreement", "Field is required".into())));
        assert!(check(&input(Some(Role::Admin), "", true)).is_err());
        assert!(check(&input(None, "", true)).is_err());
        let bad = check(&InviteInput {
            email: "nope",
            ..input(Some(Role::Cfo), "", true)
        });
        assert!(bad.unwrap_err().iter().any(|(field, _)| *field == "email"));
    }

    #[test]
    fn a_card_invitation_is_always_for_a_card_user() {
        let ok = check_card(&input(None, "", true)).unwrap();
        assert_eq!(ok.role, Role::CardUser);
        let errors = check_card(&InviteInput {
            name: " ",
            ..input(Some(Role::Director), "", false)
        })
        .unwrap_err();
        assert!(errors.contains(&("name", "Field is required".into())));
        assert!(errors.contains(&("agreement", "Field is required".into())));
    }
}
