//! Cards' use cases.

pub mod authorizations;
pub mod details;
pub mod issuing;
pub mod managing;
pub mod ordering;

use crate::domain::cards::access::may_manage;
use crate::domain::ids::{CardId, ProfileId, UserId};
use crate::store::{self, Db};

pub use crate::store::cards::{CardRow, Control};
pub use crate::store::referrals::{ReferralRow, ReferralState};

/// A member of a profile, as a use case about cards sees them.
pub struct Member<'a> {
    pub profile_id: &'a ProfileId,
    pub user_id: &'a UserId,
    pub is_admin: bool,
}

/// The card with this id if the member may see and manage it; none otherwise, so that a card
/// of someone else answers as if it did not exist.
pub async fn managed(
    db: &Db,
    member: &Member<'_>,
    card_id: &CardId,
) -> Result<Option<CardRow>, sqlx::Error> {
    Ok(store::cards::by_id(db, card_id).await?.filter(|card| {
        may_manage(
            &card.profile_id,
            &card.user_id,
            member.profile_id,
            member.user_id,
            member.is_admin,
        )
    }))
}

/// The corporate cards given to `user_id`, newest first, each with the company that gave it,
/// by the companies they still belong to.
pub async fn given_to(db: &Db, user_id: &UserId) -> Result<Vec<(CardRow, String)>, sqlx::Error> {
    let companies = store::profiles::for_user(db, user_id).await?;
    Ok(store::cards::given_to(db, user_id)
        .await?
        .into_iter()
        .filter_map(|card| {
            let company = companies.iter().find(|p| p.id == card.profile_id)?;
            let name = company.name.clone();
            Some((card, name))
        })
        .collect())
}

/// A corporate card given to `user_id`, found by its id; none for any other card.
pub async fn given(
    db: &Db,
    user_id: &UserId,
    card_id: &CardId,
) -> Result<Option<CardRow>, sqlx::Error> {
    Ok(given_to(db, user_id)
        .await?
        .into_iter()
        .map(|(card, _)| card)
        .find(|card| card.id == card_id))
}

/// The member's referral code (made on first ask) and the friends who used it.
pub async fn referrals(
    db: &Db,
    user_id: &UserId,
) -> Result<(String, Vec<ReferralRow>), sqlx::Error> {
    let code = store::referrals::code_of(db, user_id, db.now_ms()).await?;
    let referrals =
        store::referrals::of_referrer(db, user_id, store::referrals::Programme::Card).await?;
    Ok((code, referrals))
}
