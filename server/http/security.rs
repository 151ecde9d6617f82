//! Security headers of DESIGN.md §4, with a fresh CSP nonce for every request.

use axum::extract::Request;
use axum::http::{header, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
use base64::Engine;
use rand::RngCore;

/// The nonce the page's scripts carry; handlers read it from the request extensions.
#[derive(Clone)]
pub struct CspNonce(pub String);

pub async fn headers(mut request: Request, next: Next) -> Response {
    let mut bytes = [0u8; 16];
    rand::thread_rng().fill_bytes(&mut bytes);
    let nonce = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes);
    request.extensions_mut().insert(CspNonce(nonce.clone()));
    let mut response = next.run(request).await;
    let out = response.headers_mut();
    let csp = format!(
        "default-src 'self'; script-src 'nonce-{nonce}' 'strict-dynamic'; style-src 'self'; img-src 'self' data:; \
         font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; \
         frame-ancestors 'none'"
    );
    if let Ok(value) = HeaderValue::from_str(&csp) {
        out.insert(header::CONTENT_SECURITY_POLICY, value);
    }
    let fixed = [
        (
            header::STRICT_TRANSPORT_SECURITY,
            "max-age=63072000; includeSubDomains",
        ),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::REFERRER_POLICY, "strict-origin-when-cross-origin"),
    ];
    for (name, value) in fixed {
        out.insert(name, HeaderValue::from_static(value));
    }
    out.insert(
        "cross-origin-opener-policy",
        HeaderValue::from_static("same-origin"),
    );
    out.insert(
        "permissions-policy",
        HeaderValue::from_static("geolocation=(), microphone=(), payment=(self)"),
    );
    response
}
