//! An email address, parsed once at the edge (SPEC §5 "Email required and valid").

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

pub const REQUIRED: &str = "Field is required";
pub const INVALID: &str = "Email is invalid";

impl Email {
    /// Trims and lower-cases, so one mailbox is one account whatever its spelling.
    pub fn parse(input: &str) -> Result<Self, &'static str> {
        let value = input.trim().to_lowercase();
        if value.is_empty() {
            return Err(REQUIRED);
        }
        let Some((local, domain)) = value.split_once('@') else {
            return Err(INVALID);
        };
        let valid = !local.is_empty()
            && local.len() <= 64
            && value.len() <= 254
            && !domain.contains('@')
            && domain.contains('.')
            && !domain.starts_with('.')
            && !domain.ends_with('.')
            && !value.chars().any(char::is_whitespace);
        if valid {
            Ok(Self(value))
        } else {
            Err(INVALID)
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalises_and_validates() {
        assert_eq!(
            Email::parse("  Anna@Example.COM ").unwrap().as_str(),
            "anna@example.com"
        );
        assert_eq!(Email::parse(""), Err(REQUIRED));
        for bad in [
            "anna",
            "anna@example",
            "@example.com",
            "an na@example.com",
            "a@b@c.com",
            "a@.com",
            "a@com.",
        ] {
            assert_eq!(Email::parse(bad), Err(INVALID), "{bad}");
        }
    }
}
