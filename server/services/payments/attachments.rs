//! A transfer's attachments: an upload arrives in chunks, checked for what it claims to be once
//! complete (`domain::payments::attachment`), and is tied to the transfer that names it.

use crate::store::{self, Db};

pub use crate::store::documents::{Chunk, Upload, UploadError};

/// Keeps one chunk of an upload; answers where the upload stands.
pub async fn put_chunk(db: &Db, chunk: &Chunk<'_>) -> Result<Upload, UploadError> {
    store::documents::put_chunk(db, chunk).await
}
