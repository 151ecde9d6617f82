//! Onboarding's use cases.

pub mod card_payments;
pub mod fee;
pub mod identity;
pub mod phone;
pub mod review;
pub mod steps;
pub mod wizard;

use crate::domain::ids::UserId;
use crate::store::{self, Db};

pub use crate::store::users::UserRow;

/// The person as onboarding sees them: status, flow, email.
pub async fn person(db: &Db, user_id: &UserId) -> Result<Option<UserRow>, sqlx::Error> {
    store::users::by_id(db, user_id).await
}
