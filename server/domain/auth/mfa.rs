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
    /// SPEC §3: what an approval is for; `security_change` is the step-up before a change to
    /// how the person logs in (passkeys, phone, email); `phone_verification` confirms the
    /// number given during onboarding.
    pub enum MfaPurpose {
        Authentication = "authentication",
        Transfer = "transfer",
        CardClosure = "card_closure",
        CardDetails = "card_details",
        SecurityChange = "security_change",
        PhoneVerification = "phone_verification",
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

/// The outcome of one claimed check of a code (the store claims the attempt atomically, with the
/// limit, before the code is compared): `attempts` counts this check.
pub fn judge(attempts: i64, code_matches: bool) -> Check {
    if code_matches {
        Check::Accepted
    } else {
        Check::Wrong {
            attempts,
            failed: attempts >= MAX_WRONG,
        }
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
            effective(Status::stored("bogus"), i64::MAX, 0),
            Status::Failed
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
    fn a_right_code_is_accepted_and_the_fifth_wrong_one_fails_the_request() {
        assert_eq!(judge(1, true), Check::Accepted);
        assert_eq!(judge(5, true), Check::Accepted);
        assert_eq!(
            judge(4, false),
            Check::Wrong {
                attempts: 4,
                failed: false
            }
        );
        assert_eq!(
            judge(5, false),
            Check::Wrong {
                attempts: 5,
                failed: true
            }
        );
    }

    #[test]
    fn pending_requests_expire_on_time() {
        assert_eq!(effective(Status::Pending, 1000, 999), Status::Pending);
        assert_eq!(effective(Status::Pending, 1000, 1000), Status::Expired);
        assert_eq!(effective(Status::Utilized, 1000, 5000), Status::Utilized);
    }
}
