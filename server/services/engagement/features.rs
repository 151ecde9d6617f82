//! The feature flags of SPEC §1 as they stand now: configuration, with the operator's overrides
//! (`bank features`) on top.

use crate::config::Config;
use crate::domain::engagement::features::FeatureFlags;
use crate::store::{self, Db};

pub async fn flags(db: &Db, config: &Config) -> Result<FeatureFlags, sqlx::Error> {
    let overrides = store::features::overrides(db).await?;
    Ok(config.features.with_overrides(&overrides))
}
