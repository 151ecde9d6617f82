//! Promos for a person (SPEC §3 feature entries in state toNotify, seen or dismissed), what they
//! did with one, and the operator's campaigns (`bank promos`).

use crate::domain::accounts::money::Currency;
use crate::domain::engagement::promos::{self, Campaign, Facts, Promo, PromoState};
use crate::domain::ids::UserId;
use crate::domain::profiles::access::{ProfileType, Role};
use crate::store::{self, Db};

/// The signed-in person whose entries are asked for, with their selected profile.
pub struct Person<'a> {
    pub user_id: &'a UserId,
    pub profile_id: Option<&'a str>,
    pub profile_type: Option<ProfileType>,
    pub role: Role,
    pub primary_currency: Option<Currency>,
}

pub async fn entries(
    db: &Db,
    person: &Person<'_>,
    support_hours_on: bool,
) -> Result<Vec<(Promo, PromoState)>, sqlx::Error> {
    let now = db.now_ms();
    let campaigns = store::promos::running(db, now).await?;
    if campaigns.is_empty() && !support_hours_on {
        return Ok(Vec::new());
    }
    let has_card = match person.profile_id {
        Some(profile) => store::promos::profile_has_card(db, profile).await?,
        None => false,
    };
    let facts = Facts {
        profile_type: person.profile_type,
        role: person.role,
        primary_currency: person.primary_currency,
        has_card,
    };
    let views = store::promos::views(db, person.user_id).await?;
    Ok(promos::entries(
        &campaigns,
        &facts,
        &views,
        support_hours_on,
        now,
    ))
}

#[derive(Debug, PartialEq, Eq)]
pub enum RecordError {
    /// Only seen and dismissed are a person's to record.
    NotAnAnswer,
}

/// The person saw or dismissed a promo: it is not shown to them again.
pub async fn record(
    db: &Db,
    user_id: &UserId,
    promo: Promo,
    state: PromoState,
) -> Result<Result<(), RecordError>, sqlx::Error> {
    if state == PromoState::ToNotify {
        return Ok(Err(RecordError::NotAnAnswer));
    }
    store::promos::record_view(db, user_id, promo, state, db.now_ms()).await?;
    Ok(Ok(()))
}

/// Starts (or replaces) a campaign: the operator's `bank promos add`.
pub async fn start(db: &Db, campaign: &Campaign) -> Result<(), sqlx::Error> {
    store::promos::put(db, campaign).await
}

/// Ends a running campaign now: the operator's `bank promos end`.
pub async fn end(db: &Db, promo: Promo) -> Result<bool, sqlx::Error> {
    store::promos::end(db, promo, db.now_ms()).await
}

pub async fn campaigns(db: &Db) -> Result<Vec<Campaign>, sqlx::Error> {
    store::promos::all(db).await
}
