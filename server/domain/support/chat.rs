//! Support chat (SPEC §1 chatWidget; issue 31 point 7): one running conversation per person
//! with the bank's support team, a line at a time. Each line the app sends carries its own id,
//! so a retried send is the same line, never two.

pub const REQUIRED: &str = "Field is required";
pub const TEXT_MAX: usize = 2000;

crate::domain::named_enum! {
    /// Who wrote a line.
    pub enum ChatAuthor {
        Customer = "customer",
        Support = "support",
    }
}

/// A line of the conversation, as kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatLine {
    pub id: String,
    pub author: ChatAuthor,
    pub body: String,
    pub created_at: i64,
    pub read_at: Option<i64>,
}

/// A line as written, checked: trimmed, not empty, at most 2,000 characters.
pub fn check_text(text: &str) -> Result<String, &'static str> {
    let text = text.trim();
    if text.is_empty() {
        return Err(REQUIRED);
    }
    if text.chars().count() > TEXT_MAX {
        return Err("Write at most 2,000 characters");
    }
    Ok(text.to_string())
}

/// The app's id for a line: what makes a retry the same line (a UUID or the like).
pub fn check_client_id(id: &str) -> Result<&str, &'static str> {
    let valid = (8..=64).contains(&id.len())
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if valid {
        Ok(id)
    } else {
        Err("Send the line again from the app")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_trimmed_and_bounded() {
        assert_eq!(check_text("  Hello  ").unwrap(), "Hello");
        assert_eq!(check_text(" \n "), Err(REQUIRED));
        assert!(check_text(&"é".repeat(TEXT_MAX)).is_ok());
        assert!(check_text(&"é".repeat(TEXT_MAX + 1)).is_err());
    }

    #[test]
    fn the_apps_line_id_is_a_plain_token() {
        assert!(check_client_id("3f2b6c1e-8a7d-4c1b-9a43-0e2f5d6c7b8a").is_ok());
        assert!(check_client_id("short").is_err());
        assert!(check_client_id("has space in it").is_err());
        assert!(check_client_id(&"a".repeat(65)).is_err());
    }
}
