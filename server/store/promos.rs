//! Promo campaigns and where each person stands with them (migration 20261210000008).

use super::{named, Db};
use crate::domain::accounts::money::Currency;
use crate::domain::engagement::promos::{Audience, Campaign, Promo, PromoState, View};
use crate::domain::ids::UserId;
use crate::domain::profiles::access::{ProfileType, Role};

type CampaignRow = (
    String,
    Option<String>,
    String,
    Option<String>,
    Option<i64>,
    i64,
    Option<i64>,
);

fn campaign(row: CampaignRow) -> Result<Campaign, sqlx::Error> {
    let (name, profile_type, roles, currency, has_card, starts_at, ends_at) = row;
    Ok(Campaign {
        promo: named::<Promo>("name", &name)?,
        audience: Audience {
            profile_type: profile_type
                .filter(|t| !t.is_empty())
                .map(|t| named::<ProfileType>("profile_type", &t))
                .transpose()?,
            roles: roles
                .split(',')
                .filter(|r| !r.is_empty())
                .map(|r| named::<Role>("roles", r))
                .collect::<Result<_, _>>()?,
            primary_currency: currency
                .filter(|c| !c.is_empty())
                .map(|c| named::<Currency>("primary_currency", &c))
                .transpose()?,
            has_card: has_card.map(|v| v != 0),
        },
        starts_at,
        ends_at,
    })
}

const COLUMNS: &str = "name, profile_type, roles, primary_currency, has_card, starts_at, ends_at";

/// Every campaign, running or not, by name.
pub async fn all(db: &Db) -> Result<Vec<Campaign>, sqlx::Error> {
    sqlx::query_as::<_, CampaignRow>(&format!("SELECT {COLUMNS} FROM promos ORDER BY name"))
        .fetch_all(&db.pool)
        .await?
        .into_iter()
        .map(campaign)
        .collect()
}

/// The campaigns running at `now` (their audience is checked by the caller). Every signed-in
/// page asks, so the campaigns are read at most once a second per process (`reread.rs`).
pub async fn running(db: &Db, now: i64) -> Result<Vec<Campaign>, sqlx::Error> {
    let campaigns = db.promos.get(|| all(db)).await?;
    Ok(campaigns
        .iter()
        .filter(|c| c.starts_at <= now && c.ends_at.is_none_or(|end| end > now))
        .cloned()
        .collect())
}

/// Starts or replaces the campaign of its promo.
pub async fn put(db: &Db, campaign: &Campaign) -> Result<(), sqlx::Error> {
    let a = &campaign.audience;
    let roles = a
        .roles
        .iter()
        .map(|r| r.as_str())
        .collect::<Vec<_>>()
        .join(",");
    sqlx::query(
        "INSERT INTO promos (name, profile_type, roles, primary_currency, has_card, starts_at, \
         ends_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
         ON CONFLICT (name) DO UPDATE SET profile_type = excluded.profile_type, \
         roles = excluded.roles, primary_currency = excluded.primary_currency, \
         has_card = excluded.has_card, starts_at = excluded.starts_at, ends_at = excluded.ends_at, \
         updated_at = excluded.updated_at",
    )
    .bind(campaign.promo.name())
    .bind(a.profile_type.map(|t| t.as_str()))
    .bind(roles)
    .bind(a.primary_currency.map(Currency::code))
    .bind(a.has_card.map(i64::from))
    .bind(campaign.starts_at)
    .bind(campaign.ends_at)
    .bind(db.now_ms())
    .execute(&db.pool)
    .await?;
    db.promos.forget();
    Ok(())
}

/// Ends a running campaign now; false when there was none running.
pub async fn end(db: &Db, promo: Promo, now: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE promos SET ends_at = $1, updated_at = $1 \
         WHERE name = $2 AND (ends_at IS NULL OR ends_at > $1)",
    )
    .bind(now)
    .bind(promo.name())
    .execute(&db.pool)
    .await?;
    db.promos.forget();
    Ok(done.rows_affected() > 0)
}

/// What the person did with each promo they were shown, and when.
pub async fn views(db: &Db, user_id: &UserId) -> Result<Vec<View>, sqlx::Error> {
    sqlx::query_as::<_, (String, String, i64)>(
        "SELECT name, state, at FROM promo_views WHERE user_id = $1 ORDER BY name",
    )
    .bind(user_id)
    .fetch_all(&db.pool)
    .await?
    .into_iter()
    .map(|(name, state, at)| {
        Ok(View {
            promo: named::<Promo>("name", &name)?,
            state: named::<PromoState>("state", &state)?,
            at,
        })
    })
    .collect()
}

/// Records that the person saw or dismissed a promo. Seen never overwrites dismissed (a late
/// "seen" from another tab does not undo a dismissal).
pub async fn record_view(
    db: &Db,
    user_id: &UserId,
    promo: Promo,
    state: PromoState,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO promo_views (user_id, name, state, at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (user_id, name) DO UPDATE SET state = excluded.state, at = excluded.at \
         WHERE promo_views.state <> 'dismissed'",
    )
    .bind(user_id)
    .bind(promo.name())
    .bind(state.name())
    .bind(now)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// Whether the profile has a card that is not closed (a promo audience's "has a card").
pub async fn profile_has_card(db: &Db, profile_id: &str) -> Result<bool, sqlx::Error> {
    let (count,) = sqlx::query_as::<_, (i64,)>(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM cards WHERE profile_id = $1 AND status <> 'closed'",
    )
    .bind(profile_id)
    .fetch_one(&db.pool)
    .await?;
    Ok(count > 0)
}
