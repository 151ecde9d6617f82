//! Reviews (SPEC §3 review platforms, §7 POST /v2/users/reviews; issue 31 point 5): after a
//! success that matters (the first transfer received, the first card activated) the person is
//! asked, once in 90 days, to review the bank on Trustpilot, the App Store or Google Play.

crate::domain::named_enum! {
    /// SPEC §3 review platforms.
    pub enum Platform {
        Trustpilot = "trustpilot",
        AppStore = "app_store",
        GooglePlay = "google_play",
    }
}

/// What the bank asks of a person, beside its promos: a review. Its feature entry is `review`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Ask {
    Review,
}

const DAY_MS: i64 = 24 * 60 * 60 * 1000;
/// A success is worth asking about while it is fresh.
pub const FRESH_MS: i64 = 14 * DAY_MS;
/// Asked at most once in this long, whatever the answer.
pub const QUIET_MS: i64 = 90 * DAY_MS;

/// Where the person's first success falls against the fresh window (the last 14 days): the
/// store answers this with two bounded look-ups instead of finding the first success itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SuccessAt {
    /// Before the window: no longer fresh.
    Before,
    /// Within the window, and none before it.
    Since,
}

/// Whether to ask now: the person's first success is fresh, and they were not asked (answered
/// or dismissed) in the last 90 days.
pub fn may_ask(success: Option<SuccessAt>, last_asked_at: Option<i64>, now: i64) -> bool {
    let fresh = success == Some(SuccessAt::Since);
    let quiet = last_asked_at.is_none_or(|at| now - at >= QUIET_MS);
    fresh && quiet
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn asked_after_a_fresh_success_and_at_most_once_in_90_days() {
        let now = 1_000 * DAY_MS;
        let fresh = Some(SuccessAt::Since);
        assert!(!may_ask(None, None, now), "nothing to celebrate");
        assert!(may_ask(fresh, None, now));
        assert!(!may_ask(Some(SuccessAt::Before), None, now), "too long ago");
        assert!(!may_ask(fresh, Some(now - 89 * DAY_MS), now));
        assert!(may_ask(fresh, Some(now - 90 * DAY_MS), now));
    }

    #[test]
    fn platforms_are_specs() {
        let names: Vec<_> = Platform::ALL.iter().map(|p| p.as_str()).collect();
        assert_eq!(names, ["trustpilot", "app_store", "google_play"]);
    }
}
