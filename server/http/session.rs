//! Token links end a signed-in session before the page renders (SPEC §4 "App start"). The
//! session state itself is `api::session_state`, shared with the API.

use axum::http::HeaderMap;

use super::AppState;
use crate::api::session_cookies;
use crate::domain::audit::AuditEvent;
use crate::services::auth::{self, password_reset, sessions};
use crate::services::profiles::invitations;

/// A password-reset link or an invitation link carrying its token (SPEC §4 "App start").
fn token_link(url: &str) -> Option<(&str, &str)> {
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    if !matches!(path, "/reset-password" | "/accept-invite") {
        return None;
    }
    let token = query
        .split('&')
        .find_map(|pair| pair.strip_prefix("token="))
        .filter(|v| !v.is_empty())?;
    Some((path, token))
}

/// A token link that can still be used: only such a link logs a signed-in visitor out, so a
/// made-up `?token=` cannot end somebody's session.
pub async fn is_live_token_link(state: &AppState, url: &str) -> Result<bool, sqlx::Error> {
    match token_link(url) {
        Some(("/reset-password", token)) => {
            password_reset::link_is_live(&state.api.db, token).await
        }
        Some(("/accept-invite", token)) => Ok(invitations::by_token(&state.api.db, token)
            .await?
            .is_some_and(|i| {
                i.state == crate::domain::profiles::invitation::InvitationState::InvitationPending
            })),
        _ => Ok(false),
    }
}

/// Ends the caller's session, if there is one; true when one was ended.
pub async fn end(state: &AppState, headers: &HeaderMap) -> Result<bool, sqlx::Error> {
    let db = &state.api.db;
    let Some(access) = session_cookies::access_token(headers, state.config.secure_cookies()) else {
        return Ok(false);
    };
    let Some(user_id) = sessions::end(db, access).await? else {
        return Ok(false);
    };
    let event = AuditEvent::LoggedOut;
    auth::audit(db, Some(&user_id), event, "page", "opened a token link").await;
    Ok(true)
}
