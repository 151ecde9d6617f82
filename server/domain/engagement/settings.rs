//! System settings of SPEC §3/§7: named entries `events` (system events queued for the app)
//! and `surveys`. Each value is a list of names.

use serde_json::Value;

pub const NAMES: [&str; 2] = ["events", "surveys"];
const MAX_ENTRIES: usize = 50;
const MAX_ENTRY_LEN: usize = 64;

#[derive(Debug, PartialEq, Eq)]
pub enum SettingError {
    UnknownName,
    InvalidValue(&'static str),
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
pub struct Setting {
    pub name: String,
    pub value: Vec<String>,
}

impl Setting {
    /// Parses a setting once at the edge, so the rest of the code holds only valid ones.
    pub fn parse(name: &str, value: &Value) -> Result<Self, SettingError> {
        if !NAMES.contains(&name) {
            return Err(SettingError::UnknownName);
        }
        let items = value.as_array().ok_or(SettingError::InvalidValue(
            "The value must be a list of names",
        ))?;
        if items.len() > MAX_ENTRIES {
            return Err(SettingError::InvalidValue(
                "The list can hold at most 50 names",
            ));
        }
        let mut names = Vec::with_capacity(items.len());
        for item in items {
            let text = item.as_str().map(str::trim).unwrap_or_default();
            let valid = !text.is_empty()
                && text.len() <= MAX_ENTRY_LEN
                && text
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
            if !valid {
                return Err(SettingError::InvalidValue(
                    "Each name must be 1 to 64 letters, digits, hyphens or underscores",
                ));
            }
            names.push(text.to_string());
        }
        Ok(Self {
            name: name.to_string(),
            value: names,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn accepts_lists_of_names_for_known_settings() {
        let setting = Setting::parse(
            "events",
            &json!(["cardShippingAddress", " openBankingSurvey "]),
        )
        .unwrap();
        assert_eq!(
            setting.value,
            vec!["cardShippingAddress", "openBankingSurvey"]
        );
    }

    #[test]
    fn rejects_unknown_names_and_bad_values() {
        assert_eq!(
            Setting::parse("theme", &json!([])),
            Err(SettingError::UnknownName)
        );
        assert!(Setting::parse("events", &json!("x")).is_err());
        assert!(Setting::parse("events", &json!([""])).is_err());
        assert!(Setting::parse("events", &json!(["<script>"])).is_err());
        assert!(Setting::parse("surveys", &json!(vec!["a"; 51])).is_err());
    }
}
