//! Banking rules, free of HTTP and SQL. One folder per area, named as in DESIGN.md §1.

/// A closed set of names as SPEC writes them (statuses, roles, flows, methods): serialised as
/// those names, described in the OpenAPI document as an enum, and parsed without a fallback, so
/// an unknown value is refused at the edge and never mistaken for a known one.
macro_rules! named_enum {
    ($(#[$meta:meta])* $vis:vis enum $name:ident { $($variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, Hash,
            serde::Serialize, serde::Deserialize, utoipa::ToSchema,
        )]
        $vis enum $name {
            $( #[serde(rename = $text)] $variant ),+
        }

        impl $name {
            pub const ALL: &'static [Self] = &[$(Self::$variant),+];

            pub fn as_str(self) -> &'static str {
                match self {
                    $(Self::$variant => $text),+
                }
            }

            pub fn parse(text: &str) -> Option<Self> {
                match text {
                    $($text => Some(Self::$variant),)+
                    _ => None,
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}
pub(crate) use named_enum;
pub mod accounts;
pub mod auth;
pub mod engagement;
pub mod london;
pub mod onboarding;
pub mod paging;
pub mod profiles;
