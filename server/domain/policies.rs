//! The customer policies a person accepts: the Terms and Conditions and the Privacy policy
//! (SPEC §6: "Policy not accepted on invite login shows a policy error").
//!
//! A person signing up on their own accepts them with the account; an invited colleague joins
//! someone else's company, so they tick them at registration from the invitation link, and when
//! a newer version is published the bank asks again at their next log-in.

use crate::domain::onboarding::kyc::OnboardingFlow;

/// The version in force: the date both policies were last updated. A test keeps it equal to the
/// "updated" date the policy pages show, so a new text cannot go out without asking again.
pub const VERSION: &str = "2026-11-22";

/// The pages the acceptance covers, as the log-in and registration forms link them.
pub const PATHS: [&str; 2] = ["/terms-and-conditions", "/privacy-policy"];

/// Whether a log-in must ask for the current version first: from an invited colleague who has
/// not accepted any yet, and from anyone whose last acceptance is of an older version (a
/// colleague's sign-up flow ends when their checks complete, so the acceptance history, not the
/// flow, is what remembers that they joined this way).
pub fn must_accept(flow: Option<OnboardingFlow>, last_accepted: Option<&str>) -> bool {
    match last_accepted {
        Some(version) => version != VERSION,
        None => flow == Some(OnboardingFlow::UserInvited),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The "updated" date the app gives the policy at `page` (app/src/lib/policies.ts, which
    /// every policy text and the terms-and-policies page read).
    fn updated_of(page: &str) -> String {
        let path = format!("{}/app/src/lib/policies.ts", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        let entry = text
            .split("path: ")
            .find(|entry| entry.starts_with(&format!("\"{page}\"")))
            .unwrap_or_else(|| panic!("{path} lists {page}"));
        let line = entry
            .lines()
            .find_map(|l| l.trim().strip_prefix("updated: \""))
            .unwrap_or_else(|| panic!("{page} has an updated line"));
        line.trim_end_matches(['"', ',']).to_string()
    }

    #[test]
    fn the_version_is_the_date_the_policies_show() {
        let format = time::macros::format_description!("[year]-[month]-[day]");
        let date = time::Date::parse(VERSION, format).unwrap();
        let shown = format!("{} {} {}", date.day(), date.month(), date.year());
        assert_eq!(updated_of("/terms-and-conditions"), shown);
        assert_eq!(updated_of("/privacy-policy"), shown);
    }

    #[test]
    fn invited_colleagues_and_earlier_acceptances_are_asked() {
        use OnboardingFlow::*;
        assert!(must_accept(Some(UserInvited), None));
        assert!(!must_accept(Some(UserInvited), Some(VERSION)));
        assert!(
            must_accept(None, Some("2020-01-01")),
            "a newer version asks again"
        );
        assert!(!must_accept(None, Some(VERSION)));
        assert!(!must_accept(Some(Business), None));
        assert!(!must_accept(Some(Personal), None));
        assert!(!must_accept(None, None));
    }
}
