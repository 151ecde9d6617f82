//! Payments' use cases: transfers planned and submitted exactly once, held for a second
//! approval where the profile's rules ask for one, and settled or returned by the scheme job.

pub mod approvals;
pub mod attachments;
pub mod cop_registration;
pub mod fees;
pub mod payee_check;
pub mod rails;
pub mod recipients;
pub mod settlement;
pub mod transfers;

/// The member of a profile who pays or decides, as payments' use cases see them. The API has
/// checked their right to do so.
pub struct Payer<'a> {
    pub profile_id: &'a ProfileId,
    pub user_id: &'a UserId,
    /// The profile's name: what the payee's statement shows as the payer.
    pub name: &'a str,
    /// An Account Owner (never waits for a second approval).
    pub is_admin: bool,
}
use crate::domain::ids::{ProfileId, UserId};
