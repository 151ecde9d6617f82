//! A transfer's documents (SPEC §7 Documents): attachments uploaded in chunks before the
//! transfer is submitted (POST /v2/documents/upload, type txn_attch), and the ISO 20022 messages
//! of a SEPA or SWIFT transfer, which the customer may download.

use axum::extract::{Multipart, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::recipients::require_full;
use crate::api::accounts::transactions::owned_transaction;
use crate::api::error::{ApiQuery, AppError};
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
use crate::domain::payments::attachment;
use crate::rate_limit::{Limit, UserKey};
use crate::services::accounts::history;
use crate::services::payments::attachments::{self, Chunk, UploadError};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(upload))
        .routes(routes!(payment_message))
}

/// SPEC §7: multipart `{file, chunkNumber, totalChunks, fileName, type, id}`.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct UploadForm {
    /// This chunk's bytes (at most 1 MB).
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
    /// From 1 to totalChunks.
    chunk_number: i64,
    total_chunks: i64,
    file_name: String,
    /// SPEC §3 document upload types: txn_attch.
    r#type: String,
    /// The client's id for this upload: every chunk of one file carries the same.
    id: String,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadState {
    /// The document's id, for the transfer's `attachments`.
    pub id: String,
    pub file_name: String,
    pub received_chunks: i64,
    pub total_chunks: i64,
    pub size: i64,
    /// True once every chunk arrived and the content was accepted.
    pub complete: bool,
}

fn field(name: &str, message: &str) -> AppError {
    AppError::field(name, message)
}

/// An upload over its size answers 413 (issue 26 point 6), with SPEC §8's body.
fn too_large(message: &str) -> AppError {
    AppError::refused(
        StatusCode::PAYLOAD_TOO_LARGE,
        "file_too_large",
        "File too large",
        message,
    )
}

const CHUNK_TOO_LARGE: &str = "Send the file in chunks of at most 1 MB";

/// A multipart body that could not be read: too large for the server's body limit, or cut off.
fn unreadable(error: &axum::extract::multipart::MultipartError) -> AppError {
    if error.status() == StatusCode::PAYLOAD_TOO_LARGE {
        too_large(CHUNK_TOO_LARGE)
    } else {
        field("file", "The upload was interrupted. Please try again.")
    }
}

#[utoipa::path(post, path = "/v2/documents/upload", tag = "payments",
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses((status = 200, body = UploadState)))]
async fn upload(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    form: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> Result<Json<UploadState>, AppError> {
    require_full(&profile)?;
    state
        .limiter
        .check(Limit::UploadChunksPerUser, &UserKey(&profile.user_id))
        .await?;
    // A body that is not multipart answers in the API's error format, like every other call.
    let mut form = form.map_err(|rejection| AppError::BadRequest(rejection.body_text()))?;
    let mut file: Option<Vec<u8>> = None;
    let mut text = std::collections::BTreeMap::<String, String>::new();
    while let Some(part) = form.next_field().await.map_err(|e| unreadable(&e))? {
        let name = part.name().unwrap_or_default().to_string();
        let bytes = part.bytes().await.map_err(|e| unreadable(&e))?;
        if name == "file" {
            if bytes.len() > attachment::MAX_CHUNK_BYTES {
                return Err(too_large(CHUNK_TOO_LARGE));
            }
            file = Some(bytes.to_vec());
        } else if bytes.len() <= 1024 {
            text.insert(name, String::from_utf8_lossy(&bytes).trim().to_string());
        }
    }
    let get = |name: &str| text.get(name).cloned().unwrap_or_default();
    let number = |name: &str| get(name).parse::<i64>().ok();
    let file = file
        .filter(|f| !f.is_empty())
        .ok_or_else(|| field("file", "Field is required"))?;
    if get("type") != "txn_attch" {
        return Err(field(
            "type",
            "Only transaction attachments (txn_attch) are uploaded here",
        ));
    }
    // Stored, and later offered for download, under a name that carries no path or hidden text.
    let file_name = attachment::safe_name(&get("fileName"));
    if file_name.is_empty() || !file_name.contains('.') {
        return Err(field("fileName", "Field is required"));
    }
    if !attachment::name_allowed(&file_name) {
        return Err(field("file", attachment::WRONG_TYPE));
    }
    let upload_id = get("id");
    if upload_id.is_empty() || upload_id.len() > 64 {
        return Err(field("id", "Field is required"));
    }
    let total = number("totalChunks")
        .filter(|t| (1..=attachment::MAX_CHUNKS).contains(t))
        .ok_or_else(|| field("totalChunks", "A file is sent in 1 to 64 chunks"))?;
    let chunk_number = number("chunkNumber")
        .filter(|n| (1..=total).contains(n))
        .ok_or_else(|| field("chunkNumber", "The chunk number is from 1 to totalChunks"))?;
    let upload = attachments::put_chunk(
        &state.db,
        &Chunk {
            profile_id: &profile.profile_id,
            upload_id: &upload_id,
            kind: "txn_attch",
            file_name: &file_name,
            number: chunk_number,
            total_chunks: total,
            data: &file,
            now: state.db.now_ms(),
        },
    )
    .await
    .map_err(|error| match error {
        UploadError::Mismatch => field("id", "This chunk belongs to another upload"),
        UploadError::Refused(attachment::TOO_LARGE) => too_large(attachment::TOO_LARGE),
        UploadError::Refused(message) => field("file", message),
        UploadError::Sql(error) => error.into(),
    })?;
    Ok(Json(UploadState {
        complete: upload.content_type.is_some(),
        id: upload.id,
        file_name: upload.file_name,
        received_chunks: upload.received_chunks,
        total_chunks: upload.total_chunks,
        size: upload.size,
    }))
}

#[derive(serde::Deserialize, serde::Serialize, Default, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
#[into_params(parameter_in = Query)]
pub struct MessageQuery {
    /// The transaction of the transfer.
    pub ent_id: String,
    /// `pain.001` (the payment as the bank received it) or `pacs.008` (as the bank sent it on).
    pub message: String,
}

/// The ISO 20022 message of a SEPA or SWIFT transfer, as a file.
#[utoipa::path(get, path = "/v2/documents/payment_message", tag = "payments", params(MessageQuery),
    responses((status = 200, description = "The message", content((String = "application/xml")))))]
async fn payment_message(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiQuery(query): ApiQuery<MessageQuery>,
) -> Result<Response, AppError> {
    let (txn, _) = owned_transaction(&state, &profile, &query.ent_id).await?;
    let transfer = history::transfer_of(&state.db, &txn.id)
        .await?
        .ok_or(AppError::NotFound)?;
    let (xml, name) = match query.message.as_str() {
        "pain.001" => (transfer.pain_001, "pain.001.001.09"),
        "pacs.008" => (transfer.pacs_008, "pacs.008.001.08"),
        _ => return Err(field("message", "Choose pain.001 or pacs.008")),
    };
    let xml = xml.ok_or(AppError::NotFound)?;
    Ok((
        StatusCode::OK,
        [
            (
                header::CONTENT_TYPE,
                "application/xml; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}-{}.xml\"", transfer.id),
            ),
        ],
        xml,
    )
        .into_response())
}
