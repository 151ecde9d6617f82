//! robots.txt and sitemap.xml for the public pages.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;

use super::{static_pages, AppState};

/// The pages a search engine may index: the start page, sign-up, log-in, and the policies.
const ENTRY_PAGES: [&str; 3] = ["/", "/login", "/onboarding/user"];

/// robots.txt, made once per configuration and served with its ETag.
pub async fn robots(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let cached = state.static_pages.get("/robots.txt").unwrap_or_else(|| {
        let body = format!(
            "User-agent: *\nAllow: /\nDisallow: /v1/\nDisallow: /v2/\nDisallow: /acs\n\nSitemap: {}/sitemap.xml\n",
            state.config.base_url
        );
        state
            .static_pages
            .keep("/robots.txt", "text/plain; charset=utf-8", body)
    });
    static_pages::answer(&cached, &headers)
}

/// sitemap.xml, made once per configuration and served with its ETag.
pub async fn sitemap(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let cached = state.static_pages.get("/sitemap.xml").unwrap_or_else(|| {
        state.static_pages.keep(
            "/sitemap.xml",
            "application/xml; charset=utf-8",
            sitemap_body(&state.config.base_url),
        )
    });
    static_pages::answer(&cached, &headers)
}

fn sitemap_body(base_url: &str) -> String {
    let mut body = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for page in ENTRY_PAGES.iter().chain(static_pages::POLICY_PATHS.iter()) {
        body.push_str(&format!(
            "  <url><loc>{}{}</loc></url>\n",
            xml_escape(base_url),
            page
        ));
    }
    body.push_str("</urlset>\n");
    body
}

fn xml_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
