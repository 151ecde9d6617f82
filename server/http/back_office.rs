//! The back office's pages (issue 32) and SPEC §1's adminPanel flag over all of it: with the
//! flag off, not one of its paths (pages or calls) exists, and each answers as an unknown path
//! does; with it on, its pages render from the app's own route set, desktop only, and never
//! with a customer's session.

use axum::extract::{Request, State};
use axum::http::{header, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::pages;
use super::AppState;
use crate::api::backoffice::session::PATH;
use crate::api::client_ip::ClientIp;
use crate::api::ApiState;
use crate::domain::engagement::features::Flag;

const API_PATH: &str = "/back-office/api/";

/// Whether a path is the back office's.
pub fn is_back_office(path: &str) -> bool {
    path.strip_prefix(PATH)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
}

/// Lets a request into the back office only while the adminPanel flag is on.
pub async fn gate(State(state): State<ApiState>, request: Request, next: Next) -> Response {
    if !is_back_office(request.uri().path()) {
        return next.run(request).await;
    }
    match crate::services::engagement::features::flags(&state.db, &state.config).await {
        Ok(flags) if flags.get(Flag::AdminPanel) => next.run(request).await,
        // An API path answers as an unknown API path does (the API's own error body).
        Ok(_) if request.uri().path().starts_with(API_PATH) => {
            crate::api::error::AppError::NotFound.into_response()
        }
        Ok(_) => (StatusCode::NOT_FOUND, "Not found").into_response(),
        Err(error) => {
            tracing::error!(%error, "reading the feature flags failed");
            StatusCode::SERVICE_UNAVAILABLE.into_response()
        }
    }
}

/// A back-office page: rendered for the desktop, with no customer session (staff calls carry
/// their own cookie through the render's data calls).
pub async fn page(State(state): State<AppState>, ip: ClientIp, request: Request) -> Response {
    if request.method() != Method::GET && request.method() != Method::HEAD {
        return (
            StatusCode::METHOD_NOT_ALLOWED,
            [(header::ALLOW, "GET, HEAD")],
            "Method not allowed",
        )
            .into_response();
    }
    pages::render_staff_page(&state, ip, request).await
}

#[cfg(test)]
mod tests {
    #[test]
    fn only_the_back_office_path_and_below_are_gated() {
        assert!(super::is_back_office("/back-office"));
        assert!(super::is_back_office("/back-office/kyb"));
        assert!(super::is_back_office("/back-office/api/me"));
        assert!(!super::is_back_office("/back-officers"));
        assert!(!super::is_back_office("/dashboard"));
    }
}
