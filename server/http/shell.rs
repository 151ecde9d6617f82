//! The HTML document around a rendered page (minijinja), compiled once at start.

use minijinja::{context, Environment};

use super::assets::Manifest;

pub struct Shell {
    env: Environment<'static>,
}

pub struct Page<'a> {
    pub title: &'a str,
    pub description: &'a str,
    pub canonical: &'a str,
    pub body: &'a str,
    pub nonce: &'a str,
    /// The page state for hydration, with the route set and the page chunk the render names;
    /// `None` sends the page without any script.
    pub state: Option<Hydration<'a>>,
    /// A sandbox bank says so on every page.
    pub sandbox: bool,
}

pub struct Hydration<'a> {
    pub state: &'a serde_json::value::RawValue,
    pub route_set: &'a str,
    pub page: Option<&'a str>,
}

impl Shell {
    pub fn new() -> Self {
        let mut env = Environment::new();
        env.add_template("shell.html", include_str!("shell.html"))
            .expect("the shell template parses");
        Self { env }
    }

    pub fn render(&self, manifest: &Manifest, trading_name: &str, page: Page<'_>) -> String {
        let (hydrate, state, preload) = match page.state {
            Some(hydration) => (
                true,
                script_json(hydration.state.get()),
                manifest.chunks(hydration.route_set, hydration.page),
            ),
            None => (false, String::new(), Vec::new()),
        };
        self.env
            .get_template("shell.html")
            .and_then(|t| {
                t.render(context! {
                    title => page.title,
                    description => page.description,
                    canonical => page.canonical,
                    trading_name,
                    css => manifest.css,
                    entry_json => script_json(&serde_json::Value::from(manifest.entry.as_str()).to_string()),
                    preload_json => script_json(&serde_json::Value::from(preload).to_string()),
                    body => page.body,
                    nonce => page.nonce,
                    hydrate,
                    state,
                    sandbox => page.sandbox,
                })
            })
            .expect("the shell renders")
    }
}

impl Default for Shell {
    fn default() -> Self {
        Self::new()
    }
}

/// JSON that is safe inside a `<script>` element: no `</script>`, `<!--` or line separators
/// in user data can end the element or change how it is parsed.
pub fn script_json(raw: &str) -> String {
    // Copies the runs between the few characters to escape (a page's state is tens of KiB and
    // this runs for every page): each escaped character starts at a char boundary.
    let bytes = raw.as_bytes();
    let mut out = String::with_capacity(raw.len() + 16);
    let (mut start, mut at) = (0, 0);
    while at < bytes.len() {
        let escape = match bytes[at] {
            b'<' => Some(("\\u003c", 1)),
            b'>' => Some(("\\u003e", 1)),
            b'&' => Some(("\\u0026", 1)),
            0xE2 if bytes[at + 1..].starts_with(&[0x80, 0xA8]) => Some(("\\u2028", 3)),
            0xE2 if bytes[at + 1..].starts_with(&[0x80, 0xA9]) => Some(("\\u2029", 3)),
            _ => None,
        };
        match escape {
            Some((text, len)) => {
                out.push_str(&raw[start..at]);
                out.push_str(text);
                at += len;
                start = at;
            }
            None => at += 1,
        }
    }
    out.push_str(&raw[start..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_json_cannot_break_out_and_reads_back_the_same() {
        let value = serde_json::json!({"name": "</script><script>alert(1)</script><!-- & \u{2028}\u{2029} € — ünï 😀 >"});
        let text = script_json(&value.to_string());
        assert!(!text.contains("</script"));
        assert!(!text.contains("<!--"));
        assert!(!text.contains('\u{2028}') && !text.contains('\u{2029}'));
        // Other characters that start with the same byte as the separators pass unchanged.
        assert!(text.contains("€ — ünï 😀"));
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&text).unwrap(),
            value
        );
    }
}
