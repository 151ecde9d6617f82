//! The support chat behind SPEC §1's chatWidget flag (issue 31 point 7; SPEC names no paths):
//! `POST /v2/support/chat/fetch` the conversation, `POST /v2/support/chat` a line.

use axum::extract::State;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::error::{ApiJson, AppError};
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
use crate::domain::london::iso_time;
use crate::domain::support::chat::{check_client_id, check_text, ChatAuthor, ChatLine};
use crate::rate_limit::{Limit, UserKey};
use crate::services::support::chat;

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(fetch))
        .routes(routes!(send))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatLineView {
    pub id: String,
    pub author: ChatAuthor,
    pub text: String,
    /// RFC 3339, UTC.
    pub sent_at: String,
}

fn view(line: ChatLine) -> ChatLineView {
    ChatLineView {
        id: line.id,
        author: line.author,
        text: line.body,
        sent_at: iso_time(line.created_at),
    }
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatConversation {
    /// The latest 200 lines, oldest first.
    pub lines: Vec<ChatLineView>,
    /// Support's lines the person has not seen.
    pub unread: i64,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default)]
#[serde(default)]
pub struct ChatLook {
    /// The person is looking at the conversation: support's lines become read.
    pub open: bool,
}

/// The person's conversation with support.
#[utoipa::path(post, path = "/v2/support/chat/fetch", tag = "support", request_body = ChatLook,
    responses((status = 200, body = ChatConversation)))]
async fn fetch(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(look): ApiJson<ChatLook>,
) -> Result<Json<ChatConversation>, AppError> {
    let conversation = chat::conversation(&state.db, &profile.user_id, look.open).await?;
    Ok(Json(ChatConversation {
        lines: conversation.lines.into_iter().map(view).collect(),
        unread: conversation.unread,
    }))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct ChatInput {
    /// The app's own id for the line: sent again, it is the same line.
    pub client_id: String,
    pub text: String,
}

/// A line from the person to support, kept once however often it is sent.
#[utoipa::path(post, path = "/v2/support/chat", tag = "support", request_body = ChatInput,
    responses((status = 200, body = ChatLineView)))]
async fn send(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(input): ApiJson<ChatInput>,
) -> Result<Json<ChatLineView>, AppError> {
    let text = check_text(&input.text).map_err(|message| AppError::field("text", message))?;
    let client_id = check_client_id(&input.client_id)
        .map_err(|message| AppError::field("clientId", message))?;
    state
        .limiter
        .check(Limit::ChatMessagesPerUser, &UserKey(&profile.user_id))
        .await?;
    let line = chat::send(
        &state.db,
        &profile.user_id,
        profile.profile_id.as_str(),
        client_id,
        &text,
    )
    .await?;
    Ok(Json(view(line)))
}
