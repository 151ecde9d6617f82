//! The signed-in user of an API call, from the bearer header or the access cookie
//! (DESIGN.md §4). Handlers that take it answer 401 without a live session.

use crate::domain::ids::UserId;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;

use super::error::AppError;
use super::{session_cookies, ApiState};
use crate::services::auth::sessions;

#[derive(Clone)]
pub struct CurrentUser {
    pub user_id: UserId,
    pub session_id: String,
}

impl FromRequestParts<ApiState> for CurrentUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &ApiState) -> Result<Self, AppError> {
        // A server render's in-process call carries the caller its page request authenticated a
        // moment ago (http/render.rs); no client can set a request extension.
        if let Some(user) = parts.extensions.get::<CurrentUser>() {
            return Ok(user.clone());
        }
        let token = session_cookies::access_token(&parts.headers, state.config.secure_cookies())
            .ok_or_else(unauthorized)?;
        let session = sessions::of_token(&state.db, token)
            .await?
            .ok_or_else(unauthorized)?;
        Ok(Self {
            user_id: session.user_id,
            session_id: session.session_id,
        })
    }
}

pub(super) fn unauthorized() -> AppError {
    AppError::unauthorized(
        "unauthorized",
        "Session ended",
        "Your session has ended. Please log in again.",
    )
}
