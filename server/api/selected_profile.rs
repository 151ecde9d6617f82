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
        let profile = profile.ok_or_else(|| {
            AppError::refused(
                axum::http::StatusCode::FORBIDDEN,
                "no_profile",
                "No profile",
                "You do not have access to a profile yet.",
            )
        })?;
        Ok(Self::of(user.user_id, &profile))
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
