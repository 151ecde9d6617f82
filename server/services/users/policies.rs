//! The person's policy acceptances (domain/policies.rs), for terms-and-policies.

use crate::domain::ids::UserId;
use crate::store::{self, Db};

/// Every version the person accepted, newest first, with when (ms since the epoch).
pub async fn accepted(db: &Db, user_id: &UserId) -> Result<Vec<(String, i64)>, sqlx::Error> {
    store::policy_acceptances::history(db, user_id).await
}
