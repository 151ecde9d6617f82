//! Engagement (DESIGN.md §1): feature flags and promos, the person's settings (system events
//! and surveys, with the survey forms in surveys.rs), and the account referral programme with
//! its short links (referrals.rs).

pub mod referrals;
pub mod reviews;
pub mod surveys;

use axum::extract::State;
use axum::http::{header, HeaderMap};
use axum::response::IntoResponse;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::common_answers::Success;
use super::current_user::CurrentUser;
use super::error::{ApiJson, AppError};
use super::selected_profile::SelectedProfile;
use super::session_state::{Authenticated, SessionState};
use super::ApiState;
use crate::domain::engagement::features::{FeatureFlags, Flag};
use crate::domain::engagement::promos::{Promo, PromoState};
use crate::domain::engagement::settings::{Setting, SettingError};
use crate::services::engagement::events;
use crate::services::engagement::promos;

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(features, answer_promo))
        .routes(routes!(settings, put_setting))
        .merge(referrals::routes())
        .merge(reviews::routes())
        .merge(surveys::routes())
}

/// SPEC §3 feature entry state: a flag is on or off; a promo is toNotify (show it), seen or
/// dismissed.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase")]
pub enum FeatureState {
    On,
    Off,
    ToNotify,
    Seen,
    Dismissed,
}

impl From<PromoState> for FeatureState {
    fn from(state: PromoState) -> Self {
        match state {
            PromoState::ToNotify => Self::ToNotify,
            PromoState::Seen => Self::Seen,
            PromoState::Dismissed => Self::Dismissed,
        }
    }
}

/// A feature entry names a flag of SPEC §1, a promo of SPEC §2, or something the bank asks of
/// the person (a review).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum FeatureName {
    Flag(Flag),
    Promo(Promo),
    Ask(crate::domain::engagement::reviews::Ask),
}

/// SPEC §3 "Feature entry".
#[derive(Clone, Debug, serde::Serialize, utoipa::ToSchema)]
pub struct FeatureEntry {
    pub name: FeatureName,
    pub state: FeatureState,
}

/// The effective flags: configuration, then the overrides stored in the database.
pub async fn effective_flags(state: &ApiState) -> Result<FeatureFlags, sqlx::Error> {
    crate::services::engagement::features::flags(&state.db, &state.config).await
}

/// SPEC §3 feature entries: every flag of SPEC §1 with its effective state.
pub async fn feature_entries(state: &ApiState) -> Result<Vec<FeatureEntry>, sqlx::Error> {
    Ok(flag_entries(&effective_flags(state).await?))
}

pub fn flag_entries(flags: &FeatureFlags) -> Vec<FeatureEntry> {
    Flag::ALL
        .into_iter()
        .map(|flag| FeatureEntry {
            name: FeatureName::Flag(flag),
            state: if flags.get(flag) {
                FeatureState::On
            } else {
                FeatureState::Off
            },
        })
        .collect()
}

/// The flags, and for a signed-in person whose account is ready their promo entries (SPEC §3:
/// toNotify means show it).
pub async fn feature_entries_for(
    state: &ApiState,
    session: &SessionState,
    who: Option<&Authenticated>,
) -> Result<Vec<FeatureEntry>, sqlx::Error> {
    let flags = effective_flags(state).await?;
    let mut entries = flag_entries(&flags);
    let Some(who) = who.filter(|_| session.account_ready && session.app_in_access) else {
        return Ok(entries);
    };
    let person = promos::Person {
        user_id: &who.user.user_id,
        profile_id: session.selected_profile_id.as_deref(),
        profile_type: session.profile_type,
        role: session.access_role,
        primary_currency: session.primary_currency,
    };
    let support_hours = flags.get(Flag::ChristmasSupportHours);
    for (promo, promo_state) in promos::entries(&state.db, &person, support_hours).await? {
        entries.push(FeatureEntry {
            name: FeatureName::Promo(promo),
            state: promo_state.into(),
        });
    }
    if crate::services::engagement::reviews::ask_now(&state.db, &who.user.user_id).await? {
        entries.push(FeatureEntry {
            name: FeatureName::Ask(crate::domain::engagement::reviews::Ask::Review),
            state: FeatureState::ToNotify,
        });
    }
    Ok(entries)
}

/// The feature flags of SPEC §1 as they stand for this bank, and the caller's promos.
#[utoipa::path(get, path = "/v1/features", tag = "engagement",
    responses((status = 200, body = Vec<FeatureEntry>)))]
async fn features(
    State(state): State<ApiState>,
    headers: HeaderMap,
) -> Result<impl IntoResponse, AppError> {
    let (session, who) = SessionState::load_authenticated(&state, &headers).await?;
    let entries = feature_entries_for(&state, &session, who.as_ref()).await?;
    Ok(([(header::CACHE_CONTROL, "no-cache")], Json(entries)))
}

