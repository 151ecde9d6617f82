//! How outside parties answer (issue 33 point 6): each call to a real provider's API records
//! its success or its failure, for the back office's dashboard. A party that is down degrades
//! only its feature (which answers its SPEC error); the bank stays ready. Recording never fails
//! the call it describes: a failure to record is logged.

use crate::store::{self, Db};

pub use crate::providers::party;

/// Records a call's outcome: `Err` with why it failed.
pub async fn answered<T, E: std::fmt::Display>(db: &Db, party: &str, outcome: &Result<T, E>) {
    let now = db.now_ms();
    let recorded = match outcome {
        Ok(_) => store::provider_health::succeeded(db, party, now).await,
        Err(error) => store::provider_health::failed(db, party, &error.to_string(), now).await,
    };
    if let Err(error) = recorded {
        tracing::warn!(%error, party, "recording an outside party's answer failed");
    }
}
