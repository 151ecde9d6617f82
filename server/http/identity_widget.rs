//! The sandbox identity widget (sandbox mode only), framed by the verification screen: a form
//! for a document photo and a selfie (the camera where the device offers it through `capture`,
//! a file otherwise). On submit it checks the files are pictures by their content, keeps none
//! of them, and has the sandbox reviewer report through the signed webhook; then it posts
//! `completed` to the page that frames it. An expired token posts `invalid-token`, and the
//! screen fetches a new one.

use axum::extract::{Multipart, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Extension;
use minijinja::context;

use super::security::{CspNonce, FramableBySelf};
use super::AppState;
use crate::api::onboarding::identity::sandbox_review;
use crate::domain::ids::UserId;
use crate::providers::identity::sandbox::{SandboxIdentity, TokenError};
use crate::providers::identity::Review;

/// Larger than any phone photo; the route's body limit is a little above it.
pub const MAX_FILE_BYTES: usize = 10 * 1024 * 1024;

#[derive(serde::Deserialize)]
pub struct TokenQuery {
    #[serde(default)]
    token: String,
}

fn sandbox(state: &AppState) -> SandboxIdentity {
    SandboxIdentity::new(
        state.config.identity.sandbox_secret.clone(),
        state.config.identity.token_lifetime,
        state.api.db.clock.clone(),
    )
}

pub async fn form(
    State(state): State<AppState>,
    Extension(nonce): Extension<CspNonce>,
    Query(query): Query<TokenQuery>,
) -> Response {
    match sandbox(&state).check(&query.token, state.api.db.now_ms()) {
        Ok(_) => page(&state, &nonce, "form", &query.token, None),
        Err(_) => page(&state, &nonce, "expired", "", None),
    }
}

/// What a file's first bytes say it is: a photo or a scan the check accepts.
pub fn picture_kind(bytes: &[u8]) -> Option<&'static str> {
    match bytes {
        [0xFF, 0xD8, 0xFF, ..] => Some("jpeg"),
        [0x89, b'P', b'N', b'G', ..] => Some("png"),
        [b'R', b'I', b'F', b'F', _, _, _, _, b'W', b'E', b'B', b'P', ..] => Some("webp"),
        [b'%', b'P', b'D', b'F', ..] => Some("pdf"),
        _ => None,
    }
}

pub async fn submit(
    State(state): State<AppState>,
    Extension(nonce): Extension<CspNonce>,
    headers: axum::http::HeaderMap,
    mut form: Multipart,
) -> Response {
    if !crate::api::origin_allowed(&headers, &state.config.base_url) {
        return StatusCode::FORBIDDEN.into_response();
    }
    let mut token = String::new();
    let mut outcome = Review::Approved;
    let mut document = None;
    let mut selfie = None;
    while let Ok(Some(field)) = form.next_field().await {
        let name = field.name().unwrap_or_default().to_string();
        let Ok(bytes) = field.bytes().await else {
            return page(
                &state,
                &nonce,
                "form",
                &token,
                Some("The upload did not arrive. Please try again."),
            );
        };
        match name.as_str() {
            "token" => token = String::from_utf8_lossy(&bytes).into_owned(),
            "outcome" => {
                outcome = match &bytes[..] {
                    b"retry" => Review::Retry,
                    b"reject" => Review::Rejected,
                    _ => Review::Approved,
                }
            }
            "document" => document = Some(bytes),
            "selfie" => selfie = Some(bytes),
            _ => {}
        }
    }
    let claims = match sandbox(&state).check(&token, state.api.db.now_ms()) {
        Ok(claims) => claims,
        Err(TokenError::Expired | TokenError::Invalid) => {
            return page(&state, &nonce, "expired", "", None)
        }
    };
    let acceptable = |file: &Option<axum::body::Bytes>, pdf_ok: bool| {
        file.as_ref().is_some_and(|bytes| {
            bytes.len() <= MAX_FILE_BYTES
                && picture_kind(bytes).is_some_and(|kind| pdf_ok || kind != "pdf")
        })
    };
    if !acceptable(&document, true) {
        return page(
            &state,
            &nonce,
            "form",
            &token,
            Some("The document must be a photo (JPEG, PNG or WebP) or a PDF of up to 10 MB."),
        );
    }
    if !acceptable(&selfie, false) {
        return page(
            &state,
            &nonce,
            "form",
            &token,
            Some("The selfie must be a photo (JPEG, PNG or WebP) of up to 10 MB."),
        );
    }
    if let Err(error) = sandbox_review(
        &state.api,
        &UserId::from(&claims.user_id),
        Review::Submitted,
    )
    .await
    {
        tracing::error!(?error, "sandbox identity submission not reported");
        return page(
            &state,
            &nonce,
            "form",
            &token,
            Some("Something went wrong, try again later"),
        );
    }
    // The review follows a moment later, as a real provider's does.
    let api = state.api.clone();
    let delay = state.config.identity.sandbox_review;
    tokio::spawn(async move {
        tokio::time::sleep(delay).await;
        if let Err(error) = sandbox_review(&api, &UserId::from(&claims.user_id), outcome).await {
            tracing::error!(?error, "sandbox identity review not reported");
        }
    });
    page(&state, &nonce, "done", "", None)
}

fn page(
    state: &AppState,
    nonce: &CspNonce,
    which: &str,
    token: &str,
    error: Option<&str>,
) -> Response {
    let message = match which {
        "done" => "completed",
        "expired" => "invalid-token",
        _ => "",
    };
    let status = if error.is_some() {
        StatusCode::UNPROCESSABLE_ENTITY
    } else {
        StatusCode::OK
    };
    let mut response = super::pages::template_page(
        state,
        "identity_widget.html",
        status,
        context! { state => which, token, error, message, nonce => nonce.0 },
    );
    response.extensions_mut().insert(FramableBySelf);
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pictures_are_known_by_their_content() {
        assert_eq!(picture_kind(&[0xFF, 0xD8, 0xFF, 0xE0]), Some("jpeg"));
        assert_eq!(picture_kind(b"\x89PNG\r\n"), Some("png"));
        assert_eq!(picture_kind(b"%PDF-1.7"), Some("pdf"));
        assert_eq!(picture_kind(b"MZ\x90\x00 not a photo"), None);
    }
}
