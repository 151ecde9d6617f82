//! The sandbox outbox: what the bank would have emailed or texted, newest first, so that
//! sign-up and log-in can be finished in a browser without a real phone or mailbox.

use crate::store::{self, Db};

pub use crate::domain::messages::Attachment;
pub use crate::store::outbox::OutboxEntry;

pub async fn sent(db: &Db, to: Option<&str>, limit: i64) -> Result<Vec<OutboxEntry>, sqlx::Error> {
    store::outbox::latest(db, to, limit).await
}

/// One sent email's attachment, for the sandbox outbox page.
pub async fn attachment(
    db: &Db,
    id: &str,
    index: usize,
) -> Result<Option<Attachment>, sqlx::Error> {
    store::outbox::attachment(db, id, index).await
}