/// SPEC §7 PUT /v1/features: what the person did with a promo.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct PromoAnswer {
    #[serde(default)]
    pub name: String,
    /// seen or dismissed.
    #[serde(default)]
    #[schema(value_type = PromoState)]
    pub state: String,
}

/// Records that the person saw or dismissed a promo: it is not shown to them again.
#[utoipa::path(put, path = "/v1/features", tag = "engagement", request_body = PromoAnswer,
    responses((status = 200, body = Success)))]
async fn answer_promo(
    State(state): State<ApiState>,
    user: CurrentUser,
    ApiJson(answer): ApiJson<PromoAnswer>,
) -> Result<Json<Success>, AppError> {
    let promo =
        Promo::parse(&answer.name).ok_or_else(|| AppError::field("name", "Unknown promo"))?;
    let promo_state = PromoState::parse(&answer.state)
        .ok_or_else(|| AppError::field("state", "The state must be seen or dismissed"))?;
    promos::record(&state.db, &user.user_id, promo, promo_state)
        .await?
        .map_err(|_| AppError::field("state", "The state must be seen or dismissed"))?;
    Ok(Json(Success {
        success: true,
        message: Some("Success".into()),
    }))
}

/// SPEC §3 Settings as the person's app reads them: `events`, their open system events in the
/// selected profile (the first one is shown), and `surveys`, those they have answered.
fn settings_list(settings: events::Settings) -> Vec<Setting> {
    vec![
        Setting {
            name: "events".into(),
            value: settings.events.iter().map(|e| e.name().into()).collect(),
        },
        Setting {
            name: "surveys".into(),
            value: settings.surveys.iter().map(|s| s.name().into()).collect(),
        },
    ]
}

/// SPEC §7 GET /v1/utils/settings (polled every 60 s, SPEC §9): the signed-in person's events
/// and surveys once their account is ready; empty lists for anyone else.
#[utoipa::path(get, path = "/v1/utils/settings", tag = "engagement",
    responses((status = 200, body = Vec<Setting>)))]
async fn settings(
    State(state): State<ApiState>,
    headers: HeaderMap,
) -> Result<impl IntoResponse, AppError> {
    let (session, who) = SessionState::load_authenticated(&state, &headers).await?;
    let ready = session.account_ready && session.app_in_access;
    let mine = match (who, session.selected_profile_id.as_deref()) {
        (Some(who), Some(profile)) if ready => {
            events::settings_for(&state.db, &who.user.user_id, profile).await?
        }
        _ => events::Settings::default(),
    };
    Ok((
        [(header::CACHE_CONTROL, "no-store")],
        Json(settings_list(mine)),
    ))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct SettingInput {
    pub name: String,
    /// A list of names.
    #[schema(value_type = Vec<String>)]
    pub value: serde_json::Value,
}

/// SPEC §7 POST /v1/utils/settings `{name: "events", value}`: the events the app still holds.
/// An event it was told of and left out is closed (the person put it aside) and not shown
/// again; one queued since its last look stays. Surveys are answered through their form.
#[utoipa::path(post, path = "/v1/utils/settings", tag = "engagement", request_body = SettingInput,
    responses((status = 200, body = Vec<Setting>)))]
async fn put_setting(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(input): ApiJson<SettingInput>,
) -> Result<Json<Vec<Setting>>, AppError> {
    let setting = Setting::parse(&input.name, &input.value).map_err(|error| match error {
        SettingError::UnknownName => AppError::field("name", "Unknown setting"),
        SettingError::InvalidValue(message) => AppError::field("value", message),
    })?;
    if setting.name != "events" {
        return Err(AppError::field(
            "name",
            "Surveys are answered through their form",
        ));
    }
    let now = events::keep_only(
        &state.db,
        &profile.user_id,
        profile.profile_id.as_str(),
        &setting.value,
    )
    .await?;
    Ok(Json(settings_list(now)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_serialise_as_spec_writes_them() {
        let entry = FeatureEntry {
            name: FeatureName::Promo(Promo::RolesPromo),
            state: FeatureState::ToNotify,
        };
        assert_eq!(
            serde_json::to_value(entry).unwrap(),
            serde_json::json!({"name": "rolesPromo", "state": "toNotify"})
        );
        let flag = FeatureEntry {
            name: FeatureName::Flag(Flag::IdleLogout),
            state: FeatureState::Off,
        };
        assert_eq!(
            serde_json::to_value(flag).unwrap(),
            serde_json::json!({"name": "idleLogout", "state": "off"})
        );
    }
}
