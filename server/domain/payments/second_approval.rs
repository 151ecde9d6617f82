//! Second approvals (issue 13 point 6, beyond SPEC): an Account Owner sets a threshold per
//! currency; above it a transfer made by anyone but an Account Owner waits, its money held, for
//! another member to approve or reject it. No one approves their own transfer.

crate::domain::named_enum! {
    /// A waiting transfer's state: it is decided once.
    pub enum RequestState {
        Waiting = "waiting",
        Approved = "approved",
        Rejected = "rejected",
    }
}

/// Whether a transfer of `amount` (minor units) made by this member waits for a second approval.
pub fn must_wait(maker_is_admin: bool, threshold: Option<i64>, amount: i64) -> bool {
    !maker_is_admin && threshold.is_some_and(|t| amount > t)
}

/// Whether `member` may approve a transfer that `maker` made.
pub fn may_approve(maker: &str, member: &str) -> bool {
    maker != member
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn above_the_threshold_only_account_owners_pay_at_once() {
        assert!(must_wait(false, Some(10_000), 10_001));
        assert!(!must_wait(false, Some(10_000), 10_000));
        assert!(!must_wait(true, Some(10_000), 100_000));
        assert!(!must_wait(false, None, 100_000_000));
    }

    #[test]
    fn no_one_approves_their_own_transfer() {
        assert!(!may_approve("u1", "u1"));
        assert!(may_approve("u1", "u2"));
    }
}
