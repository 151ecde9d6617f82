//! Identity checks that need a look (issue 32 point 3): the provider decides each check, but a
//! check that has waited at the provider too long, a person stuck asked for a new photo, and a
//! final refusal are compliance's to look at (chase the provider, help the person, confirm).

use crate::domain::onboarding::review::Review;

/// A check with the provider for more than an hour has stalled.
pub const STALLED_MS: i64 = 60 * 60 * 1000;
/// Asked for a new photo three days ago and nothing since: the person needs help.
pub const STUCK_MS: i64 = 3 * 24 * 60 * 60 * 1000;
/// Refusals are looked at for a month.
pub const REFUSED_LOOK_BACK_MS: i64 = 30 * 24 * 60 * 60 * 1000;

crate::domain::named_enum! {
    /// Why a check needs a look.
    pub enum LookReason {
        /// Submitted, and the provider has not answered within the hour.
        Stalled = "stalled",
        /// Asked for a new photo days ago, and nothing since.
        Stuck = "stuck",
        /// Refused for good: confirm and close the case.
        Refused = "refused",
    }
}

/// Why the check as last reviewed at `updated_at` needs a look at `now`, if it does.
pub fn needs_a_look(review: Review, updated_at: i64, now: i64) -> Option<LookReason> {
    let age = now - updated_at;
    match review {
        Review::Submitted if age >= STALLED_MS => Some(LookReason::Stalled),
        Review::Retry if age >= STUCK_MS => Some(LookReason::Stuck),
        Review::Rejected if age < REFUSED_LOOK_BACK_MS => Some(LookReason::Refused),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stalled_stuck_and_refused_checks_need_a_look_approved_ones_never() {
        let hour = STALLED_MS;
        assert_eq!(needs_a_look(Review::Submitted, 0, hour - 1), None);
        assert_eq!(
            needs_a_look(Review::Submitted, 0, hour),
            Some(LookReason::Stalled)
        );
        assert_eq!(needs_a_look(Review::Retry, 0, hour), None);
        assert_eq!(
            needs_a_look(Review::Retry, 0, STUCK_MS),
            Some(LookReason::Stuck)
        );
        assert_eq!(
            needs_a_look(Review::Rejected, 0, 1),
            Some(LookReason::Refused)
        );
        assert_eq!(
            needs_a_look(Review::Rejected, 0, REFUSED_LOOK_BACK_MS),
            None
        );
        assert_eq!(needs_a_look(Review::Approved, 0, STUCK_MS), None);
    }
}
