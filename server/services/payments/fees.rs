//! What a profile pays for a transfer: its own price where operations set one with four eyes
//! (issue 32 point 2), else the bank's configured fee. The quote (`fees/take`) and the transfer
//! itself read it here, so what the review step shows is what is booked.

use crate::config::Config;
use crate::domain::accounts::money::Currency;
use crate::domain::ids::ProfileId;
use crate::domain::payments::payee::Scheme;
use crate::store::{self, Db};

/// The fee in minor units; None where the scheme does not carry the currency.
pub async fn fee(
    db: &Db,
    config: &Config,
    profile_id: &ProfileId,
    scheme: Scheme,
    currency: Currency,
) -> Result<Option<i64>, sqlx::Error> {
    if config.transfer_fees.fee(scheme, currency).is_none() {
        return Ok(None);
    }
    let own = store::profile_fees::of(db, profile_id, scheme, currency).await?;
    Ok(config.transfer_fees.fee_for(own, scheme, currency))
}
