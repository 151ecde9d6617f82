//! The app's client files, content-hashed, precompressed and embedded at build time.

use axum::extract::Path;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

pub struct Asset {
    pub path: &'static str,
    pub mime: &'static str,
    pub raw: &'static [u8],
    pub br: &'static [u8],
    pub gz: &'static [u8],
}

mod embedded {
    use super::Asset;
    include!(concat!(env!("OUT_DIR"), "/embedded.rs"));
}

pub use embedded::{SERVER_BUNDLE, SNAPSHOT};

#[derive(Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Manifest {
    pub entry: String,
    pub entry_imports: Vec<String>,
    pub css: String,
    pub route_sets: std::collections::BTreeMap<String, Vec<String>>,
    /// Each lazily loaded page's chunks, by the page id the render names (`lazyPage`).
    pub pages: std::collections::BTreeMap<String, Vec<String>>,
}

impl Manifest {
    pub fn embedded() -> Self {
        serde_json::from_str(embedded::MANIFEST).expect("the build wrote a valid manifest")
    }

    /// What the page's JavaScript needs besides the entry: what the entry imports, the current
    /// route set's chunks and the rendered page's.
    pub fn chunks(&self, route_set: &str, page: Option<&str>) -> Vec<String> {
        let mut chunks: Vec<String> = Vec::new();
        let entry = self.entry_imports.iter().filter(|c| **c != self.entry);
        let set = self.route_sets.get(route_set).into_iter().flatten();
        let page = page
            .and_then(|page| self.pages.get(page))
            .into_iter()
            .flatten();
        for chunk in entry.chain(set).chain(page) {
            if !chunks.contains(chunk) {
                chunks.push(chunk.clone());
            }
        }
        chunks
    }
}

fn find(path: &str) -> Option<&'static Asset> {
    embedded::ASSETS.iter().find(|asset| asset.path == path)
}

pub async fn serve(Path(file): Path<String>, headers: HeaderMap) -> Response {
    let Some(asset) = find(&format!("/assets/{file}")) else {
        return (
            StatusCode::NOT_FOUND,
            [(header::CACHE_CONTROL, "no-store")],
            "Not found",
        )
            .into_response();
    };
    let accepts = headers
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let (body, encoding) = if accepts.contains("br") {
        (asset.br, Some("br"))
    } else if accepts.contains("gzip") {
        (asset.gz, Some("gzip"))
    } else {
        (asset.raw, None)
    };
    let mut response = body.into_response();
    let out = response.headers_mut();
    out.insert(header::CONTENT_TYPE, HeaderValue::from_static(asset.mime));
    // The name carries the content hash, so the file never changes.
    out.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=31536000, immutable"),
    );
    out.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    if let Some(encoding) = encoding {
        out.insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding));
    }
    response
}

const FAVICON: &[u8] = include_bytes!("../../assets/icons/favicon.svg");

/// The icon browsers ask for on their own, at a fixed address.
pub async fn favicon() -> Response {
    let mut response = FAVICON.into_response();
    let out = response.headers_mut();
    out.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("image/svg+xml"),
    );
    out.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=86400"),
    );
    response
}
