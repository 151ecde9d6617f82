//! Email and SMS. In sandbox mode both are kept in the outbox that the dev page lists; an
//! SMTP server can take real email instead.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use lettre::message::{header::ContentType, Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};

use crate::config::SmtpConfig;
use crate::domain::messages::{Channel, Message};
use crate::store::{self, Db};

#[derive(Debug, thiserror::Error)]
pub enum NotifyError {
    #[error("no provider is configured for {0:?} outside sandbox mode")]
    NoProvider(Channel),
    #[error("the outbox could not store the message: {0}")]
    Outbox(#[from] sqlx::Error),
    #[error("the mail server refused the message: {0}")]
    Smtp(String),
}

pub type Sending<'a> = Pin<Box<dyn Future<Output = Result<(), NotifyError>> + Send + 'a>>;

pub trait Notifier: Send + Sync {
    fn send(&self, message: Message) -> Sending<'_>;
}

/// Keeps every message in the database; the dev outbox page shows them.
pub struct Outbox {
    pub db: Db,
}

impl Notifier for Outbox {
    fn send(&self, message: Message) -> Sending<'_> {
        Box::pin(async move {
            store::outbox::put(&self.db, &message).await?;
            Ok(())
        })
    }
}

pub struct Smtp {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl Smtp {
    pub fn new(config: &SmtpConfig) -> Result<Self, NotifyError> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(
            secrecy::ExposeSecret::expose_secret(&config.url),
        )
        .map_err(|e| NotifyError::Smtp(e.to_string()))?
        .build();
        let from = config
            .from
            .parse()
            .map_err(|e: lettre::address::AddressError| NotifyError::Smtp(e.to_string()))?;
        Ok(Self { transport, from })
    }
}

impl Notifier for Smtp {
    fn send(&self, message: Message) -> Sending<'_> {
        Box::pin(async move {
            if message.channel != Channel::Email {
                return Err(NotifyError::NoProvider(message.channel));
            }
            let to: Mailbox = message
                .to
                .parse()
                .map_err(|e: lettre::address::AddressError| NotifyError::Smtp(e.to_string()))?;
            let builder = lettre::Message::builder()
                .from(self.from.clone())
                .to(to)
                .subject(&message.subject);
            let email = if message.attachments.is_empty() {
                builder.header(ContentType::TEXT_PLAIN).body(message.body)
            } else {
                let mut parts = MultiPart::mixed().singlepart(SinglePart::plain(message.body));
                for file in message.attachments {
                    let kind = ContentType::parse(&file.content_type)
                        .map_err(|e| NotifyError::Smtp(e.to_string()))?;
                    parts = parts.singlepart(
                        lettre::message::Attachment::new(file.filename).body(file.content, kind),
                    );
                }
                builder.multipart(parts)
            }
            .map_err(|e| NotifyError::Smtp(e.to_string()))?;
            self.transport
                .send(email)
                .await
                .map_err(|e| NotifyError::Smtp(e.to_string()))?;
            Ok(())
        })
    }
}

/// Sends each channel through its provider: email through SMTP when configured, everything
/// else to the outbox in sandbox mode. Outside sandbox mode a channel without a provider fails
/// loudly rather than dropping a customer's code.
pub struct Notifications {
    email: Option<Arc<dyn Notifier>>,
    sandbox: Option<Arc<dyn Notifier>>,
}

impl Notifications {
    pub fn new(db: &Db, sandbox: bool, smtp: Option<&SmtpConfig>) -> Result<Self, NotifyError> {
        let email = match smtp {
            Some(config) => Some(Arc::new(Smtp::new(config)?) as Arc<dyn Notifier>),
            None => None,
        };
        let sandbox = sandbox.then(|| Arc::new(Outbox { db: db.clone() }) as Arc<dyn Notifier>);
        Ok(Self { email, sandbox })
    }

    pub async fn send(&self, message: Message) -> Result<(), NotifyError> {
        let provider = match message.channel {
            Channel::Email => self.email.as_ref().or(self.sandbox.as_ref()),
            Channel::Sms => self.sandbox.as_ref(),
        };
        match provider {
            Some(provider) => provider.send(message).await,
            None => Err(NotifyError::NoProvider(message.channel)),
        }
    }
}
