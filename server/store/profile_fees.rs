//! Profiles' own transfer fees (migration 20261210000018).

use sqlx::AnyConnection;

use super::{named, Db};
use crate::domain::accounts::money::Currency;
use crate::domain::ids::ProfileId;
use crate::domain::payments::payee::Scheme;

/// The profile's own fee for a scheme in a currency, if operations set one.
pub async fn of(
    db: &Db,
    profile_id: &ProfileId,
    scheme: Scheme,
    currency: Currency,
) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar::<_, i64>(
        "SELECT fee FROM profile_fees WHERE profile_id = $1 AND scheme = $2 AND currency = $3",
    )
    .bind(profile_id)
    .bind(scheme.as_str())
    .bind(currency.code())
    .fetch_optional(&db.pool)
    .await
}

/// Every own fee of a profile.
pub async fn of_profile(
    db: &Db,
    profile_id: &ProfileId,
) -> Result<Vec<(Scheme, Currency, i64)>, sqlx::Error> {
    let rows = sqlx::query_as::<_, (String, String, i64)>(
        "SELECT scheme, currency, fee FROM profile_fees WHERE profile_id = $1 \
         ORDER BY scheme, currency",
    )
    .bind(profile_id)
    .fetch_all(&db.pool)
    .await?;
    rows.into_iter()
        .map(|(scheme, currency, fee)| {
            Ok((
                named("scheme", &scheme)?,
                named("currency", &currency)?,
                fee,
            ))
        })
        .collect()
}

/// Sets (or replaces) a profile's own fee, in the approval's transaction.
pub async fn set_in(
    conn: &mut AnyConnection,
    profile_id: &ProfileId,
    scheme: Scheme,
    currency: Currency,
    fee: i64,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO profile_fees (profile_id, scheme, currency, fee, set_at) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (profile_id, scheme, currency) \
         DO UPDATE SET fee = $4, set_at = $5",
    )
    .bind(profile_id)
    .bind(scheme.as_str())
    .bind(currency.code())
    .bind(fee)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
