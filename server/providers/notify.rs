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
    /// The SMS provider refused the text or did not answer, after its retries.
    #[error("the text was not sent: {0}")]
    Sms(String),
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

/// Sends each channel through its provider: email through SMTP and texts through Twilio when
/// configured, everything else to the outbox in sandbox mode. Outside sandbox mode a channel without a provider fails
/// loudly rather than dropping a customer's code.
pub struct Notifications {
    db: Db,
    email: Option<Arc<dyn Notifier>>,
    sms: Option<Arc<dyn Notifier>>,
    sandbox: Option<Arc<dyn Notifier>>,
}

impl Notifications {
    pub fn new(db: &Db, sandbox: bool, smtp: Option<&SmtpConfig>) -> Result<Self, NotifyError> {
        let email = match smtp {
            Some(config) => Some(Arc::new(Smtp::new(config)?) as Arc<dyn Notifier>),
            None => None,
        };
        let sandbox = sandbox.then(|| Arc::new(Outbox { db: db.clone() }) as Arc<dyn Notifier>);
        Ok(Self {
            db: db.clone(),
            email,
            sms: None,
            sandbox,
        })
    }

    /// The providers the configuration names.
    pub fn for_config(db: &Db, config: &crate::config::Config) -> Result<Self, NotifyError> {
        let mut notify = Self::new(db, config.sandbox, config.smtp.as_ref())?;
        notify.sms = config.twilio.as_ref().map(|settings| {
            Arc::new(super::twilio::Twilio::new(
                settings.clone(),
                db.clone(),
                &config.base_url,
            )) as Arc<dyn Notifier>
        });
        Ok(notify)
    }

    pub async fn send(&self, message: Message) -> Result<(), NotifyError> {
        let provider = match message.channel {
            Channel::Email => self.email.as_ref().or(self.sandbox.as_ref()),
            Channel::Sms => self.sms.as_ref().or(self.sandbox.as_ref()),
        };
        let by_smtp = message.channel == Channel::Email && self.email.is_some();
        let sent = match provider {
            Some(provider) => provider.send(message).await,
            None => Err(NotifyError::NoProvider(message.channel)),
        };
        if by_smtp {
            let outcome = sent.as_ref().map(|_| ()).map_err(|e| e.to_string());
            super::record_health(
                &self.db,
                super::party::SMTP,
                outcome.as_ref().map(|_| ()).map_err(|e| e.as_str()),
            )
            .await;
        }
        sent
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::messages::Attachment;
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

    /// A mail server that says yes to everything and hands back what it was sent.
    async fn fake_smtp() -> (String, tokio::task::JoinHandle<String>) {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("smtp://{}", listener.local_addr().unwrap());
        let server = tokio::spawn(async move {
            let (socket, _) = listener.accept().await.unwrap();
            let (read, mut write) = socket.into_split();
            let mut lines = BufReader::new(read).lines();
            write.write_all(b"220 fake ESMTP\r\n").await.unwrap();
            let mut data = String::new();
            let mut in_data = false;
            while let Some(line) = lines.next_line().await.unwrap() {
                if in_data {
                    if line == "." {
                        in_data = false;
                        write.write_all(b"250 queued\r\n").await.unwrap();
                    } else {
                        data.push_str(&line);
                        data.push('\n');
                    }
                    continue;
                }
                let verb = line.split_whitespace().next().unwrap_or("").to_uppercase();
                let answer: &[u8] = match verb.as_str() {
                    "EHLO" | "HELO" => b"250 fake\r\n",
                    "DATA" => {
                        in_data = true;
                        b"354 go on\r\n"
                    }
                    "QUIT" => {
                        write.write_all(b"221 bye\r\n").await.unwrap();
                        break;
                    }
                    _ => b"250 ok\r\n",
                };
                write.write_all(answer).await.unwrap();
            }
            data
        });
        (url, server)
    }

    #[tokio::test]
    async fn an_invoice_email_reaches_the_mail_server_with_its_files() {
        let (url, server) = fake_smtp().await;
        let smtp = Smtp::new(&SmtpConfig {
            url: url.into(),
            from: "Harbour <invoices@harbour.example>".into(),
        })
        .unwrap();
        smtp.send(Message {
            channel: Channel::Email,
            to: "accounts@acme.example".into(),
            subject: "VAT invoice INV-0001 from Bennett & Hale Ltd".into(),
            body: "Please find the invoice attached.".into(),
            attachments: vec![
                Attachment {
                    filename: "invoice-INV-0001.pdf".into(),
                    content_type: "application/pdf".into(),
                    content: b"%PDF-1.7 made up".to_vec(),
                },
                Attachment {
                    filename: "invoice-INV-0001.xml".into(),
                    content_type: "application/xml".into(),
                    content: b"<Invoice/>".to_vec(),
                },
            ],
        })
        .await
        .unwrap();
        drop(smtp);
        let data = tokio::time::timeout(std::time::Duration::from_secs(10), server)
            .await
            .expect("the mail server was sent the message")
            .unwrap();
        assert!(data.contains("multipart/mixed"), "{data}");
        assert!(data.contains("Please find the invoice attached."), "{data}");
        for name in ["invoice-INV-0001.pdf", "invoice-INV-0001.xml"] {
            assert!(data.contains(name), "{name} in {data}");
        }
        assert!(data.contains("application/pdf") && data.contains("application/xml"));
    }
}
