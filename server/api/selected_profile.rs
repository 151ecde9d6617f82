//! The profile an API call acts for (SPEC §9: the selected-profile cookie), with the caller's
//! access to it. A user who is not a member of the named profile gets their default instead, so
//! a forged cookie never reaches another customer's data.

use crate::domain::ids::{ProfileId, UserId};
use axum::extract::FromRequestParts;
use axum::http::request::Parts;

use super::current_user::CurrentUser;
use super::error::AppError;
use super::ApiState;
use crate::domain::profiles::access::Access;
use crate::services::auth::sessions;
use crate::services::auth::{self, UserRow};
use crate::services::profiles::{self, Profile};

#[derive(Clone)]
pub struct SelectedProfile {
    pub user_id: UserId,
    pub profile_id: ProfileId,
    pub kind: crate::domain::profiles::access::ProfileType,
    pub name: String,
    pub access: Access,
}

impl FromRequestParts<ApiState> for SelectedProfile {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &ApiState) -> Result<Self, AppError> {
        // The rights table's check already chose it for this request.
        if let Some(profile) = parts.extensions.get::<SelectedProfile>() {
            return Ok(profile.clone());
        }
        let user = CurrentUser::from_request_parts(parts, state).await?;
        let wanted =
            super::session_cookies::read(&parts.headers, super::session_cookies::PROFILE_COOKIE);
        let profile = profiles::chosen(&state.db, &user.user_id, wanted).await?;
        let profile = profile.ok_or_else(no_profile)?;
        Ok(Self::of(user.user_id, &profile))
    }
}

fn no_profile() -> AppError {
    AppError::refused(
        axum::http::StatusCode::FORBIDDEN,
        "no_profile",
        "No profile",
        "You do not have access to a profile yet.",
    )
}

/// The member behind a call, their row and the profile it acts for, for the rights table's
/// check: taken from the request when a server render carries them, else read in two statements
/// (`sessions::signed_in`) and left on the request, so the handler's own `CurrentUser`,
/// `SelectedProfile` and user row cost no further query.
pub async fn member(
    parts: &mut Parts,
    state: &ApiState,
) -> Result<(SelectedProfile, UserRow), AppError> {
    let carried = parts.extensions.get::<SelectedProfile>().cloned();
    if let Some(profile) = carried {
        let user = parts
            .extensions
            .get::<UserRow>()
            .filter(|user| user.id == profile.user_id)
            .cloned();
        let user = match user {
            Some(user) => user,
            None => auth::user(&state.db, &profile.user_id)
                .await?
                .ok_or(AppError::Forbidden)?,
        };
        return Ok((profile, user));
    }
    let access =
        super::session_cookies::access_token(&parts.headers, state.config.secure_cookies())
            .ok_or_else(super::current_user::unauthorized)?;
    let wanted =
        super::session_cookies::read(&parts.headers, super::session_cookies::PROFILE_COOKIE);
    let signed = sessions::signed_in(&state.db, access, wanted)
        .await?
        .ok_or_else(super::current_user::unauthorized)?;
    let selected = signed.selected.as_ref().ok_or_else(no_profile)?;
    let profile = SelectedProfile::of(signed.session.user_id.clone(), selected);
    parts.extensions.insert(CurrentUser {
        user_id: signed.session.user_id,
        session_id: signed.session.session_id,
    });
    parts.extensions.insert(signed.user.clone());
    parts.extensions.insert(profile.clone());
    Ok((profile, signed.user))
}

/// The caller with their row and the profile they act for, for a handler that checks a rights
/// entry itself (an approval asked for as the call it approves): read with the session in one
/// statement when the rights table's check has not left them on the request.
pub struct Member {
    pub profile: SelectedProfile,
    pub user: UserRow,
}

impl FromRequestParts<ApiState> for Member {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &ApiState) -> Result<Self, AppError> {
        let (profile, user) = member(parts, state).await?;
        Ok(Self { profile, user })
    }
}

impl SelectedProfile {
    /// The user's access to one of their profiles.
    pub fn of(user_id: UserId, profile: &Profile) -> Self {
        Self {
            user_id,
            profile_id: profile.id.clone(),
            kind: profile.kind,
            name: profile.name.clone(),
            access: Access::new(profile.my_access.role, &profile.my_access.rights),
        }
    }
}

impl SelectedProfile {
    /// 403 unless the caller may read transactions for this profile.
    pub fn require_transactions(&self) -> Result<(), AppError> {
        if self.access.reads_transactions() {
            Ok(())
        } else {
            Err(AppError::Forbidden)
        }
    }
}
impl SelectedProfile {
    /// The caller as the cards' use cases see them.
    pub fn card_member(&self) -> crate::services::cards::Member<'_> {
        crate::services::cards::Member {
            profile_id: &self.profile_id,
            user_id: &self.user_id,
            is_admin: self.access.is_admin(),
        }
    }
}
impl SelectedProfile {
    /// The caller as payments' use cases see them.
    pub fn payer(&self) -> crate::services::payments::Payer<'_> {
        crate::services::payments::Payer {
            profile_id: &self.profile_id,
            user_id: &self.user_id,
            name: &self.name,
            is_admin: self.access.is_admin(),
        }
    }
}
