//! What the back office's audit log records (issue 32 point 1): every action a member of staff
//! takes and every customer record they look at, named `area.what_happened` as the customers'
//! log is, in one closed list.

crate::domain::audit::events! {
    StaffAction {
        StaffAdded = "staff.added",
        StaffEnrolled = "staff.enrolled",
        LoggedIn = "staff.logged_in",
        LoginFailed = "staff.login_failed",
        LoggedOut = "staff.logged_out",
        QueueViewed = "queue.viewed",
        CustomerViewed = "customer.viewed",
        CustomersSearched = "customer.searched",
        CustomerRestricted = "customer.restricted",
        RestrictionLifted = "customer.restriction_lifted",
        SessionsEnded = "customer.sessions_ended",
        FlagChanged = "flag.changed",
        InboxTaken = "inbox.taken",
        InboxAnswered = "inbox.answered",
        InboxClosed = "inbox.closed",
        ProposalMade = "proposal.made",
        ProposalApproved = "proposal.approved",
        ProposalRejected = "proposal.rejected",
        KybDecided = "kyb.decided",
        SuspenseMatched = "suspense.matched",
        SuspenseReturned = "suspense.returned",
        InvoicePaymentMatched = "invoice_payment.matched",
        PromoStarted = "promo.started",
        PromoEnded = "promo.ended",
        EventQueued = "event.queued",
        StaffDisabled = "staff.disabled",
        LimitChanged = "limit.changed",
        FeeChanged = "fee.changed",
    }
}

/// Why a customer record was opened from a queue: the queue's own purpose.
pub const KYB_REVIEW: &str = "KYB review";

#[cfg(test)]
mod tests {
    #[test]
    fn every_action_is_named_area_dot_what_happened() {
        for action in super::StaffAction::ALL {
            let name = action.as_str();
            let (area, what) = name.split_once('.').expect(name);
            assert!(!area.is_empty() && !what.is_empty(), "{name}");
        }
    }
}
