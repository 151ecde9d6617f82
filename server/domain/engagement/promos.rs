//! Promos (SPEC §2 promo modals, §3 feature entry, §4 auto-open): what the bank tells a person
//! about its own features, once. An operator adds a promo with its audience and dates (`bank
//! promos`); each signed-in person then has a feature entry per promo meant for them: toNotify
//! until they have seen or dismissed it, never again after.

use crate::domain::accounts::money::Currency;
use crate::domain::profiles::access::{ProfileType, Role};

/// The fifteen promo modals of SPEC §2, by the names their feature entries carry.
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
pub enum Promo {
    CreatePersonalProfile,
    Biometry,
    ServerInfo,
    SupportInfo,
    IfCards,
    FxReturnPromo,
    FxWithoutLimitsPromo,
    SwiftPromo,
    UsdAndChfPromo,
    CardBenefitsPromo,
    CardBenefitFinalPricePromo,
    CorporateCardsPromo,
    UserInvitationPromo,
    RolesPromo,
    FactoringPromo,
}

impl Promo {
    /// In SPEC §2's order.
    pub const ALL: [Promo; 15] = [
        Promo::CreatePersonalProfile,
        Promo::Biometry,
        Promo::ServerInfo,
        Promo::SupportInfo,
        Promo::IfCards,
        Promo::FxReturnPromo,
        Promo::FxWithoutLimitsPromo,
        Promo::SwiftPromo,
        Promo::UsdAndChfPromo,
        Promo::CardBenefitsPromo,
        Promo::CardBenefitFinalPricePromo,
        Promo::CorporateCardsPromo,
        Promo::UserInvitationPromo,
        Promo::RolesPromo,
        Promo::FactoringPromo,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Promo::CreatePersonalProfile => "createPersonalProfile",
            Promo::Biometry => "biometry",
            Promo::ServerInfo => "serverInfo",
            Promo::SupportInfo => "supportInfo",
            Promo::IfCards => "ifCards",
            Promo::FxReturnPromo => "fxReturnPromo",
            Promo::FxWithoutLimitsPromo => "fxWithoutLimitsPromo",
            Promo::SwiftPromo => "swiftPromo",
            Promo::UsdAndChfPromo => "usdAndChfPromo",
            Promo::CardBenefitsPromo => "cardBenefitsPromo",
            Promo::CardBenefitFinalPricePromo => "cardBenefitFinalPricePromo",
            Promo::CorporateCardsPromo => "corporateCardsPromo",
            Promo::UserInvitationPromo => "userInvitationPromo",
            Promo::RolesPromo => "rolesPromo",
            Promo::FactoringPromo => "factoringPromo",
        }
    }

    pub fn parse(name: &str) -> Option<Promo> {
        Promo::ALL.into_iter().find(|promo| promo.name() == name)
    }
}

impl crate::domain::Named for Promo {
    const TYPE: &'static str = "Promo";
    fn from_name(text: &str) -> Option<Self> {
        Self::parse(text)
    }
}

impl crate::domain::Named for PromoState {
    const TYPE: &'static str = "PromoState";
    fn from_name(text: &str) -> Option<Self> {
        Self::parse(text)
    }
}

/// Where a person stands with a promo. toNotify: show it (SPEC §3).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase")]
pub enum PromoState {
    ToNotify,
    Seen,
    Dismissed,
}

impl PromoState {
    pub fn name(self) -> &'static str {
        match self {
            PromoState::ToNotify => "toNotify",
            PromoState::Seen => "seen",
            PromoState::Dismissed => "dismissed",
        }
    }

    pub fn parse(name: &str) -> Option<PromoState> {
        [
            PromoState::ToNotify,
            PromoState::Seen,
            PromoState::Dismissed,
        ]
        .into_iter()
        .find(|state| state.name() == name)
    }
}

/// Who a promo is for: every condition given must hold; an empty one holds for everyone.
#[derive(
    Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase", default)]
