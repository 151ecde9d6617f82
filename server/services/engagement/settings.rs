//! System settings (SPEC §3: the named entries `events` and `surveys`): every customer's app
//! reads them; only operators write them (the API checks the ops token).

use crate::domain::engagement::settings::Setting;
use crate::store::{self, Db};

pub async fn all(db: &Db) -> Result<Vec<Setting>, sqlx::Error> {
    store::settings::all(db).await
}

/// Replaces the setting of its name.
pub async fn put(db: &Db, setting: &Setting) -> Result<(), sqlx::Error> {
    store::settings::put(db, setting).await
}
