//! Cards' use cases.

pub mod authorizations;
pub mod issuing;

use crate::domain::cards::access::may_manage;
use crate::store::cards::CardRow;
use crate::store::{self, Db};

/// A member of a profile, as a use case about cards sees them.
pub struct Member<'a> {
    pub profile_id: &'a str,
    pub user_id: &'a str,
    pub is_admin: bool,
}

/// The card with this id if the member may see and manage it; none otherwise, so that a card
/// of someone else answers as if it did not exist.
pub async fn managed(
    db: &Db,
    member: &Member<'_>,
    card_id: &str,
) -> Result<Option<CardRow>, sqlx::Error> {
    Ok(store::cards::by_id(db, card_id.trim())
        .await?
        .filter(|card| {
            may_manage(
                &card.profile_id,
                &card.user_id,
                member.profile_id,
                member.user_id,
                member.is_admin,
            )
        }))
}
