//! Logging in without JavaScript (issue 3 point 9): the log-in form and the SMS code step post
//! here and the server redirects, so a customer on a slow connection can log in before the
//! page hydrates. The same steps serve the JSON API (api/auth.rs).

use axum::extract::{Form, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};

use super::AppState;
use crate::api::auth::{code_step, password_step, ClientIp, LoginStep};
use crate::api::error::AppError;
use crate::api::{origin_allowed, session_cookies};
use crate::domain::auth::mfa::Method;
use crate::store::sessions::Tokens;

#[derive(serde::Deserialize)]
pub struct PasswordForm {
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
    /// The policies checkbox, shown after `policy_not_accepted`: present ("on") when ticked.
    #[serde(default, rename = "acceptPolicies")]
    accept_policies: Option<String>,
}

/// Only codes travel in the URL, never text; the page maps each code to its message.
fn error_code(error: &AppError) -> Option<&'static str> {
    match error {
        AppError::Refused { code, .. } => Some(code),
        AppError::Fields(_) => Some("required"),
        AppError::TooManyRequests(_) => Some("rate_limited"),
        AppError::NotFound => Some("mfa_closed"),
        _ => None,
    }
}

fn encode(value: &str) -> String {
    value
        .bytes()
        .filter(|b| b.is_ascii_alphanumeric() || *b == b'-')
        .map(char::from)
        .collect()
}

pub async fn password(
    State(state): State<AppState>,
    ip: ClientIp,
    headers: HeaderMap,
    Form(form): Form<PasswordForm>,
) -> Response {
    if !origin_allowed(&headers, &state.config.base_url) {
        return AppError::Forbidden.into_response();
    }
    match password_step(
        &state.api,
        &ip,
        &form.email,
        &form.password,
        form.accept_policies.is_some(),
    )
    .await
    {
        Ok(LoginStep::SecondFactor(mfa)) => {
            let id = encode(&mfa.request_id);
            let digits = encode(&mfa.last_digits);
            let face = if mfa.method == Method::ChallengeProxied {
                "&method=face"
            } else {
                ""
            };
            Redirect::to(&format!("/login?mfa={id}&digits={digits}{face}")).into_response()
        }
        Ok(LoginStep::Session(tokens)) => signed_in(&state, &tokens),
        Err(error) => match error_code(&error) {
            Some(code) => Redirect::to(&format!("/login?error={code}")).into_response(),
            None => error.into_response(),
        },
    }
}

pub async fn sms(
    State(state): State<AppState>,
    ip: ClientIp,
    headers: HeaderMap,
    Form(fields): Form<Vec<(String, String)>>,
) -> Response {
    if !origin_allowed(&headers, &state.config.base_url) {
        return AppError::Forbidden.into_response();
    }
    let value = |name: &str| {
        fields
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
            .unwrap_or_default()
    };
    // The six cells post as six `secret` fields.
    let secret: String = fields
        .iter()
        .filter(|(k, _)| k == "secret")
        .map(|(_, v)| v.trim())
        .collect();
    let (request_id, digits) = (encode(value("requestId")), encode(value("digits")));
    match code_step(&state.api, &ip, &request_id, &secret).await {
        Ok(tokens) => signed_in(&state, &tokens),
        Err(error) => match error_code(&error) {
            Some(code) => Redirect::to(&format!(
                "/login?mfa={request_id}&digits={digits}&error={code}"
            ))
            .into_response(),
            None => error.into_response(),
        },
    }
}

/// The session cookies and on to the app, which picks the route set for the user.
fn signed_in(state: &AppState, tokens: &Tokens) -> Response {
    let mut response = (StatusCode::SEE_OTHER, [(header::LOCATION, "/dashboard")]).into_response();
    session_cookies::set(
        response.headers_mut(),
        tokens,
        state.config.secure_cookies(),
    );
    response
}
