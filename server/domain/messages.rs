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
