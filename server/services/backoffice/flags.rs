//! Feature flags in the back office (issue 32 point 6): SPEC §1's flags as configured, the
//! operators' overrides on top, and who changed what in the back office (the audit log).

use serde_json::json;

use super::Actor;
use crate::config::Config;
use crate::domain::backoffice::audit::StaffAction;
use crate::domain::engagement::features::Flag;
use crate::store::{self, Db};

pub struct FlagState {
    pub flag: Flag,
    pub configured: bool,
    pub overridden: Option<bool>,
    pub on: bool,
    /// The last change from the back office: (who, reason, when).
    pub last_change: Option<(Option<String>, String, i64)>,
}

pub async fn list(db: &Db, config: &Config) -> Result<Vec<FlagState>, sqlx::Error> {
    let overrides = store::features::overrides(db).await?;
    let flags = config.features.with_overrides(&overrides);
    let mut states = Vec::with_capacity(Flag::ALL.len());
    for flag in Flag::ALL {
        let subject = format!("flag:{}", flag.name());
        let last_change = store::staff_audit::latest(db, Some(&subject), 1)
            .await?
            .into_iter()
            .next()
            .map(|(who, _, _, reason, _, at)| (who, reason, at));
        states.push(FlagState {
            flag,
            configured: config.features.get(flag),
            overridden: overrides
                .iter()
                .find(|(name, _)| name == flag.name())
                .map(|(_, on)| *on),
            on: flags.get(flag),
            last_change,
        });
    }
    Ok(states)
}

/// Sets a flag on or off, or back to its configured value (`None`), with the reason.
pub async fn set(
    db: &Db,
    actor: &Actor<'_>,
    flag: Flag,
    state: Option<bool>,
    why: &str,
) -> Result<(), super::customers::CustomerError> {
    let why = super::customers::reason(why)?;
    match state {
        Some(on) => store::features::set_override(db, flag.name(), on).await?,
        None => {
            store::features::clear_override(db, flag.name()).await?;
        }
    }
    let subject = format!("flag:{}", flag.name());
    let detail = json!({ "flag": flag.name(), "override": state }).to_string();
    super::audit(
        db,
        actor,
        StaffAction::FlagChanged,
        Some(&subject),
        why,
        &detail,
    )
    .await?;
    Ok(())
}
