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

/// Whether the bank is served over HTTPS (its base URL says so): only then is HSTS sent, which
/// over plain HTTP would be ignored at best and pin a development host at worst.
#[derive(Clone, Copy)]
pub struct Https(pub bool, pub ThirdParty);

/// Origins outside the bank that a configured provider's widget needs, beside 'self'.
#[derive(Clone, Copy, Default)]
pub struct ThirdParty {
    /// Sumsub's WebSDK frames its verification pages and calls its API.
    pub sumsub: bool,
}

/// A response extension for the one kind of page the bank frames itself: the sandbox identity
/// widget inside the verification screen. Every other page refuses to be framed.
#[derive(Clone, Copy)]
pub struct FramableBySelf;

pub async fn headers(
    axum::extract::State(Https(https, third_party)): axum::extract::State<Https>,
    mut request: Request,
    next: Next,
) -> Response {
    let mut bytes = [0u8; 16];
    rand::thread_rng().fill_bytes(&mut bytes);
    let nonce = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes);
    request.extensions_mut().insert(CspNonce(nonce.clone()));
    let mut response = next.run(request).await;
    let framable = response.extensions().get::<FramableBySelf>().is_some();
    let out = response.headers_mut();
    let ancestors = if framable { "'self'" } else { "'none'" };
    let sumsub = if third_party.sumsub {
        " https://*.sumsub.com"
    } else {
        ""
    };
    let csp = format!(
        "default-src 'self'; script-src 'nonce-{nonce}' 'strict-dynamic'; style-src 'self'{sumsub}; img-src 'self' data:{sumsub}; \
         font-src 'self'{sumsub}; connect-src 'self'{sumsub}; frame-src 'self'{sumsub}; object-src 'none'; base-uri 'none'; \
         form-action 'self'; frame-ancestors {ancestors}"
    );
    if let Ok(value) = HeaderValue::from_str(&csp) {
        out.insert(header::CONTENT_SECURITY_POLICY, value);
    }
    if https {
        out.insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static("max-age=63072000; includeSubDomains"),
        );
    }
    let fixed = [
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (
            header::X_FRAME_OPTIONS,
            if framable { "SAMEORIGIN" } else { "DENY" },
        ),
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

/// A request id from a client is kept only when it looks like one (letters, digits, `-`, `_`,
/// `.`, at most 64); anything else is dropped so that a fresh one is made, and logs cannot be
/// forged or flooded through it.
pub async fn request_id(mut request: Request, next: Next) -> Response {
    let valid = |value: &HeaderValue| {
        let bytes = value.as_bytes();
        !bytes.is_empty()
            && bytes.len() <= 64
            && bytes
                .iter()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
    };
    if request
        .headers()
        .get("x-request-id")
        .is_some_and(|value| !valid(value))
    {
        request.headers_mut().remove("x-request-id");
    }
    next.run(request).await
}
