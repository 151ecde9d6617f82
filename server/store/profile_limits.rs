//! Profiles' own transfer limits (migration 20261210000017).

use sqlx::AnyConnection;

use super::{named, Db};
use crate::domain::accounts::money::Currency;
use crate::domain::ids::ProfileId;
use crate::domain::payments::limits::OwnLimit;

/// Every own limit of a profile, by currency.
pub async fn of_profile(
    db: &Db,
    profile_id: &ProfileId,
) -> Result<Vec<(Currency, OwnLimit)>, sqlx::Error> {
    let rows = sqlx::query_as::<_, (String, i64, i64)>(
        "SELECT currency, per_transfer, daily FROM profile_limits WHERE profile_id = $1 \
         ORDER BY currency",
    )
    .bind(profile_id)
    .fetch_all(&db.pool)
    .await?;
    rows.into_iter()
        .map(|(currency, per_transfer, daily)| {
            Ok((
                named("currency", &currency)?,
                OwnLimit {
                    per_transfer,
                    daily,
                },
            ))
        })
        .collect()
}

/// Sets (or replaces) a profile's own limits in a currency, in the approval's transaction.
pub async fn set_in(
    conn: &mut AnyConnection,
    profile_id: &ProfileId,
    currency: Currency,
    limit: OwnLimit,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO profile_limits (profile_id, currency, per_transfer, daily, set_at) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (profile_id, currency) \
         DO UPDATE SET per_transfer = $3, daily = $4, set_at = $5",
    )
    .bind(profile_id)
    .bind(currency.code())
    .bind(limit.per_transfer)
    .bind(limit.daily)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
