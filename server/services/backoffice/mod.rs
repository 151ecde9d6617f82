//! The back office's use cases (issue 32): staff and their sign-in, the queues, and the audit
//! log every one of them writes to.

pub mod content;
pub mod customers;
pub mod flags;
pub mod health;
pub mod identity;
pub mod inbox;
pub mod kyb;
pub mod payments;
pub mod proposals;
pub mod staff;

use crate::domain::backoffice::audit::StaffAction;
use crate::domain::backoffice::staff::StaffMember;
use crate::store::{self, Db};

/// Who acted, from where: every back-office use case takes one and logs it.
pub struct Actor<'a> {
    pub member: &'a StaffMember,
    pub ip: &'a str,
}

impl<'a> Actor<'a> {
    /// The audit log's entry of something this member did.
    pub fn entry(
        &'a self,
        action: StaffAction,
        subject: Option<&'a str>,
        reason: &'a str,
        detail: &'a str,
    ) -> store::staff_audit::Entry<'a> {
        store::staff_audit::Entry {
            staff_id: Some(&self.member.id),
            action,
            subject,
            reason,
            detail,
            ip: self.ip,
        }
    }
}

/// Logs what a member of staff looked at or did outside a transaction of its own.
pub async fn audit(
    db: &Db,
    actor: &Actor<'_>,
    action: StaffAction,
    subject: Option<&str>,
    reason: &str,
    detail: &str,
) -> Result<(), sqlx::Error> {
    store::staff_audit::record(db, &actor.entry(action, subject, reason, detail)).await
}
