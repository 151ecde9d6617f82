//! An email or a text message the bank sends: what the outbox stores and a notifier delivers.

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Channel {
    Email,
    Sms,
}

impl Channel {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Email => "email",
            Self::Sms => "sms",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub channel: Channel,
    pub to: String,
    /// The email subject; for an SMS, what the text is about (kept for the outbox).
    pub subject: String,
    pub body: String,
    /// Files the email carries (an invoice's PDF and e-invoice); none for most messages.
    pub attachments: Vec<Attachment>,
}

/// A file attached to an email.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attachment {
    pub filename: String,
    pub content_type: String,
    pub content: Vec<u8>,
}

/// How far a text has gone, by the SMS provider's delivery reports (Twilio's message statuses):
/// a report only ever moves a text forward, so a late "sent" after "delivered" changes nothing.
pub const DELIVERY_RANKS: &[(&str, u8)] = &[
    ("accepted", 1),
    ("scheduled", 1),
    ("queued", 1),
    ("sending", 2),
    ("sent", 3),
    ("delivered", 4),
    ("undelivered", 4),
    ("failed", 4),
    ("canceled", 4),
];

pub fn delivery_rank(status: &str) -> Option<u8> {
    DELIVERY_RANKS
        .iter()
        .find(|(name, _)| *name == status)
        .map(|(_, rank)| *rank)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delivery_reports_only_move_a_text_forward() {
        assert!(delivery_rank("delivered") > delivery_rank("sent"));
        assert!(delivery_rank("sent") > delivery_rank("queued"));
        assert_eq!(delivery_rank("failed"), delivery_rank("delivered"));
        assert_eq!(delivery_rank("made-up"), None);
    }
}
