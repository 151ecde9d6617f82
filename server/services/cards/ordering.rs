//! The member's own cards, where cards are sent, and ordering a card (SPEC §2 card order
//! condition and shipping address choice). A card starts in `draft`; the delivery job moves it
//! on.

use super::issuing;
use crate::config::Config;
use crate::domain::audit::AuditEvent;
use crate::domain::cards::embossing::embossed;
use crate::domain::cards::shipping::{self, ShippingAddress, ShippingType};
use crate::domain::cards::status::{order_condition, CardStatus, OrderCondition};
use crate::domain::engagement::events::SystemEvent;
use crate::domain::ids::{ProfileId, UserId};
use crate::domain::profiles::access::ProfileType;
use crate::store::cards::{CardRow, CreateError};
use crate::store::{self, Db};

/// The member who orders, and whose addresses the bank knows.
pub struct Orderer<'a> {
    pub profile_id: &'a ProfileId,
    pub user_id: &'a UserId,
    pub kind: ProfileType,
    /// Holders of a corporate card who load no accounts were given a card; they order none.
    pub may_hold_own_card: bool,
    pub ip: &'a str,
}

/// The profile's cards, newest first; with `holder`, only that person's.
pub async fn cards(
    db: &Db,
    profile_id: &ProfileId,
    holder: Option<&str>,
) -> Result<Vec<CardRow>, sqlx::Error> {
    store::cards::for_profile(db, profile_id, holder).await
}

/// The orderer's SPEC §3 `cardOrderCondition`: a live card of their own blocks another order.
pub async fn condition(db: &Db, who: &Orderer<'_>) -> Result<OrderCondition, sqlx::Error> {
    let statuses: Vec<CardStatus> = cards(db, who.profile_id, Some(who.user_id))
        .await?
        .iter()
        .filter(|c| !c.is_corporate)
        .map(|c| c.status)
        .collect();
    Ok(order_condition(who.may_hold_own_card, &statuses))
}

/// The registered and trading addresses the bank knows for the profile: a company's from its
/// onboarding, a private customer's home.
pub async fn known_addresses(
    db: &Db,
    profile_id: &ProfileId,
    kind: ProfileType,
    user_id: &UserId,
) -> Result<Vec<(ShippingType, ShippingAddress)>, sqlx::Error> {
    if kind == ProfileType::Business {
        return Ok(store::onboardings::by_profile(db, profile_id)
            .await?
            .map(|onboarding| shipping::of_business(&onboarding.data))
            .unwrap_or_default());
    }
    let Some(person) = store::users::details(db, user_id).await? else {
        return Ok(Vec::new());
    };
    let text = |v: &Option<String>| v.clone().unwrap_or_default();
    Ok(shipping::of_person(
        &text(&person.building_number),
        &text(&person.address1),
        &text(&person.city),
        &text(&person.postcode),
        &text(&person.country),
    )
    .map(|home| vec![(ShippingType::Registered, home)])
    .unwrap_or_default())
}

/// The addresses to choose from, the profile's choice and where cards go now.
pub struct Shipping {
    pub known: Vec<(ShippingType, ShippingAddress)>,
    pub choice: Option<ShippingType>,
    pub chosen: Option<ShippingAddress>,
}

pub async fn shipping(db: &Db, who: &Orderer<'_>) -> Result<Shipping, sqlx::Error> {
    let known = known_addresses(db, who.profile_id, who.kind, who.user_id).await?;
    let stored = store::cards::shipping_choice(db, who.profile_id).await?;
    let choice = stored.as_ref().map(|(kind, _)| *kind);
    let chosen = match stored {
        Some((ShippingType::Other, address)) => address,
        Some((kind, _)) => known
            .iter()
            .find(|(k, _)| *k == kind)
            .map(|(_, a)| a.clone()),
        None => None,
    };
    Ok(Shipping {
        known,
        choice,
        chosen,
    })
}

#[derive(Debug, thiserror::Error)]
pub enum ShippingError {
    /// A registered or trading address the bank does not know for the profile yet.
    #[error("this address is not known yet")]
    Unknown,
    #[error(transparent)]
    Storage(#[from] sqlx::Error),
}

/// Chooses where the profile's cards go: a known address, or `other` (checked by the caller).
pub async fn choose(
    db: &Db,
    who: &Orderer<'_>,
    kind: ShippingType,
    other: Option<&ShippingAddress>,
) -> Result<(), ShippingError> {
    if kind != ShippingType::Other
        && !known_addresses(db, who.profile_id, who.kind, who.user_id)
            .await?
            .iter()
            .any(|(k, _)| *k == kind)
    {
        return Err(ShippingError::Unknown);
    }
    let other = other.filter(|_| kind == ShippingType::Other);
    store::cards::set_shipping_choice(db, who.profile_id, kind, other).await?;
    // The person has said where cards go, here or in the event that asked them to.
    crate::services::engagement::events::answered(
        db,
        who.user_id,
        who.profile_id.as_str(),
        SystemEvent::CardShippingAddress,
    )
    .await?;
    Ok(())
}

#[derive(Debug, thiserror::Error)]
pub enum OrderError {
    /// A live card of the orderer's own, or they are not one to order (SPEC §3 condition).
    #[error("a card is live already")]
    NotNow,
    #[error("no shipping address is chosen")]
    NoAddress,
    #[error("no person details")]
    NoPerson,
    #[error(transparent)]
    Issue(#[from] issuing::IssueError),
    #[error(transparent)]
    Storage(#[from] sqlx::Error),
}

/// A card for the orderer, spending from the profile's primary GBP account, sent to the chosen
/// address. Two orders that race make one card: the store refuses a second live card.
pub async fn order(db: &Db, config: &Config, who: &Orderer<'_>) -> Result<CardRow, OrderError> {
    if !condition(db, who).await?.may_order() {
        return Err(OrderError::NotNow);
    }
    let account = issuing::card_account(db, who.profile_id).await?;
    let address = shipping(db, who)
        .await?
        .chosen
        .ok_or(OrderError::NoAddress)?;
    let person = store::users::details(db, who.user_id)
        .await?
        .ok_or(OrderError::NoPerson)?;
    let holder_name = embossed(&format!("{} {}", person.name, person.surname));
    let now = db.now_ms();
    let mut tries = 0;
    let id = loop {
        let drawn = issuing::draw(config, now);
        let card = drawn.card(&issuing::Holder {
            profile_id: who.profile_id,
            user_id: who.user_id,
            bank_account_id: &account.id,
            name: &holder_name,
            is_corporate: false,
            shipping_address: &address,
        });
        match store::cards::create(db, &card, now).await {
            Ok(id) => break id,
            Err(CreateError::LiveCard) => {
                // Either a concurrent order won, or the number repeated.
                if !condition(db, who).await?.may_order() || tries >= 3 {
                    return Err(OrderError::NotNow);
                }
                tries += 1;
            }
            Err(CreateError::Sql(error)) => return Err(error.into()),
        }
    };
    let card = store::cards::by_id(db, &id)
        .await?
        .ok_or(OrderError::NotNow)?;
    store::audit::record(
        db,
        Some(who.user_id),
        AuditEvent::CardOrdered,
        who.ip,
        &format!("card {id} on profile {}", who.profile_id),
    )
    .await?;
    Ok(card)
}
