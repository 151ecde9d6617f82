//! The one door for plain-form posts (DESIGN.md §1): a page's form that works before hydration
//! is translated into the API call it stands for, and that call is dispatched through the API
//! router in-process, with the poster's credentials, address and origin. The rights table, the
//! onboarding gate, the rate limits, the validation and the same-origin check of the API apply to
//! it unchanged; no form handler touches a store or a service itself.
//!
//! Only codes travel back in the redirect's URL, never text: the page maps each code to its
//! message.

use axum::body::Body;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::Form;
use http_body_util::BodyExt;
use tower::ServiceExt;

use super::AppState;
use crate::api::client_ip::ClientIp;

/// The headers a form post hands on to its API call: who is calling, and from which page.
const CARRIED: [header::HeaderName; 7] = [
    header::COOKIE,
    header::HeaderName::from_static("sec-ch-ua-mobile"),
    header::AUTHORIZATION,
    header::ORIGIN,
    header::HOST,
    header::USER_AGENT,
    header::ACCEPT_LANGUAGE,
];

/// A posted form: its fields, and the poster as the API must see them.
pub struct FormPost {
    headers: HeaderMap,
    ip: ClientIp,
    fields: Vec<(String, String)>,
    /// The page's CSP nonce, for a post that answers with a page (`show`).
    nonce: String,
}

impl FromRequest<AppState> for FormPost {
    type Rejection = Response;

    async fn from_request(request: Request, state: &AppState) -> Result<Self, Response> {
        let (mut parts, body) = request.into_parts();
        // A form another site made the browser send is refused before anything is read (the
        // API would refuse it too; this answers as a page, not as JSON).
        if !crate::api::origin_allowed(&parts.headers, &state.config.base_url) {
            return Err(StatusCode::FORBIDDEN.into_response());
        }
        let ip = ClientIp::from_request_parts(&mut parts, &state.api)
            .await
            .map_err(IntoResponse::into_response)?;
        let nonce = parts
            .extensions
            .get::<super::security::CspNonce>()
            .map(|n| n.0.clone())
            .unwrap_or_default();
        let mut headers = HeaderMap::new();
        for name in CARRIED {
            if let Some(value) = parts.headers.get(&name) {
                headers.insert(name, value.clone());
            }
        }
        if let Some(id) = parts.headers.get("x-request-id") {
            headers.insert("x-request-id", id.clone());
        }
        let Form(fields) =
            Form::<Vec<(String, String)>>::from_request(Request::from_parts(parts, body), state)
                .await
                .map_err(IntoResponse::into_response)?;
        Ok(Self {
            headers,
            ip,
            fields,
            nonce,
        })
    }
}

impl FormPost {
    /// Answers a refused post with the page at `path` again: what was posted (`values`) and the
    /// refusal's code under `error` (a field's name among `fields`, as `back` gives it), never
    /// in the address. A lost session goes to the log-in, as `back` does.
    pub async fn refused(
        &self,
        state: &AppState,
        answer: &Answer,
        path: &str,
        values: &[(&str, &str)],
        fields: &[&str],
    ) -> Response {
        if answer.status == StatusCode::UNAUTHORIZED && answer.text("/code") == Some("unauthorized")
        {
            return Redirect::to("/login").into_response();
        }
        let code = answer.error_code(fields);
        let mut values = values.to_vec();
        values.push(("error", &code));
        let page = self.show(state, path, &values).await;
        if page.status().is_redirection() {
            // The page is not this person's to see (a restricted account, a missing right): the
            // refusal goes where the page would send them, its code alone in the address.
            return Redirect::to(&url(path, &[("error", &code)])).into_response();
        }
        page
    }

    /// Answers the post with the page at `path` showing `values` again (and the error, if
    /// any, under `error`), instead of a redirect that would put them in the address. A refused
    /// post answers 422, so the browser and tests can tell it from a page shown for the first
    /// time.
    pub async fn show(&self, state: &AppState, path: &str, values: &[(&str, &str)]) -> Response {
        let posted: std::collections::BTreeMap<String, String> = values
            .iter()
            .filter(|(_, v)| !v.is_empty())
            .map(|(k, v)| ((*k).to_string(), (*v).to_string()))
            .collect();
        let refused = posted.contains_key("error");
        let mut response = super::pages::render_at(
            state,
            self.ip,
            &self.headers,
            &self.nonce,
            path,
            Some(posted),
        )
        .await;
        if refused && response.status() == StatusCode::OK {
            *response.status_mut() = StatusCode::UNPROCESSABLE_ENTITY;
        }
        response
    }