pub struct Audience {
    pub profile_type: Option<ProfileType>,
    /// Any of these roles in the selected profile; empty: any role.
    pub roles: Vec<Role>,
    pub primary_currency: Option<Currency>,
    pub has_card: Option<bool>,
}

/// A promo as the operator set it up: for whom, and from when until when (ms since the epoch).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Campaign {
    pub promo: Promo,
    pub audience: Audience,
    pub starts_at: i64,
    pub ends_at: Option<i64>,
}

impl Campaign {
    /// A campaign must end after it starts.
    pub fn ends_before_it_starts(&self) -> bool {
        self.ends_at.is_some_and(|end| end <= self.starts_at)
    }
}

/// What is known of the person at the moment the entries are asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Facts {
    pub profile_type: Option<ProfileType>,
    pub role: Role,
    pub primary_currency: Option<Currency>,
    pub has_card: bool,
}

impl Audience {
    /// Every condition given holds for this person (also an operator's segment for system
    /// events).
    pub fn holds_for(&self, facts: &Facts) -> bool {
        self.profile_type
            .is_none_or(|t| facts.profile_type == Some(t))
            && (self.roles.is_empty() || self.roles.contains(&facts.role))
            && self
                .primary_currency
                .is_none_or(|c| facts.primary_currency == Some(c))
            && self.has_card.is_none_or(|has| facts.has_card == has)
    }
}

impl Campaign {
    /// Running now and meant for this person.
    pub fn reaches(&self, facts: &Facts, now: i64) -> bool {
        let running = self.starts_at <= now && self.ends_at.is_none_or(|end| now < end);
        running && self.audience.holds_for(facts)
    }
}

/// What a person did with a promo, and when.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    pub promo: Promo,
    pub state: PromoState,
    pub at: i64,
}

/// The person's entry for a campaign that reaches them: toNotify until they saw or dismissed it
/// (capped at once: a promo is never shown again).
pub fn state_for(recorded: Option<PromoState>) -> PromoState {
    match recorded {
        None | Some(PromoState::ToNotify) => PromoState::ToNotify,
        Some(done) => done,
    }
}

/// How long the support-hours notice stays answered: one holiday season, not the next one.
pub const SUPPORT_HOURS_SEASON_MS: i64 = 60 * 24 * 60 * 60 * 1000;

/// SPEC §1 christmasSupportHours: while it is on, everyone signed in is told support's holiday
/// hours (the supportInfo promo) once a season, whether or not a campaign runs for it.
pub fn support_hours_entry(flag_on: bool, recorded: Option<View>, now: i64) -> Option<PromoState> {
    if !flag_on {
        return None;
    }
    Some(match recorded {
        Some(view)
            if view.state != PromoState::ToNotify && now - view.at < SUPPORT_HOURS_SEASON_MS =>
        {
            view.state
        }
        _ => PromoState::ToNotify,
    })
}

