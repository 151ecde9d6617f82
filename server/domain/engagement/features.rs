//! Feature flags of SPEC §1: defaults, overridden by configuration, then per flag by the database.
//! A flag is a `Flag`, never a string: a misspelt flag does not compile, and a stored name the
//! bank does not know is reported, not read as "off".

use std::collections::BTreeMap;

/// Every flag the product knows (SPEC §1).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    serde::Deserialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase")]
pub enum Flag {
    Referrals,
    ActivateByCard,
    MobileFunctionality,
    CurrencyExchange,
    EuCardComingSoon,
    ChristmasSupportHours,
    SwiftAllowed,
    ActivateByApple,
    CorporateCards,
    ChatWidget,
    UserInvite,
    IdleLogout,
    AdminPanel,
    Maintenance,
}

impl Flag {
    /// In SPEC §1's order.
    pub const ALL: [Flag; 14] = [
        Flag::Referrals,
        Flag::ActivateByCard,
        Flag::MobileFunctionality,
        Flag::CurrencyExchange,
        Flag::EuCardComingSoon,
        Flag::ChristmasSupportHours,
        Flag::SwiftAllowed,
        Flag::ActivateByApple,
        Flag::CorporateCards,
        Flag::ChatWidget,
        Flag::UserInvite,
        Flag::IdleLogout,
        Flag::AdminPanel,
        Flag::Maintenance,
    ];

    /// SPEC §1's name, as the API, the app and the operator's commands write it.
    pub fn name(self) -> &'static str {
        match self {
            Flag::Referrals => "referrals",
            Flag::ActivateByCard => "activateByCard",
            Flag::MobileFunctionality => "mobileFunctionality",
            Flag::CurrencyExchange => "currencyExchange",
            Flag::EuCardComingSoon => "euCardComingSoon",
            Flag::ChristmasSupportHours => "christmasSupportHours",
            Flag::SwiftAllowed => "swiftAllowed",
            Flag::ActivateByApple => "activateByApple",
            Flag::CorporateCards => "corporateCards",
            Flag::ChatWidget => "chatWidget",
            Flag::UserInvite => "userInvite",
            Flag::IdleLogout => "idleLogout",
            Flag::AdminPanel => "adminPanel",
            Flag::Maintenance => "maintenance",
        }
    }

    /// SPEC §1's default.
    pub fn default_on(self) -> bool {
        !matches!(
            self,
            Flag::ChristmasSupportHours | Flag::ChatWidget | Flag::AdminPanel | Flag::Maintenance
        )
    }

    pub fn parse(name: &str) -> Option<Flag> {
        Flag::ALL.into_iter().find(|flag| flag.name() == name)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct FeatureFlags(BTreeMap<Flag, bool>);

impl FeatureFlags {
    pub fn defaults() -> Self {
        Self(Flag::ALL.iter().map(|f| (*f, f.default_on())).collect())
    }

    pub fn get(&self, flag: Flag) -> bool {
        self.0
            .get(&flag)
            .copied()
            .unwrap_or_else(|| flag.default_on())
    }

    pub fn set(&mut self, flag: Flag, on: bool) {
        self.0.insert(flag, on);
    }

    /// The configured flags with the stored overrides applied; a stored name this bank does
    /// not know (a newer version's, a typo in the table) is logged and left out.
    pub fn with_overrides(&self, overrides: &[(String, bool)]) -> Self {
        let mut flags = self.clone();
        for (name, on) in overrides {
            match Flag::parse(name) {
                Some(flag) => flags.set(flag, *on),
                None => tracing::warn!(name, "an override for an unknown feature flag"),
            }
        }
        flags
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_follow_the_spec() {
        let flags = FeatureFlags::defaults();
        for on in [
            Flag::Referrals,
            Flag::CurrencyExchange,
            Flag::SwiftAllowed,
            Flag::UserInvite,
            Flag::IdleLogout,
            Flag::CorporateCards,
        ] {
            assert!(flags.get(on), "{on:?} is on by default");
        }
        for off in [
            Flag::ChatWidget,
            Flag::AdminPanel,
            Flag::Maintenance,
            Flag::ChristmasSupportHours,
        ] {
            assert!(!flags.get(off), "{off:?} is off by default");
        }
    }

    #[test]
    fn stored_overrides_win_and_unknown_names_are_ignored() {
        let flags = FeatureFlags::defaults().with_overrides(&[
            ("chatWidget".into(), true),
            ("referrals".into(), false),
            ("nonsense".into(), true),
        ]);
        assert!(flags.get(Flag::ChatWidget));
        assert!(!flags.get(Flag::Referrals));
        assert_eq!(flags.0.len(), Flag::ALL.len());
    }

    #[test]
    fn names_are_specs_and_serialise_as_such() {
        for flag in Flag::ALL {
            assert_eq!(Flag::parse(flag.name()), Some(flag));
            assert_eq!(
                serde_json::to_value(flag).unwrap(),
                serde_json::json!(flag.name())
            );
        }
        assert_eq!(Flag::parse("Referrals"), None);
    }
}
