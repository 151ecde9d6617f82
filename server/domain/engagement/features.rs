//! Feature flags of SPEC §1: defaults, overridden by configuration, then per flag by the database.

use std::collections::BTreeMap;

/// Every flag the product knows, with its default from SPEC §1.
pub const FLAGS: &[(&str, bool)] = &[
    ("referrals", true),
    ("activateByCard", true),
    ("mobileFunctionality", true),
    ("currencyExchange", true),
    ("euCardComingSoon", true),
    ("christmasSupportHours", false),
    ("swiftAllowed", true),
    ("activateByApple", true),
    ("corporateCards", true),
    ("chatWidget", false),
    ("userInvite", true),
    ("idleLogout", true),
    ("adminPanel", false),
    ("maintenance", false),
];

pub const FLAG_NAMES: [&str; 14] = {
    let mut names = [""; 14];
    let mut i = 0;
    while i < FLAGS.len() {
        names[i] = FLAGS[i].0;
        i += 1;
    }
    names
};

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct FeatureFlags(BTreeMap<&'static str, bool>);

impl FeatureFlags {
    pub fn defaults() -> Self {
        Self(FLAGS.iter().copied().collect())
    }

    pub fn get(&self, name: &str) -> bool {
        self.0.get(name).copied().unwrap_or(false)
    }

    /// Sets a known flag; unknown names are ignored (see `known`).
    pub fn set(&mut self, name: &str, on: bool) {
        if let Some(key) = known(name) {
            self.0.insert(key, on);
        }
    }

    /// The configured flags with the stored overrides applied.
    pub fn with_overrides(&self, overrides: &[(String, bool)]) -> Self {
        let mut flags = self.clone();
        for (name, on) in overrides {
            flags.set(name, *on);
        }
        flags
    }
}

/// The canonical name of a flag, if the product knows it.
pub fn known(name: &str) -> Option<&'static str> {
    FLAG_NAMES.iter().copied().find(|n| *n == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_follow_the_spec() {
        let flags = FeatureFlags::defaults();
        for on in [
            "referrals",
            "currencyExchange",
            "swiftAllowed",
            "userInvite",
            "idleLogout",
            "corporateCards",
        ] {
            assert!(flags.get(on), "{on} is on by default");
        }
        for off in [
            "chatWidget",
            "adminPanel",
            "maintenance",
            "christmasSupportHours",
        ] {
            assert!(!flags.get(off), "{off} is off by default");
        }
    }

    #[test]
    fn stored_overrides_win_and_unknown_names_are_ignored() {
        let flags = FeatureFlags::defaults().with_overrides(&[
            ("chatWidget".into(), true),
            ("referrals".into(), false),
            ("nonsense".into(), true),
        ]);
        assert!(flags.get("chatWidget"));
        assert!(!flags.get("referrals"));
        assert!(!flags.get("nonsense"));
        assert_eq!(flags.0.len(), FLAGS.len());
    }
}
