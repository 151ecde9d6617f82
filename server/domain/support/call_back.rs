//! The auth route `leads` (SPEC §2): a business that is not a customer yet asks the bank's
//! business team to call it back. Name, company and a phone number are needed to call; the email
//! receives the acknowledgement.

use std::collections::BTreeMap;

use super::contact::{phone_of, PhoneOutOfRange, PHONE_RANGE, REQUIRED};
use crate::domain::auth::email::Email;

pub const NOTE_MAX: usize = 2000;
/// What the person sees once the request is kept.
pub const REQUESTED: &str =
    "Thank you. Our business team will call you back within one working day.";

#[derive(Debug, Clone, Default, serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(default)]
pub struct CallBackForm {
    pub name: String,
    pub company: String,
    pub email: String,
    pub phone: String,
    /// What they would like to talk about (optional).
    pub note: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallBack {
    pub name: String,
    pub company: String,
    pub email: Email,
    pub phone: String,
    pub note: Option<String>,
}

pub fn check(form: &CallBackForm) -> Result<CallBack, BTreeMap<String, String>> {
    let mut errors = BTreeMap::new();
    let name = form.name.trim();
    let company = form.company.trim();
    for (field, value) in [("name", name), ("company", company)] {
        if value.is_empty() {
            errors.insert(field.to_string(), REQUIRED.to_string());
        } else if value.chars().count() > 200 {
            errors.insert(field.to_string(), "Up to 200 characters, please".into());
        }
    }
    let email = Email::parse(&form.email);
    if let Err(message) = &email {
        errors.insert("email".into(), (*message).into());
    }
    let phone = match phone_of(&form.phone) {
        Ok(Some(phone)) => Some(phone),
        Ok(None) => {
            errors.insert("phone".into(), REQUIRED.into());
            None
        }
        Err(PhoneOutOfRange) => {
            errors.insert("phone".into(), PHONE_RANGE.into());
            None
        }
    };
    let note = form.note.trim();
    if note.chars().count() > NOTE_MAX {
        errors.insert(
            "note".into(),
            format!("Up to {NOTE_MAX} characters, please"),
        );
    }
    match (email, phone) {
        (Ok(email), Some(phone)) if errors.is_empty() => Ok(CallBack {
            name: name.to_string(),
            company: company.to_string(),
            email,
            phone,
            note: (!note.is_empty()).then(|| note.to_string()),
        }),
        _ => Err(errors),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> CallBackForm {
        CallBackForm {
            name: "Amir Khan".into(),
            company: "Khan Logistics Ltd".into(),
            email: "amir@khan-logistics.example".into(),
            phone: "07700 900123".into(),
            note: String::new(),
        }
    }

    #[test]
    fn name_company_email_and_a_phone_to_call_are_needed() {
        let call = check(&form()).unwrap();
        assert_eq!(call.phone, "07700900123");
        assert_eq!(call.note, None);
        let errors = check(&CallBackForm::default()).unwrap_err();
        for field in ["name", "company", "email", "phone"] {
            assert_eq!(errors[field], REQUIRED, "{field}");
        }
        let errors = check(&CallBackForm {
            phone: "+44 7700 900123 45678".into(),
            ..form()
        })
        .unwrap_err();
        assert_eq!(errors["phone"], PHONE_RANGE);
    }
}