/// Every promo entry of a person: the running campaigns that reach them, then the support
/// hours while their flag is on; each promo at most once.
pub fn entries(
    campaigns: &[Campaign],
    facts: &Facts,
    views: &[View],
    support_hours_on: bool,
    now: i64,
) -> Vec<(Promo, PromoState)> {
    let view_of = |promo: Promo| views.iter().copied().find(|v| v.promo == promo);
    let mut entries: Vec<(Promo, PromoState)> = campaigns
        .iter()
        .filter(|c| c.reaches(facts, now))
        .map(|c| (c.promo, state_for(view_of(c.promo).map(|v| v.state))))
        .collect();
    if let Some(state) = support_hours_entry(support_hours_on, view_of(Promo::SupportInfo), now) {
        entries.retain(|(promo, _)| *promo != Promo::SupportInfo);
        entries.push((Promo::SupportInfo, state));
    }
    entries
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts() -> Facts {
        Facts {
            profile_type: Some(ProfileType::Business),
            role: Role::Admin,
            primary_currency: Some(Currency::Gbp),
            has_card: false,
        }
    }

    fn campaign(audience: Audience) -> Campaign {
        Campaign {
            promo: Promo::RolesPromo,
            audience,
            starts_at: 1_000,
            ends_at: Some(2_000),
        }
    }

    #[test]
    fn names_are_specs_and_round_trip() {
        for promo in Promo::ALL {
            assert_eq!(Promo::parse(promo.name()), Some(promo));
            assert_eq!(serde_json::to_value(promo).unwrap(), promo.name());
        }
        assert_eq!(
            serde_json::to_value(PromoState::ToNotify).unwrap(),
            "toNotify"
        );
        assert_eq!(Promo::parse("roles"), None);
    }

    #[test]
    fn a_campaign_runs_from_its_start_until_its_end() {
        let everyone = campaign(Audience::default());
        assert!(!everyone.reaches(&facts(), 999));
        assert!(everyone.reaches(&facts(), 1_000));
        assert!(everyone.reaches(&facts(), 1_999));
        assert!(!everyone.reaches(&facts(), 2_000));
        let open = Campaign {
            ends_at: None,
            ..everyone
        };
        assert!(open.reaches(&facts(), i64::MAX));
    }

    #[test]
    fn every_condition_of_the_audience_must_hold() {
        let owners_of_gbp_businesses = campaign(Audience {
            profile_type: Some(ProfileType::Business),
            roles: vec![Role::Admin, Role::Director],
            primary_currency: Some(Currency::Gbp),
            has_card: Some(false),
        });
        assert!(owners_of_gbp_businesses.reaches(&facts(), 1_500));
        for other in [
            Facts {
                profile_type: Some(ProfileType::Personal),
                ..facts()
            },
            Facts {
                role: Role::Accountant,
                ..facts()
            },
            Facts {
                primary_currency: Some(Currency::Eur),
                ..facts()
            },
            Facts {
                has_card: true,
                ..facts()
            },
        ] {
            assert!(
                !owners_of_gbp_businesses.reaches(&other, 1_500),
                "{other:?}"
            );
        }
    }

    #[test]
    fn support_hours_are_told_once_a_season_while_their_flag_is_on() {
        let day = 24 * 60 * 60 * 1000;
        let dismissed = |at| View {
            promo: Promo::SupportInfo,
            state: PromoState::Dismissed,
            at,
        };
        assert_eq!(support_hours_entry(false, None, 0), None);
        assert_eq!(
            support_hours_entry(true, None, 0),
            Some(PromoState::ToNotify)
        );
        assert_eq!(
            support_hours_entry(true, Some(dismissed(0)), 59 * day),
            Some(PromoState::Dismissed)
        );
        assert_eq!(
            support_hours_entry(true, Some(dismissed(0)), 60 * day),
            Some(PromoState::ToNotify),
            "next season"
        );
        let everyone = campaign(Audience::default());
        let listed = entries(std::slice::from_ref(&everyone), &facts(), &[], true, 1_500);
        assert_eq!(
            listed,
            vec![
                (Promo::RolesPromo, PromoState::ToNotify),
                (Promo::SupportInfo, PromoState::ToNotify)
            ]
        );
        let seen = View {
            promo: Promo::RolesPromo,
            state: PromoState::Seen,
            at: 1_200,
        };
        assert_eq!(
            entries(&[everyone], &facts(), &[seen], false, 1_500),
            vec![(Promo::RolesPromo, PromoState::Seen)]
        );
    }

    #[test]
    fn once_seen_or_dismissed_a_promo_is_not_shown_again() {
        assert_eq!(state_for(None), PromoState::ToNotify);
        assert_eq!(state_for(Some(PromoState::Seen)), PromoState::Seen);
        assert_eq!(
            state_for(Some(PromoState::Dismissed)),
            PromoState::Dismissed
        );
    }
}
