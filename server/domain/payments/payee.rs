//! The ways SPEC §5 names a payee's account, each parsed once with its message: an IBAN
//! (checked by `iban_validate`: country format and check digits), a UK sort code and account
//! number, a SWIFT account number with its routing code, and a payment reference per scheme.

crate::domain::named_enum! {
    /// SPEC §2 payment types: UK Local Transfer, SEPA, SWIFT.
    pub enum Scheme {
        Local = "local",
        Sepa = "sepa",
        Swift = "swift",
    }
}

/// An IBAN as the form shows it: spaces and dashes dropped, upper case.
pub fn clean(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .collect::<String>()
        .to_ascii_uppercase()
}

/// SPEC §5: 'The IBAN can only be 14 to 34 characters long', else 'Invalid IBAN'.
pub fn iban(text: &str) -> Result<iban::Iban, &'static str> {
    let cleaned = clean(text);
    if !(14..=34).contains(&cleaned.len()) {
        return Err("The IBAN can only be 14 to 34 characters long");
    }
    cleaned.parse::<iban::Iban>().map_err(|_| "Invalid IBAN")
}

fn digits(text: &str) -> String {
    text.chars().filter(|c| !matches!(c, ' ' | '-')).collect()
}

fn all_digits(text: &str, lengths: std::ops::RangeInclusive<usize>) -> bool {
    lengths.contains(&text.len()) && text.chars().all(|c| c.is_ascii_digit())
}

pub fn sort_code(text: &str) -> Result<String, &'static str> {
    let code = digits(text);
    if all_digits(&code, 6..=6) {
        Ok(code)
    } else {
        Err("The sort code must contain 6 digits")
    }
}

pub fn uk_account_number(text: &str) -> Result<String, &'static str> {
    let number = digits(text);
    if all_digits(&number, 8..=8) {
        Ok(number)
    } else {
        Err("The account number must contain 8 digits")
    }
}

/// SWIFT takes an IBAN or an account number of 7 to 20 digits.
pub enum SwiftAccount {
    Iban(iban::Iban),
    Number(String),
}

pub fn swift_account(text: &str) -> Result<SwiftAccount, &'static str> {
    let number = digits(text);
    if all_digits(&number, 7..=20) {
        return Ok(SwiftAccount::Number(number));
    }
    iban(text)
        .map(SwiftAccount::Iban)
        .map_err(|_| "Invalid IBAN or Account Number")
}

/// SPEC §5: 6 to 20 digits.
pub fn routing_code(text: &str) -> Result<String, &'static str> {
    let code = digits(text);
    if all_digits(&code, 6..=20) {
        Ok(code)
    } else {
        Err("Invalid Routing Code")
    }
}

impl Scheme {
    /// The scheme in words, for staff and statements: "UK local", "SEPA", "SWIFT".
    pub fn label(self) -> &'static str {
        match self {
            Self::Local => "UK local",
            Self::Sepa => "SEPA",
            Self::Swift => "SWIFT",
        }
    }

    /// SPEC §5: a reference is up to 18 characters for UK local, 35 for SEPA and SWIFT.
    pub fn reference_limit(self) -> usize {
        match self {
            Self::Local => 18,
            Self::Sepa | Self::Swift => 35,
        }
    }

    /// SPEC §2 transfer/{scheme}: 0 sepa, 1 local, 2 swift.
    pub fn from_code(code: &str) -> Option<Self> {
        match code {
            "0" => Some(Self::Sepa),
            "1" => Some(Self::Local),
            "2" => Some(Self::Swift),
            _ => None,
        }
    }
}

/// SPEC §5: letters, digits, space and - / ? : ( ) . + # = ! % & * < > ; { @.
pub fn reference(text: &str, scheme: Scheme) -> Result<String, String> {
    let text = text.trim();
    let limit = scheme.reference_limit();
    if text.chars().count() > limit {
        return Err(format!("Reference is up to {limit} characters"));
    }
    let allowed = |c: char| c.is_ascii_alphanumeric() || " -/?:().+#=!%&*<>;{@".contains(c);
    if !text.chars().all(allowed) {
        return Err("Input contains invalid symbols".into());
    }
    Ok(text.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ibans_are_checked_by_format_and_check_digits() {
        assert!(iban("GB82 WEST 1234 5698 7654 32").is_ok());
        assert_eq!(iban("GB82WEST1234569876543").err(), Some("Invalid IBAN"));
        assert_eq!(
            iban("GB82WEST").err(),
            Some("The IBAN can only be 14 to 34 characters long")
        );
        assert_eq!(
            iban("GB83WEST12345698765432").err(),
            Some("Invalid IBAN"),
            "check digits"
        );
    }

    #[test]
    fn uk_and_swift_account_rules() {
        assert_eq!(sort_code("04-00-75").unwrap(), "040075");
        assert_eq!(
            sort_code("4007").err(),
            Some("The sort code must contain 6 digits")
        );
        assert_eq!(
            uk_account_number("1234567").err(),
            Some("The account number must contain 8 digits")
        );
        assert!(matches!(
            swift_account("123456789"),
            Ok(SwiftAccount::Number(_))
        ));
        assert!(matches!(
            swift_account("DE89370400440532013000"),
            Ok(SwiftAccount::Iban(_))
        ));
        assert_eq!(
            swift_account("12ab").err(),
            Some("Invalid IBAN or Account Number")
        );
        assert_eq!(routing_code("12345").err(), Some("Invalid Routing Code"));
    }

    #[test]
    fn references_per_scheme() {
        assert_eq!(
            reference("Invoice 42/2026", Scheme::Local).unwrap(),
            "Invoice 42/2026"
        );
        assert_eq!(
            reference("x".repeat(19).as_str(), Scheme::Local),
            Err("Reference is up to 18 characters".into())
        );
        assert!(reference("x".repeat(35).as_str(), Scheme::Sepa).is_ok());
        assert_eq!(
            reference("Café", Scheme::Sepa),
            Err("Input contains invalid symbols".into())
        );
        assert_eq!(Scheme::from_code("1"), Some(Scheme::Local));
    }
}