    /// A field's value, trimmed; empty when it was not posted.
    pub fn get(&self, name: &str) -> String {
        self.fields
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.trim().to_string())
            .unwrap_or_default()
    }

    /// A field's value as posted, untrimmed (a password).
    pub fn raw(&self, name: &str) -> String {
        self.fields
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    }

    /// Every field as posted, in order (a list of rows: an invoice's items).
    pub fn all(&self) -> &[(String, String)] {
        &self.fields
    }

    /// Whether the field was posted at all (a ticked checkbox, a step's own field).
    pub fn has(&self, name: &str) -> bool {
        self.fields.iter().any(|(k, _)| k == name)
    }

    /// Every value posted under `name`, joined: the six cells of a code input.
    pub fn joined(&self, name: &str) -> String {
        self.fields
            .iter()
            .filter(|(k, _)| k == name)
            .map(|(_, v)| v.trim())
            .collect()
    }

    /// Sends the API call this form stands for through the API router, as the poster.
    pub async fn call(
        &self,
        state: &AppState,
        method: Method,
        path: &str,
        body: Option<serde_json::Value>,
    ) -> Answer {
        let Some(router) = state.api.loopback.get().cloned() else {
            return Answer::failed();
        };
        let mut request = axum::http::Request::builder()
            .method(method)
            .uri(path)
            .header(header::ACCEPT, "application/json");
        for (name, value) in &self.headers {
            request = request.header(name, value);
        }
        let body = match body {
            Some(json) => {
                request = request.header(header::CONTENT_TYPE, "application/json");
                Body::from(json.to_string())
            }
            None => Body::empty(),
        };
        let Ok(mut request) = request.body(body) else {
            return Answer::failed();
        };
        request.extensions_mut().insert(self.ip);
        let Ok(response) = router.oneshot(request).await;
        let status = response.status();
        let cookies = response
            .headers()
            .get_all(header::SET_COOKIE)
            .iter()
            .cloned()
            .collect();
        let body = match response.into_body().collect().await {
            Ok(bytes) => serde_json::from_slice(&bytes.to_bytes()).unwrap_or_default(),
            Err(_) => serde_json::Value::Null,
        };
        Answer {
            status,
            body,
            cookies,
        }
    }
}

/// What the API answered a form's call.
pub struct Answer {
    pub status: StatusCode,
    pub body: serde_json::Value,
    cookies: Vec<HeaderValue>,
}

impl Answer {
    /// What the API answers for a record that is not the caller's to see.
    pub fn not_found() -> Self {
        Self {
            status: StatusCode::NOT_FOUND,
            body: serde_json::json!({"code": "not_found"}),
            cookies: Vec::new(),
        }
    }

    fn failed() -> Self {
        Self {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            body: serde_json::Value::Null,
            cookies: Vec::new(),
        }
    }

    pub fn ok(&self) -> bool {
        self.status.is_success()
    }

    /// A text field of the answer's body, by its JSON pointer (`/transaction/id`).
    pub fn text(&self, pointer: &str) -> Option<&str> {
        self.body.pointer(pointer).and_then(|v| v.as_str())
    }

    /// The code the page shows a refusal by: the first of `fields` the API named, else
    /// `required` for any other field error, the refusal's own code (SPEC §8), `rate_limited`,
    /// or `failed` when the call could not be answered.
    pub fn error_code(&self, fields: &[&str]) -> String {
        if self.status == StatusCode::TOO_MANY_REQUESTS {
            return "rate_limited".into();
        }
        if self.status.is_server_error() {
            return "failed".into();
        }
        if let Some(named) = self.body.get("fields").and_then(|f| f.as_object()) {
            return fields
                .iter()
                .find(|field| named.contains_key(**field))
                .map_or("required", |field| *field)
                .to_string();
        }
        match self.text("/code") {
            Some(code) if code.bytes().all(|b| b.is_ascii_lowercase() || b == b'_') => {
                code.to_string()
            }
            _ => "failed".into(),
        }
    }

    /// A redirect that carries the session cookies the call set (a log-in).
    pub fn redirect_with_cookies(&self, to: &str) -> Response {
        let mut response = Redirect::to(to).into_response();
        for cookie in &self.cookies {
            response
                .headers_mut()
                .append(header::SET_COOKIE, cookie.clone());
        }
        response
    }
}

/// Where a refused form goes: back to its page with the refusal's code (and `pairs`, so the
/// page shows what was typed), or to the log-in when the poster's session has ended.
pub fn back(answer: &Answer, path: &str, pairs: &[(&str, &str)], fields: &[&str]) -> Response {
    if answer.status == StatusCode::UNAUTHORIZED && answer.text("/code") == Some("unauthorized") {
        return Redirect::to("/login").into_response();
    }
    let code = answer.error_code(fields);
    let mut pairs = pairs.to_vec();
    pairs.push(("error", &code));
    Redirect::to(&url(path, &pairs)).into_response()
}

/// `path?query` with the pairs URL-encoded, leaving out empty values.
pub fn url(path: &str, pairs: &[(&str, &str)]) -> String {
    let mut query = url::form_urlencoded::Serializer::new(String::new());
    for (name, value) in pairs {
        if !value.is_empty() {
            query.append_pair(name, value);
        }
    }
    let query = query.finish();
    if query.is_empty() {
        path.to_string()
    } else {
        format!("{path}?{query}")
    }
}
