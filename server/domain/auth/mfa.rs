//! A second-factor request's life (SPEC §4 "MFA request status"): pending until the right code
//! arrives in time; five wrong codes fail it; after 120 seconds it has expired.

pub const LIFETIME_MS: i64 = 120_000;
pub const MAX_WRONG: i64 = 5;

crate::domain::named_enum! {
    /// SPEC §4 "MFA request status".
    pub enum MfaStatus {
        Pending = "pending",
        Verified = "verified",
        Utilized = "utilized",
        Failed = "failed",
        Expired = "expired",
        Declined = "declined",
    }
}

crate::domain::named_enum! {
    /// SPEC §3 MFA methods: a texted code, or the face method (a passkey).
    pub enum MfaMethod {
        Sms = "sms",
        ChallengeProxied = "challenge_proxied",
    }
}

crate::domain::named_enum! {
    /// SPEC §3: what an approval is for.
    pub enum MfaPurpose {
        Authentication = "authentication",
        Transfer = "transfer",
        CardClosure = "card_closure",
        CardDetails = "card_details",
    }
}

pub type Status = MfaStatus;
pub type Method = MfaMethod;
pub type Purpose = MfaPurpose;

impl Status {
    /// A stored status as the rules must treat it: one this code does not know (a newer
    /// version's, or a damaged row) is failed, never a live request.
    pub fn stored(value: &str) -> Self {
        Self::parse(value).unwrap_or_else(|| {
            tracing::error!(
                status = value,
                "unknown stored request status, treated as failed"
            );
            Self::Failed
        })
    }
}

/// The status a reader should see: a pending request past its time has expired.
pub fn effective(status: Status, expires_at: i64, now: i64) -> Status {
    if status == Status::Pending && now >= expires_at {
        Status::Expired
    } else {
        status
    }
}

#[derive(Debug, PartialEq, Eq)]
pub enum Check {
    /// The right code, in time: the request is used up.
    Accepted,
    /// A wrong code; `attempts` now counted, and the request failed when they reach the limit.
    Wrong { attempts: i64, failed: bool },
    /// Not pending any more: expired, failed, or already used.
    Closed(Status),
}

pub fn check(
    status: Status,
    expires_at: i64,
    attempts: i64,
    code_matches: bool,
    now: i64,
) -> Check {
    match effective(status, expires_at, now) {
        Status::Pending if code_matches => Check::Accepted,
        Status::Pending => {
            let attempts = attempts + 1;
            Check::Wrong {
                attempts,
                failed: attempts >= MAX_WRONG,
            }
        }
        closed => Check::Closed(closed),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_stored_statuses_fail_closed() {
        assert_eq!(Status::parse("pending"), Some(Status::Pending));
        assert_eq!(Status::parse("PENDING"), None);
        assert_eq!(Status::stored("live"), Status::Failed);
        assert_eq!(Status::stored(""), Status::Failed);
        assert_eq!(
            check(Status::stored("bogus"), i64::MAX, 0, true, 0),
            Check::Closed(Status::Failed)
        );
        for status in [
            Status::Pending,
            Status::Verified,
            Status::Utilized,
            Status::Failed,
            Status::Expired,
            Status::Declined,
        ] {
            assert_eq!(Status::stored(status.as_str()), status);
        }
    }

    #[test]
    fn a_right_code_in_time_is_accepted_once() {
        assert_eq!(check(Status::Pending, 1000, 0, true, 999), Check::Accepted);
        assert_eq!(
            check(Status::Utilized, 1000, 0, true, 999),
            Check::Closed(Status::Utilized)
        );
    }

    #[test]
    fn codes_expire_and_wrong_ones_are_counted_to_five() {
        assert_eq!(
            check(Status::Pending, 1000, 0, true, 1000),
            Check::Closed(Status::Expired)
        );
        assert_eq!(
            check(Status::Pending, 1000, 3, false, 0),
            Check::Wrong {
                attempts: 4,
                failed: false
            }
        );
        assert_eq!(
            check(Status::Pending, 1000, 4, false, 0),
            Check::Wrong {
                attempts: 5,
                failed: true
            }
        );
        assert_eq!(
            check(Status::Failed, 1000, 5, true, 0),
            Check::Closed(Status::Failed)
        );
    }
}
