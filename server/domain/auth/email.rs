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
        // lettre's parser (the library that sends the bank's mail) decides what an address
        // is (RFC 5322 dot-atoms): angle brackets, quotes, commas or spaces make no address.
        // The bank adds what delivery needs: a domain with a dot, and no quoted local part.
        let valid = value.parse::<lettre::Address>().is_ok()
            && local.len() <= 64
            && value.len() <= 254
            && !local.starts_with('"')
            && domain.contains('.')
            && !domain.starts_with('.')
            && !domain.ends_with('.')
            && value.is_ascii();
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
            "<anna@example.com>",
            "anna<script>@example.com",
            "Anna <anna@example.com>",
            "anna@example.com\r\nbcc:eve@example.com",
            "anna,eve@example.com",
            "\"anna eve\"@example.com",
        ] {
            assert_eq!(Email::parse(bad), Err(INVALID), "{bad}");
        }
    }
}
