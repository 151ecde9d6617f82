//! Public pages that do not depend on the visitor (issue 15): the policy documents of SPEC §2's
//! fixed public paths, robots.txt and sitemap.xml are made once per build and configuration,
//! kept in memory and served with a strong ETag and `Cache-Control: public`, so a second visit
//! costs no render and a revalidation answers 304 with no body. The ETag is a digest of the
//! bytes themselves: another build or configuration that changes a byte changes it.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

/// SPEC §2 "Fixed public paths": the same for every visitor, rendered without script.
pub const POLICY_PATHS: [&str; 7] = [
    "/terms-and-conditions",
    "/privacy-policy",
    "/deposit-withdrawal-policy",
    "/corporate-card-terms-of-use",
    "/consumer-card-terms-of-use",
    "/card-holder-privacy-policy",
    "/complaint-policy",
];

/// How long a browser or a shared cache may use a copy before asking again.
const CACHE_CONTROL: &str = "public, max-age=3600";

pub struct Cached {
    body: String,
    etag: HeaderValue,
    content_type: &'static str,
}

#[derive(Default)]
pub struct StaticPages {
    pages: RwLock<HashMap<&'static str, Arc<Cached>>>,
}

impl StaticPages {
    pub fn get(&self, key: &str) -> Option<Arc<Cached>> {
        self.pages
            .read()
            .expect("the page cache lock")
            .get(key)
            .cloned()
    }

    /// Keeps a page made for `key`. Two first visits at once may both make it: the same bytes.
    pub fn keep(&self, key: &'static str, content_type: &'static str, body: String) -> Arc<Cached> {
        let digest = Sha256::digest(body.as_bytes());
        let etag = format!("\"{}\"", &hex::encode(digest)[..32]);
        let cached = Arc::new(Cached {
            body,
            etag: HeaderValue::from_str(&etag).expect("a hex ETag is a header value"),
            content_type,
        });
        self.pages
            .write()
            .expect("the page cache lock")
            .insert(key, cached.clone());
        cached
    }
}

/// The kept page, or 304 when the request already holds this version.
pub fn answer(cached: &Cached, request: &HeaderMap) -> Response {
    let fresh = request
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(|tag| tag.trim().trim_start_matches("W/"))
        .any(|tag| tag == "*" || tag.as_bytes() == cached.etag.as_bytes());
    let headers = [
        (header::ETAG, cached.etag.clone()),
        (
            header::CACHE_CONTROL,
            HeaderValue::from_static(CACHE_CONTROL),
        ),
    ];
    if fresh {
        return (StatusCode::NOT_MODIFIED, headers).into_response();
    }
    let mut response = (StatusCode::OK, headers, cached.body.clone()).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(cached.content_type),
    );
    response
}

/// The kept path a request names, if it is one of the policy pages.
pub fn policy_key(path: &str) -> Option<&'static str> {
    POLICY_PATHS.iter().copied().find(|p| *p == path)
}
