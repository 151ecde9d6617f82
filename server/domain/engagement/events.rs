//! System events (SPEC §2, §3, §4; issue 31 point 3): something the bank needs the person to do
//! or answer, queued by an operator for one customer or a segment. When the account is ready,
//! the first open event replaces the promo modals until it is answered or dismissed.

/// SPEC §2's system events, by the names the settings' `events` entry carries.
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
pub enum SystemEvent {
    /// Choose where the next card goes: the registered, trading or another address.
    CardShippingAddress,
    /// The open banking survey (`surveys::Survey::OpenBankingSurvey`).
    OpenBankingSurvey,
}

impl SystemEvent {
    pub const ALL: [SystemEvent; 2] = [Self::CardShippingAddress, Self::OpenBankingSurvey];

    pub fn name(self) -> &'static str {
        match self {
            Self::CardShippingAddress => "cardShippingAddress",
            Self::OpenBankingSurvey => "openBankingSurvey",
        }
    }

    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|event| event.name() == name)
    }

    /// The survey that answers this event, if it is one.
    pub fn survey(self) -> Option<super::surveys::Survey> {
        match self {
            Self::OpenBankingSurvey => Some(super::surveys::Survey::OpenBankingSurvey),
            Self::CardShippingAddress => None,
        }
    }
}

impl crate::domain::Named for SystemEvent {
    const TYPE: &'static str = "SystemEvent";
    fn from_name(text: &str) -> Option<Self> {
        Self::parse(text)
    }
}

/// How an event was closed: done (the address chosen, the survey answered) or put aside by the
/// person (closed without an answer). Either way it is not shown again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Closed {
    Answered,
    Dismissed,
}

impl Closed {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Answered => "answered",
            Self::Dismissed => "dismissed",
        }
    }
}

/// An event queued for a person in one of their profiles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Queued {
    pub id: String,
    pub event: SystemEvent,
    /// Whether the person's app has been told of it (a settings answer named it). Only an event
    /// the app knew of can be dismissed by leaving it out of the list it sends back.
    pub delivered: bool,
}

/// SPEC §7 POST /v1/utils/settings `{name: "events", value}`: the app sends the events it still
/// holds; an event it was told of and left out is one the person closed. Events it was never
/// told of (queued since its last look) stay, so an operator's new event is never lost.
pub fn dismissed_by(open: &[Queued], still: &[String]) -> Vec<String> {
    open.iter()
        .filter(|q| q.delivered && !still.iter().any(|name| name == q.event.name()))
        .map(|q| q.id.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn queued(id: &str, event: SystemEvent, delivered: bool) -> Queued {
        Queued {
            id: id.into(),
            event,
            delivered,
        }
    }

    #[test]
    fn names_round_trip_and_serialise_as_the_settings_write_them() {
        for event in SystemEvent::ALL {
            assert_eq!(SystemEvent::parse(event.name()), Some(event));
            assert_eq!(
                serde_json::to_value(event).unwrap(),
                serde_json::json!(event.name())
            );
        }
        assert_eq!(SystemEvent::parse("CardShippingAddress"), None);
    }

    #[test]
    fn only_delivered_events_left_out_are_dismissed() {
        let open = [
            queued("a", SystemEvent::CardShippingAddress, true),
            queued("b", SystemEvent::OpenBankingSurvey, false),
        ];
        assert_eq!(dismissed_by(&open, &[]), vec!["a".to_string()]);
        assert!(dismissed_by(&open, &["cardShippingAddress".into()]).is_empty());
        let both = [
            queued("a", SystemEvent::CardShippingAddress, true),
            queued("b", SystemEvent::OpenBankingSurvey, true),
        ];
        assert_eq!(
            dismissed_by(&both, &["openBankingSurvey".into()]),
            vec!["a".to_string()]
        );
    }
}
