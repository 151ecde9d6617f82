//! The app's client files, content-hashed, precompressed and embedded at build time.

use std::sync::Arc;

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
    /// The boot script's two lists as script-safe JSON, made once rather than on every page.
    #[serde(skip)]
    boot: BootJson,
}

#[derive(Debug, Default)]
struct BootJson {
    entry: String,
    /// By route set and page: what [`Manifest::chunks`] lists, written as JSON.
    preload: std::sync::RwLock<Preloads>,
}

/// By route set, then by page chunk (`""` for a page without one): two levels, so that a lookup
/// borrows the names instead of building a key.
type Preloads = std::collections::HashMap<String, std::collections::HashMap<String, Arc<str>>>;

impl Manifest {
    pub fn embedded() -> Self {
        let mut manifest: Self =
            serde_json::from_str(embedded::MANIFEST).expect("the build wrote a valid manifest");
        manifest.boot.entry = boot_json(&manifest.entry);
        manifest
    }

    /// The entry's address as the boot script reads it.
    pub fn entry_json(&self) -> &str {
        &self.boot.entry
    }

    /// [`Manifest::chunks`] as the boot script reads it. A page's list depends only on its
    /// route set and page chunk, so each is written once and kept (only for names the manifest
    /// knows, so the store cannot grow past them).
    pub fn preload_json(&self, route_set: &str, page: Option<&str>) -> Arc<str> {
        let page_key = page.unwrap_or("");
        if let Some(json) = self
            .read_preloads()
            .get(route_set)
            .and_then(|pages| pages.get(page_key))
        {
            return json.clone();
        }
        let json: Arc<str> = boot_json(&self.chunks(route_set, page)).into();
        let known = self.route_sets.contains_key(route_set)
            && page.is_none_or(|page| self.pages.contains_key(page));
        if known {
            let mut kept = self.boot.preload.write().unwrap_or_else(|e| e.into_inner());
            kept.entry(route_set.to_string())
                .or_default()
                .insert(page_key.to_string(), json.clone());
        }
        json
    }

    fn read_preloads(&self) -> std::sync::RwLockReadGuard<'_, Preloads> {
        self.boot.preload.read().unwrap_or_else(|e| e.into_inner())
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

/// A value as JSON that is safe inside the boot `<script>`.
fn boot_json(value: &impl serde::Serialize) -> String {
    super::shell::script_json(&serde_json::to_string(value).expect("strings serialise"))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boot_lists_are_written_once_and_kept_only_for_names_the_manifest_knows() {
        let manifest = Manifest::embedded();
        let (page, _) = manifest
            .pages
            .iter()
            .next()
            .expect("the app has lazy pages");
        let set = manifest
            .route_sets
            .keys()
            .next()
            .expect("the app has route sets");
        let made = manifest.preload_json(set, Some(page));
        assert_eq!(&*made, boot_json(&manifest.chunks(set, Some(page))));
        assert!(Arc::ptr_eq(&made, &manifest.preload_json(set, Some(page))));
        assert_eq!(
            &*manifest.preload_json(set, None),
            boot_json(&manifest.chunks(set, None))
        );
        // A name from outside the manifest is answered but not kept.
        let unknown = manifest.preload_json("no-such-set", None);
        assert_eq!(&*unknown, boot_json(&manifest.chunks("no-such-set", None)));
        assert!(!Arc::ptr_eq(
            &unknown,
            &manifest.preload_json("no-such-set", None)
        ));
        let kept: usize = manifest
            .read_preloads()
            .values()
            .map(|pages| pages.len())
            .sum();
        assert_eq!(kept, 2);
        assert_eq!(manifest.entry_json(), format!("\"{}\"", manifest.entry));
    }
}
