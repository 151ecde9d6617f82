//! The identity step's agreement: the person agrees to the identity check before the provider's
//! widget opens for them.

use crate::domain::ids::UserId;
use crate::store::{self, Db};

pub async fn agree(db: &Db, user_id: &UserId) -> Result<(), sqlx::Error> {
    store::identity_checks::agree(db, user_id, db.now_ms()).await
}

pub async fn agreed(db: &Db, user_id: &UserId) -> Result<bool, sqlx::Error> {
    store::identity_checks::agreed(db, user_id).await
}
