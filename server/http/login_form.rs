//! Logging in without JavaScript (issue 3 point 9): the log-in form and the SMS code step post
//! here and the server redirects, so a customer on a slow connection can log in before the
//! page hydrates. Each form is the API's own call (`POST /v2/auth/login`, `/v2/auth/mfa/login`)
//! through the one door of plain forms (`forms.rs`); the session cookies it sets come along.

use axum::extract::State;
use axum::http::Method;
use axum::response::{IntoResponse, Redirect, Response};
use serde_json::json;

use super::forms::{url, Answer, FormPost};
use super::AppState;

/// Request ids and digits go back into the URL: only letters, digits and hyphens of them.
fn plain(value: &str) -> String {
    value
        .bytes()
        .filter(|b| b.is_ascii_alphanumeric() || *b == b'-')
        .map(char::from)
        .collect()
}

/// An unknown or closed log-in request answers 404: the code step's own word for it.
fn code_of(answer: &Answer) -> String {
    match answer.error_code(&[]).as_str() {
        "not_found" => "mfa_closed".into(),
        code => code.into(),
    }
}

pub async fn password(State(state): State<AppState>, form: FormPost) -> Response {
    let answer = form
        .call(
            &state,
            Method::POST,
            "/v2/auth/login",
            Some(json!({
                "email": form.get("email"),
                "password": form.raw("password"),
                // The policies checkbox, shown after `policy_not_accepted`: posted when ticked.
                "acceptPolicies": form.has("acceptPolicies"),
            })),
        )
        .await;
    if !answer.ok() {
        return Redirect::to(&url("/login", &[("error", &code_of(&answer))])).into_response();
    }
    match answer.text("/mfa/requestId") {
        Some(id) => {
            let face = answer.text("/mfa/method") == Some("challenge_proxied");
            Redirect::to(&url(
                "/login",
                &[
                    ("mfa", plain(id).as_str()),
                    (
                        "digits",
                        &plain(answer.text("/mfa/lastDigits").unwrap_or("")),
                    ),
                    ("method", if face { "face" } else { "" }),
                ],
            ))
            .into_response()
        }
        // No second factor yet: the session has started.
        None => answer.redirect_with_cookies("/dashboard"),
    }
}

pub async fn sms(State(state): State<AppState>, form: FormPost) -> Response {
    let (request_id, digits) = (plain(&form.get("requestId")), plain(&form.get("digits")));
    // The six cells post as six `secret` fields.
    let answer = form
        .call(
            &state,
            Method::POST,
            "/v2/auth/mfa/login",
            Some(json!({"requestId": request_id, "secret": form.joined("secret")})),
        )
        .await;
    if answer.ok() {
        return answer.redirect_with_cookies("/dashboard");
    }
    Redirect::to(&url(
        "/login",
        &[
            ("mfa", &request_id),
            ("digits", &digits),
            ("error", &code_of(&answer)),
        ],
    ))
    .into_response()
}
