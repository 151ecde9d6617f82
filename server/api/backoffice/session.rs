//! A member of staff's session: an opaque token in a cookie of its own, scoped to the back
//! office's path (so no customer page or call ever carries it), HttpOnly, SameSite=Strict, and
//! Secure with the `__Secure-` prefix over HTTPS; eight hours at most, fifteen idle minutes.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue};
use cookie::{Cookie, SameSite};

use crate::api::error::AppError;
use crate::api::{session_cookies, ApiState};
use crate::domain::backoffice::staff::{StaffMember, SESSION_MS};
use crate::services::backoffice::staff;

/// Where the back office lives: its pages, and its calls under `/back-office/api`.
pub const PATH: &str = "/back-office";

pub fn cookie_name(secure: bool) -> &'static str {
    if secure {
        "__Secure-staff"
    } else {
        "staff"
    }
}

pub fn set(headers: &mut HeaderMap, token: &str, secure: bool) {
    put(headers, token.to_string(), SESSION_MS / 1000, secure);
}

pub fn clear(headers: &mut HeaderMap, secure: bool) {
    put(headers, String::new(), 0, secure);
}

fn put(headers: &mut HeaderMap, value: String, max_age_s: i64, secure: bool) {
    let cookie = Cookie::build((cookie_name(secure), value))
        .path(PATH)
        .http_only(true)
        .secure(secure)
        .same_site(SameSite::Strict)
        .max_age(time::Duration::seconds(max_age_s))
        .build();
    headers.append(
        header::SET_COOKIE,
        HeaderValue::from_str(&cookie.to_string()).expect("tokens are URL-safe"),
    );
}

pub fn token(headers: &HeaderMap, secure: bool) -> Option<&str> {
    session_cookies::read(headers, cookie_name(secure))
}

/// The signed-in member of staff; 401 without a live staff session.
#[derive(Clone)]
pub struct CurrentStaff(pub StaffMember);

impl FromRequestParts<ApiState> for CurrentStaff {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &ApiState) -> Result<Self, AppError> {
        if let Some(staff) = parts.extensions.get::<CurrentStaff>() {
            return Ok(staff.clone());
        }
        let token = token(&parts.headers, state.config.secure_cookies()).ok_or_else(signed_out)?;
        let member = staff::of_session(&state.db, token)
            .await?
            .ok_or_else(signed_out)?;
        let current = CurrentStaff(member);
        parts.extensions.insert(current.clone());
        Ok(current)
    }
}

fn signed_out() -> AppError {
    AppError::unauthorized(
        "staff_session_required",
        "Session ended",
        "Your back-office session has ended. Please log in again.",
    )
}
