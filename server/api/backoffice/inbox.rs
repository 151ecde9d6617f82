//! Support's inbox (issue 32 point 5): `GET /back-office/api/inbox` the messages (contact form,
//! call-backs) and chats to handle; `POST /back-office/api/inbox/take`, `/answer` and `/close`
//! one of them. Support's duty.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::customers::{actor, customer_id};
use super::session::CurrentStaff;
use crate::api::client_ip::ClientIp;
use crate::api::error::{ApiJson, AppError};
use crate::api::ApiState;
use crate::domain::london::iso_time;
use crate::services::backoffice::inbox::{self, InboxError, Item};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(take))
        .routes(routes!(answer))
        .routes(routes!(close))
}

impl From<InboxError> for AppError {
    fn from(error: InboxError) -> Self {
        match error {
            InboxError::Unknown => AppError::NotFound,
            InboxError::Closed => AppError::refused(
                StatusCode::CONFLICT,
                "message_closed",
                "Closed",
                "This message is closed.",
            ),
            InboxError::Text(message) => AppError::field("text", message),
            InboxError::NotSent(problem) => AppError::Internal(anyhow::anyhow!(problem)),
            InboxError::Sql(error) => AppError::Database(error),
        }
    }
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InboxMessage {
    pub id: String,
    /// contact_form or call_back.
    pub kind: String,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub company: Option<String>,
    pub subject: String,
    pub text: String,
    /// open or answered.
    pub status: String,
    pub assigned_to: Option<String>,
    pub received_at: String,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InboxChat {
    pub user_id: String,
    pub name: String,
    pub email: String,
    pub last_line: String,
    /// customer or support.
    pub last_author: String,
    pub last_at: String,
    /// The customer's lines since support last wrote.
    pub waiting: i64,
    pub assigned_to: Option<String>,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct SupportInbox {
    pub messages: Vec<InboxMessage>,
    pub chats: Vec<InboxChat>,
}

async fn current(
    state: &ApiState,
    staff: &CurrentStaff,
    ip: &str,
) -> Result<SupportInbox, AppError> {
    let found = inbox::inbox(&state.db, &actor(staff, ip)).await?;
    Ok(SupportInbox {
        messages: found
            .messages
            .into_iter()
            .map(
                |(id, source, name, email, phone, company, subject, text, status, assigned, at)| {
                    InboxMessage {
                        id,
                        kind: if source == "leads" {
                            "call_back"
                        } else {
                            "contact_form"
                        }
                        .into(),
                        name,
                        email,
                        phone,
                        company,
                        subject,
                        text,
                        status,
                        assigned_to: assigned,
                        received_at: iso_time(at),
                    }
                },
            )
            .collect(),
        chats: found
            .chats
            .into_iter()
            .map(
                |(user_id, name, surname, email, last_line, last_author, at, waiting, assigned)| {
                    InboxChat {
                        user_id,
                        name: format!("{name} {surname}").trim().to_string(),
                        email,
                        last_line,
                        last_author,
                        last_at: iso_time(at),
                        waiting,
                        assigned_to: assigned,
                    }
                },
            )
            .collect(),
    })
}

/// The messages and chats to handle.
#[utoipa::path(get, path = "/back-office/api/inbox", tag = super::TAG,
    responses((status = 200, body = SupportInbox)))]
async fn list(
    State(state): State<ApiState>,
    staff: CurrentStaff,
    ip: ClientIp,
) -> Result<Json<SupportInbox>, AppError> {
    Ok(Json(current(&state, &staff, &ip.to_string()).await?))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum InboxKind {
    Message,
    Chat,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct InboxItem {
    pub kind: InboxKind,
    /// A message's id, or the user id of a chat.
    pub id: String,
}

fn item(input: &InboxItem) -> Result<Item, AppError> {
    Ok(match input.kind {
        InboxKind::Message => Item::Message(input.id.clone()),
        InboxKind::Chat => Item::Chat(customer_id(&input.id)?),
    })
}

/// The member takes the item.
#[utoipa::path(post, path = "/back-office/api/inbox/take", tag = super::TAG,
    request_body = InboxItem, responses((status = 200, body = SupportInbox)))]
async fn take(
    State(state): State<ApiState>,
    staff: CurrentStaff,
    ip: ClientIp,
    ApiJson(input): ApiJson<InboxItem>,
) -> Result<Json<SupportInbox>, AppError> {
    let ip = ip.to_string();
    inbox::take(&state.db, &actor(&staff, &ip), &item(&input)?).await?;
    Ok(Json(current(&state, &staff, &ip).await?))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct InboxAnswer {
    pub kind: InboxKind,
    pub id: String,
    pub text: String,
}

/// Answers a message by email, or a chat in the app.
#[utoipa::path(post, path = "/back-office/api/inbox/answer", tag = super::TAG,
    request_body = InboxAnswer, responses((status = 200, body = SupportInbox)))]
async fn answer(
    State(state): State<ApiState>,
    staff: CurrentStaff,
    ip: ClientIp,
    ApiJson(input): ApiJson<InboxAnswer>,
) -> Result<Json<SupportInbox>, AppError> {
    let ip = ip.to_string();
    let target = item(&InboxItem {
        kind: input.kind,
        id: input.id,
    })?;
    inbox::answer(
        &state.db,
        &state.notify,
        &state.config.company.trading_name,
        &actor(&staff, &ip),
        &target,
        &input.text,
    )
    .await?;
    Ok(Json(current(&state, &staff, &ip).await?))
}

/// Closes a message, or a chat until the customer writes again.
#[utoipa::path(post, path = "/back-office/api/inbox/close", tag = super::TAG,
    request_body = InboxItem, responses((status = 200, body = SupportInbox)))]
async fn close(
    State(state): State<ApiState>,
    staff: CurrentStaff,
    ip: ClientIp,
    ApiJson(input): ApiJson<InboxItem>,
) -> Result<Json<SupportInbox>, AppError> {
    let ip = ip.to_string();
    inbox::close(&state.db, &actor(&staff, &ip), &item(&input)?).await?;
    Ok(Json(current(&state, &staff, &ip).await?))
}
