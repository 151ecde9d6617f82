//! The session cookies (SPEC §9): access 30 minutes, refresh 60 minutes; HttpOnly, SameSite,
//! and Secure with the `__Host-` prefix wherever the bank is served over HTTPS.

use axum::http::{header, HeaderMap, HeaderValue};
use cookie::{Cookie, SameSite};

use crate::services::auth::Tokens;

pub struct CookieNames {
    pub access: &'static str,
    pub refresh: &'static str,
}

/// The refresh cookie goes only to the call that renews a session (`__Host-` cookies must be
/// scoped to `/`, so this one is `__Secure-`).
pub const REFRESH_PATH: &str = "/v2/auth/login";

pub fn names(secure: bool) -> CookieNames {
    if secure {
        CookieNames {
            access: "__Host-access",
            refresh: "__Secure-refresh",
        }
    } else {
        CookieNames {
            access: "access",
            refresh: "refresh",
        }
    }
}

fn build(name: &'static str, value: String, max_age_s: i64, secure: bool) -> HeaderValue {
    build_at(name, value, max_age_s, secure, "/")
}

fn build_at(
    name: &'static str,
    value: String,
    max_age_s: i64,
    secure: bool,
    path: &'static str,
) -> HeaderValue {
    let cookie = Cookie::build((name, value))
        .path(path)
        .http_only(true)
        .secure(secure)
        .same_site(SameSite::Lax)
        .max_age(time::Duration::seconds(max_age_s))
        .build();
    HeaderValue::from_str(&cookie.to_string()).expect("cookie values are URL-safe")
}

pub fn set(headers: &mut HeaderMap, tokens: &Tokens, secure: bool) {
    let names = names(secure);
    headers.append(
        header::SET_COOKIE,
        build(names.access, tokens.access.clone(), 30 * 60, secure),
    );
    headers.append(
        header::SET_COOKIE,
        build_at(
            names.refresh,
            tokens.refresh.clone(),
            60 * 60,
            secure,
            REFRESH_PATH,
        ),
    );
}

pub fn clear(headers: &mut HeaderMap, secure: bool) {
    let names = names(secure);
    headers.append(
        header::SET_COOKIE,
        build(names.access, String::new(), 0, secure),
    );
    headers.append(
        header::SET_COOKIE,
        build_at(names.refresh, String::new(), 0, secure, REFRESH_PATH),
    );
}

/// The cookie that remembers the selected profile for 7 days (SPEC §9); the app sets it.
pub const PROFILE_COOKIE: &str = "profile";

/// A cookie's value from the request's `Cookie` headers, parsed by the `cookie` crate; empty
/// values count as absent.
pub fn read<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(Cookie::split_parse)
        .filter_map(Result::ok)
        .find(|cookie| cookie.name() == name)
        .and_then(|cookie| cookie.value_raw())
        .filter(|v| !v.is_empty())
}

/// The access token from the bearer header or the access cookie.
pub fn access_token(headers: &HeaderMap, secure: bool) -> Option<&str> {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .or_else(|| read(headers, names(secure).access))
}

/// The sign-up cookie: proof of a verified e-mail while the person chooses a password.
pub fn registration_name(secure: bool) -> &'static str {
    if secure {
        "__Host-registration"
    } else {
        "registration"
    }
}

pub fn set_registration(headers: &mut HeaderMap, token: &str, max_age_s: i64, secure: bool) {
    headers.append(
        header::SET_COOKIE,
        build(
            registration_name(secure),
            token.to_string(),
            max_age_s,
            secure,
        ),
    );
}
