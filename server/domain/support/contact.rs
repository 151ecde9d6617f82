//! The contact form (SPEC §2 contact-us, §5 "Contact form requires name, email, subject,
//! request", §7 POST /v1/utils/contact-form): its checks, each field's first problem.

use std::collections::BTreeMap;

use crate::domain::auth::email::Email;

pub const REQUIRED: &str = "Field is required";
/// SPEC §5: a phone number has at most 15 digits.
pub const PHONE_RANGE: &str = "Phone number is out of range";
/// SPEC §8's success.
pub const SENT: &str = "Message sent successfully";
pub const SUBJECT_MAX: usize = 200;
pub const REQUEST_MAX: usize = 5000;

#[derive(Debug, Clone, Default, serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(default)]
pub struct ContactForm {
    pub name: String,
    pub email: String,
    pub phone: String,
    pub subject: String,
    pub request: String,
    /// SPEC §7: `dashboard`.
    pub source: String,
}

/// A message that met the checks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContactMessage {
    pub name: String,
    pub email: Email,
    pub phone: Option<String>,
    pub subject: String,
    pub request: String,
}

/// SPEC §5: not a phone number of at most 15 digits.
#[derive(Debug, PartialEq, Eq)]
pub struct PhoneOutOfRange;

/// A phone number as typed, without spaces and hyphens: none when blank, an error when it is
/// not digits (after an optional +) or has more than 15 of them (SPEC §5).
pub fn phone_of(typed: &str) -> Result<Option<String>, PhoneOutOfRange> {
    let phone: String = typed
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .collect();
    if phone.is_empty() {
        return Ok(None);
    }
    let digits = phone.trim_start_matches('+');
    if digits.len() > 15 || digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(PhoneOutOfRange);
    }
    Ok(Some(phone))
}

pub fn check(form: &ContactForm) -> Result<ContactMessage, BTreeMap<String, String>> {
    let mut errors = BTreeMap::new();
    let name = form.name.trim();
    if name.is_empty() {
        errors.insert("name".into(), REQUIRED.into());
    }
    let email = Email::parse(&form.email);
    if let Err(message) = &email {
        errors.insert("email".into(), (*message).into());
    }
    let phone = phone_of(&form.phone).unwrap_or_else(|PhoneOutOfRange| {
        errors.insert("phone".into(), PHONE_RANGE.into());
        None
    });
    let subject = form.subject.trim();
    if subject.is_empty() {
        errors.insert("subject".into(), REQUIRED.into());
    } else if subject.chars().count() > SUBJECT_MAX {
        errors.insert(
            "subject".into(),
            format!("Up to {SUBJECT_MAX} characters, please"),
        );
    }
    let request = form.request.trim();
    if request.is_empty() {
        errors.insert("request".into(), REQUIRED.into());
    } else if request.chars().count() > REQUEST_MAX {
        errors.insert(
            "request".into(),
            format!("Up to {REQUEST_MAX} characters, please"),
        );
    }
    match email {
        Ok(email) if errors.is_empty() => Ok(ContactMessage {
            name: name.to_string(),
            email,
            phone,
            subject: subject.to_string(),
            request: request.to_string(),
        }),
        _ => Err(errors),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> ContactForm {
        ContactForm {
            name: "Olivia Bennett".into(),
            email: "olivia@example.com".into(),
            phone: "+44 7700 900001".into(),
            subject: "A card that did not arrive".into(),
            request: "I ordered a card two weeks ago.".into(),
            source: "dashboard".into(),
        }
    }

    #[test]
    fn name_email_subject_and_request_are_required() {
        let message = check(&form()).unwrap();
        assert_eq!(message.phone.as_deref(), Some("+447700900001"));
        let errors = check(&ContactForm::default()).unwrap_err();
        for field in ["name", "email", "subject", "request"] {
            assert_eq!(errors[field], REQUIRED, "{field}");
        }
        assert!(!errors.contains_key("phone"), "the phone is optional");
    }

    #[test]
    fn a_phone_has_at_most_15_digits() {
        let errors = check(&ContactForm {
            phone: "+44 7700 900001 2345".into(),
            ..form()
        })
        .unwrap_err();
        assert_eq!(errors["phone"], PHONE_RANGE);
        assert!(check(&ContactForm {
            email: "not an email".into(),
            ..form()
        })
        .is_err());
    }
}
