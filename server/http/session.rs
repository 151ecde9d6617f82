//! The session state of SPEC §3 for a page render, from the access cookie (DESIGN.md §2 step 2).

use axum::http::HeaderMap;
use serde_json::{json, Value};

use super::render::anonymous_session;
use super::AppState;
use crate::api::session_cookies;
use crate::store::{self, now_ms};

/// The cookie that remembers the selected profile for 7 days (SPEC §9); the app sets it.
pub const PROFILE_COOKIE: &str = "profile";

pub async fn load(state: &AppState, headers: &HeaderMap) -> Result<Value, sqlx::Error> {
    let db = &state.api.db;
    let Some(access) = session_cookies::access_token(headers, state.config.secure_cookies()) else {
        return Ok(anonymous_session());
    };
    let Some(session) = store::sessions::authenticate(db, access, now_ms()).await? else {
        return Ok(anonymous_session());
    };
    let Some(user) = store::users::by_id(db, &session.user_id).await? else {
        return Ok(anonymous_session());
    };
    let profiles = store::profiles::for_user(db, &user.id).await?;
    let wanted = crate::http::layout::cookie_value(headers, PROFILE_COOKIE);
    let selected = store::profiles::choose(&profiles, wanted);
    let kyc = user.kyc_status.as_str();
    Ok(json!({
        "isAuth": true,
        "onboardingFlow": user.onboarding_flow,
        "accessRole": selected.map_or("none", |p| p.my_access.role.as_str()),
        "accessRights": selected.map(|p| p.my_access.rights.clone()).unwrap_or_default(),
        "kycStatus": kyc,
        // SPEC §4: the app is accessible when the account is ready or merely restricted.
        "appInAccess": kyc == "completed" || kyc == "account_restricted",
        "appReady": true,
        "displayAppLoader": false,
        "profilesList": profiles,
        "profileType": selected.map(|p| p.kind.clone()),
        "selectedProfileId": selected.map(|p| p.id.clone()),
        "accountReady": kyc == "completed",
        "isBusiness": selected.is_some_and(|p| p.kind == "business"),
        "primaryCurrency": null,
        "user": { "name": user.name, "surname": user.surname, "email": user.email },
    }))
}

/// A password-reset link or an invitation link carrying its token (SPEC §4 "App start").
pub fn is_token_link(url: &str) -> bool {
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    matches!(path, "/reset-password" | "/accept-invite")
        && query
            .split('&')
            .any(|pair| pair.strip_prefix("token=").is_some_and(|v| !v.is_empty()))
}

/// Ends the caller's session, if there is one; true when one was ended.
pub async fn end(state: &AppState, headers: &HeaderMap) -> Result<bool, sqlx::Error> {
    let db = &state.api.db;
    let Some(access) = session_cookies::access_token(headers, state.config.secure_cookies()) else {
        return Ok(false);
    };
    let now = now_ms();
    let Some(session) = store::sessions::authenticate(db, access, now).await? else {
        return Ok(false);
    };
    store::sessions::revoke(db, &session.session_id, now).await?;
    store::audit::record(
        db,
        Some(&session.user_id),
        "logout",
        "page",
        "opened a token link",
    )
    .await?;
    Ok(true)
}
