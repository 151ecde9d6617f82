//! Desktop or mobile (DESIGN.md §2 step 2): an explicit cookie, else the `Sec-CH-UA-Mobile`
//! client hint, else the User-Agent.

use axum::http::{header, HeaderMap};

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Layout {
    Desktop,
    Mobile,
}

pub const COOKIE: &str = "layout";

pub fn choose(headers: &HeaderMap) -> Layout {
    if let Some(layout) = cookie_value(headers, COOKIE).and_then(|v| match v {
        "desktop" => Some(Layout::Desktop),
        "mobile" => Some(Layout::Mobile),
        _ => None,
    }) {
        return layout;
    }
    if let Some(hint) = headers
        .get("sec-ch-ua-mobile")
        .and_then(|v| v.to_str().ok())
    {
        return if hint.trim() == "?1" {
            Layout::Mobile
        } else {
            Layout::Desktop
        };
    }
    let agent = headers
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let mobile = ["Mobi", "Android", "iPhone", "iPod", "Windows Phone"]
        .iter()
        .any(|m| agent.contains(m));
    if mobile {
        Layout::Mobile
    } else {
        Layout::Desktop
    }
}

/// SPEC §1 mobileFunctionality: while it is off, phones get the desktop layout.
pub fn allowed(layout: Layout, features: &[crate::api::engagement::FeatureEntry]) -> Layout {
    use crate::api::engagement::{FeatureName, FeatureState};
    use crate::domain::engagement::features::Flag;
    let mobile_off = features.iter().any(|f| {
        f.name == FeatureName::Flag(Flag::MobileFunctionality) && f.state == FeatureState::Off
    });
    if mobile_off {
        Layout::Desktop
    } else {
        layout
    }
}

pub fn cookie_value<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    crate::api::session_cookies::read(headers, name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (k, v) in pairs {
            map.append(
                axum::http::HeaderName::from_bytes(k.as_bytes()).unwrap(),
                v.parse().unwrap(),
            );
        }
        map
    }

    const IPHONE: &str =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";

    #[test]
    fn the_cookie_wins_then_the_client_hint_then_the_user_agent() {
        assert_eq!(
            choose(&headers(&[
                ("cookie", "a=b; layout=desktop"),
                ("user-agent", IPHONE)
            ])),
            Layout::Desktop
        );
        assert_eq!(
            choose(&headers(&[("sec-ch-ua-mobile", "?1")])),
            Layout::Mobile
        );
        assert_eq!(
            choose(&headers(&[
                ("sec-ch-ua-mobile", "?0"),
                ("user-agent", IPHONE)
            ])),
            Layout::Desktop
        );
        assert_eq!(choose(&headers(&[("user-agent", IPHONE)])), Layout::Mobile);
        assert_eq!(
            choose(&headers(&[("cookie", "layout=tablet")])),
            Layout::Desktop
        );
        assert_eq!(choose(&HeaderMap::new()), Layout::Desktop);
    }
}
