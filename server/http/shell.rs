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
                manifest.preload_json(hydration.route_set, hydration.page),
            ),
            None => (false, String::new(), "[]".into()),
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
                    entry_json => manifest.entry_json(),
                    preload_json => &*preload,
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
    // this runs for every page). The two searches are vectorised by memchr and each is redone
    // only once its hit is used: `<>&` by one, the line separators' lead byte 0xE2 (also the
    // lead of `€` and `—`, common in a page) by the other. Every hit starts at a char boundary.
    let bytes = raw.as_bytes();
    let next_special =
        |from: usize| memchr::memchr3(b'<', b'>', b'&', &bytes[from..]).map(|i| from + i);
    let next_lead = |from: usize| memchr::memchr(0xE2, &bytes[from..]).map(|i| from + i);
    let mut out = String::with_capacity(raw.len() + 16);
    let (mut special, mut lead) = (next_special(0), next_lead(0));
    let mut start = 0;
    while let Some(at) = special.into_iter().chain(lead).min() {
        let text = match bytes[at] {
            b'<' => "\\u003c",
            b'>' => "\\u003e",
            b'&' => "\\u0026",
            _ => match &bytes[at + 1..] {
                [0x80, 0xA8, ..] => "\\u2028",
                [0x80, 0xA9, ..] => "\\u2029",
                _ => {
                    lead = next_lead(at + 1);
                    continue;
                }
            },
        };
        out.push_str(&raw[start..at]);
        out.push_str(text);
        if bytes[at] == 0xE2 {
            start = at + 3;
            lead = next_lead(start);
        } else {
            start = at + 1;
            special = next_special(start);
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

    proptest::proptest! {
        /// Any text, dense with the characters that matter and their look-alikes, comes out as
        /// a plain character-by-character escape would write it.
        #[test]
        fn script_json_escapes_as_one_character_at_a_time_would(
            parts in proptest::collection::vec(
                proptest::sample::select(vec!["<", ">", "&", "\u{2028}", "\u{2029}", "€", "—", "\u{2027}", "\u{202A}", "a", "ü", "😀", "\\", "\""]),
                0..40,
            )
        ) {
            let raw: String = parts.concat();
            let plain: String = raw.chars().map(|c| match c {
                '<' => "\\u003c".to_string(),
                '>' => "\\u003e".to_string(),
                '&' => "\\u0026".to_string(),
                '\u{2028}' => "\\u2028".to_string(),
                '\u{2029}' => "\\u2029".to_string(),
                c => c.to_string(),
            }).collect();
            proptest::prop_assert_eq!(script_json(&raw), plain);
        }
    }
}
