//! Uploaded documents (SPEC §7 POST /v2/documents/upload), arriving in chunks. A chunk sent again
//! is kept once; when the last one arrives the file is put together and its content checked,
//! and a file that is not what it claims to be is dropped whole.

use base64::Engine;

use super::Db;
use crate::domain::ids::ProfileId;
use crate::domain::payments::attachment::{self, Kind};

pub struct Chunk<'a> {
    pub profile_id: &'a ProfileId,
    pub upload_id: &'a str,
    pub kind: &'a str,
    pub file_name: &'a str,
    /// From 1 to `total_chunks`.
    pub number: i64,
    pub total_chunks: i64,
    pub data: &'a [u8],
    pub now: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Upload {
    pub id: String,
    pub file_name: String,
    pub received_chunks: i64,
    pub total_chunks: i64,
    pub size: i64,
    /// Set once the whole file arrived and its content was accepted.
    pub content_type: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum UploadError {
    /// The chunk does not belong to the upload it names (other total, type or name).
    #[error("the chunk does not fit its upload")]
    Mismatch,
    #[error("{0}")]
    Refused(&'static str),
    #[error(transparent)]
    Sql(#[from] sqlx::Error),
}

type Row = (String, String, String, i64, i64, i64, Option<String>);

async fn current(
    conn: &mut sqlx::AnyConnection,
    profile_id: &ProfileId,
    upload_id: &str,
) -> Result<Option<Row>, sqlx::Error> {
    sqlx::query_as::<_, Row>(
        "SELECT id, type, file_name, total_chunks, received_chunks, size, content_type \
         FROM documents WHERE profile_id = $1 AND upload_id = $2",
    )
    .bind(profile_id)
    .bind(upload_id)
    .fetch_optional(&mut *conn)
    .await
}

pub async fn put_chunk(db: &Db, chunk: &Chunk<'_>) -> Result<Upload, UploadError> {
    let mut tx = db.begin_write().await?;
    let existing = current(&mut tx, chunk.profile_id, chunk.upload_id).await?;
    let id = match existing {
        Some((id, kind, file_name, total, received, size, content_type)) => {
            if kind != chunk.kind || file_name != chunk.file_name || total != chunk.total_chunks {
                return Err(UploadError::Mismatch);
            }
            if content_type.is_some() {
                // Finished already: a retried last chunk answers the same.
                tx.commit().await?;
                return Ok(Upload {
                    id,
                    file_name,
                    received_chunks: received,
                    total_chunks: total,
                    size,
                    content_type,
                });
            }
            id
        }
        None => {
            let id = uuid::Uuid::new_v4().to_string();
            sqlx::query(
                "INSERT INTO documents (id, profile_id, upload_id, type, file_name, total_chunks, \
                 received_chunks, size, created_at) VALUES ($1, $2, $3, $4, $5, $6, 0, 0, $7)",
            )
            .bind(&id)
            .bind(chunk.profile_id)
            .bind(chunk.upload_id)
            .bind(chunk.kind)
            .bind(chunk.file_name)
            .bind(chunk.total_chunks)
            .bind(chunk.now)
            .execute(&mut *tx)
            .await?;
            id
        }
    };
    let encoded = base64::engine::general_purpose::STANDARD.encode(chunk.data);
    sqlx::query(
        "INSERT INTO document_chunks (document_id, chunk_number, data) VALUES ($1, $2, $3) \
         ON CONFLICT (document_id, chunk_number) DO NOTHING",
    )
    .bind(&id)
    .bind(chunk.number)
    .bind(&encoded)
    .execute(&mut *tx)
    .await?;
    let chunks = sqlx::query_as::<_, (String,)>(
        "SELECT data FROM document_chunks WHERE document_id = $1 ORDER BY chunk_number",
    )
    .bind(&id)
    .fetch_all(&mut *tx)
    .await?;
    let mut bytes = Vec::new();
    for (data,) in &chunks {
        bytes.extend(
            base64::engine::general_purpose::STANDARD
                .decode(data)
                .map_err(|_| UploadError::Refused(attachment::WRONG_TYPE))?,
        );
    }
    if bytes.len() > attachment::MAX_BYTES {
        drop_upload(&mut tx, &id).await?;
        tx.commit().await?;
        return Err(UploadError::Refused(attachment::TOO_LARGE));
    }
    let received = chunks.len() as i64;
    let mut content_type = None;
    if received == chunk.total_chunks {
        match attachment::accept(chunk.file_name, &bytes) {
            Ok(kind) => content_type = Some(Kind::content_type(kind).to_string()),
            Err(message) => {
                drop_upload(&mut tx, &id).await?;
                tx.commit().await?;
                return Err(UploadError::Refused(message));
            }
        }
    }
    sqlx::query(
        "UPDATE documents SET received_chunks = $1, size = $2, content_type = $3 WHERE id = $4",
    )
    .bind(received)
    .bind(bytes.len() as i64)
    .bind(&content_type)
    .bind(&id)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Upload {
        id,
        file_name: chunk.file_name.to_string(),
        received_chunks: received,
        total_chunks: chunk.total_chunks,
        size: bytes.len() as i64,
        content_type,
    })
}

async fn drop_upload(conn: &mut sqlx::AnyConnection, id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM document_chunks WHERE document_id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    sqlx::query("DELETE FROM documents WHERE id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Removes uploads nobody finished before `unfinished_before`, and finished ones no transfer
/// took before `unused_before` (issue 26 point 6): an upload holds storage only while it may
/// still be sent. Answers how many went; at most `at_most` per run.
pub async fn sweep(
    db: &Db,
    unfinished_before: i64,
    unused_before: i64,
    at_most: i64,
) -> Result<usize, sqlx::Error> {
    let stale = sqlx::query_as::<_, (String,)>(
        "SELECT id FROM documents WHERE transfer_id IS NULL AND \
         ((content_type IS NULL AND created_at < $1) OR created_at < $2) LIMIT $3",
    )
    .bind(unfinished_before)
    .bind(unused_before)
    .bind(at_most)
    .fetch_all(&db.pool)
    .await?;
    let mut swept = 0;
    for (id,) in stale {
        let mut tx = db.begin_write().await?;
        // Taken by a transfer meanwhile: it stays.
        let still = sqlx::query_as::<_, (String,)>(
            "SELECT id FROM documents WHERE id = $1 AND transfer_id IS NULL",
        )
        .bind(&id)
        .fetch_optional(&mut *tx)
        .await?;
        if still.is_some() {
            drop_upload(&mut tx, &id).await?;
            swept += 1;
        }
        tx.commit().await?;
    }
    Ok(swept)
}
