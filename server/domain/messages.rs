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
}
