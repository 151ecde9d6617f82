//! robots.txt and sitemap.xml for the public pages.

use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;

use super::AppState;

/// The pages a search engine may index: the start page, sign-up, log-in and the policies.
pub const PUBLIC_PAGES: [&str; 10] = [
    "/",
    "/login",
    "/onboarding/user",
    "/terms-and-conditions",
    "/privacy-policy",
    "/deposit-withdrawal-policy",
    "/corporate-card-terms-of-use",
    "/consumer-card-terms-of-use",
    "/card-holder-privacy-policy",
    "/complaint-policy",
];

pub async fn robots(State(state): State<AppState>) -> impl IntoResponse {
    let body = format!(
        "User-agent: *\nAllow: /\nDisallow: /v1/\nDisallow: /v2/\nDisallow: /acs\n\nSitemap: {}/sitemap.xml\n",
        state.config.base_url
    );
    (
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        body,
    )
}

pub async fn sitemap(State(state): State<AppState>) -> impl IntoResponse {
    let mut body = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for page in PUBLIC_PAGES {
        body.push_str(&format!(
            "  <url><loc>{}{}</loc></url>\n",
            xml_escape(&state.config.base_url),
            page
        ));
    }
    body.push_str("</urlset>\n");
    (
        [
            (header::CONTENT_TYPE, "application/xml; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        body,
    )
}

fn xml_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
