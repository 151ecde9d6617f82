//! SPEC §3 "Session state": who is signed in, for which profile, with what access, and where
//! onboarding stands. One struct, built in one place, for the page render (DESIGN.md §2 step 2)
//! and for the app's own calls (GET /v2/session).

use axum::extract::State;
use axum::http::HeaderMap;
use axum::Json;

use super::current_user::CurrentUser;
use super::error::AppError;
use super::selected_profile::SelectedProfile;
use super::{session_cookies, ApiState};
use crate::domain::accounts::money::Currency;
use crate::domain::lending::application::Product;
use crate::domain::onboarding::kyc::{KycStatus, OnboardingFlow};
use crate::domain::profiles::access::{ProfileType, Role};
use crate::services::auth::sessions::{self, SignedIn};
use crate::services::auth::UserRow;
use crate::services::profiles::Profile;

/// The signed-in person's name, for the greeting.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Clone, Debug)]
pub struct SessionUser {
    pub name: String,
    pub surname: String,
    pub email: String,
}

#[derive(serde::Serialize, serde::Deserialize, utoipa::ToSchema, Clone, Debug)]
#[serde(rename_all = "camelCase")]
pub struct SessionState {
    pub is_auth: bool,
    pub onboarding_flow: Option<OnboardingFlow>,
    pub access_role: Role,
    pub access_rights: Vec<String>,
    pub kyc_status: Option<KycStatus>,
    pub app_in_access: bool,
    pub app_ready: bool,
    pub display_app_loader: bool,
    pub profiles_list: Vec<Profile>,
    pub profile_type: Option<ProfileType>,
    pub selected_profile_id: Option<String>,
    pub account_ready: bool,
    pub is_business: bool,
    /// The currency of the selected profile's primary account.
    pub primary_currency: Option<Currency>,
    /// A lender stands behind business finance (loans, mortgages, factoring): without one the
    /// products are not offered at all.
    pub finance_offered: bool,
    /// A lender that offers mortgages stands behind the bank's finance.
    pub mortgage_offered: bool,
    /// An acquirer stands behind card acceptance (merchant accounts).
    pub acquiring_offered: bool,
    pub user: Option<SessionUser>,
}

impl SessionState {
    /// A visitor who is not logged in.
    pub fn anonymous() -> Self {
        Self {
            is_auth: false,
            onboarding_flow: None,
            access_role: Role::None,
            access_rights: Vec::new(),
            kyc_status: None,
            app_in_access: false,
            app_ready: true,
            display_app_loader: false,
            profiles_list: Vec::new(),
            profile_type: None,
            selected_profile_id: None,
            account_ready: false,
            is_business: false,
            primary_currency: None,
            finance_offered: false,
            mortgage_offered: false,
            acquiring_offered: false,
            user: None,
        }
    }

    /// The session the request's access token (bearer or cookie) stands for.
    pub async fn load(state: &ApiState, headers: &HeaderMap) -> Result<Self, sqlx::Error> {
        Ok(Self::load_authenticated(state, headers).await?.0)
    }

    /// The session state, and who the caller is for the API calls of the same request.
    pub async fn load_authenticated(
        state: &ApiState,
        headers: &HeaderMap,
    ) -> Result<(Self, Option<Authenticated>), sqlx::Error> {
        let Some(access) = session_cookies::access_token(headers, state.config.secure_cookies())
        else {
            return Ok((Self::anonymous(), None));
        };
        let wanted = session_cookies::read(headers, session_cookies::PROFILE_COOKIE);
        let Some(signed) = sessions::signed_in(&state.db, access, wanted).await? else {
            return Ok((Self::anonymous(), None));
        };
        let SignedIn {
            session,
            user,
            profiles,
            selected,
            primary_currency,
        } = signed;
        let kyc = user.kyc_status;
        let authenticated = Authenticated {
            row: user.clone(),
            profile: selected
                .as_ref()
                .map(|p| SelectedProfile::of(session.user_id.clone(), p)),
            user: CurrentUser {
                user_id: session.user_id,
                session_id: session.session_id,
            },
        };
        let session_state = Self {
            is_auth: true,
            onboarding_flow: user.onboarding_flow,
            access_role: selected.as_ref().map_or(Role::None, |p| p.my_access.role),
            access_rights: selected
                .as_ref()
                .map(|p| p.my_access.rights.clone())
                .unwrap_or_default(),
            kyc_status: Some(kyc),
            app_in_access: kyc.app_in_access(),
            app_ready: true,
            display_app_loader: false,
            profile_type: selected.as_ref().map(|p| p.kind),
            selected_profile_id: selected.as_ref().map(|p| p.id.to_string()),
            account_ready: kyc.account_ready(),
            is_business: selected
                .as_ref()
                .is_some_and(|p| p.kind == ProfileType::Business),
            primary_currency,
            finance_offered: state.lending.is_some(),
            mortgage_offered: crate::api::lending::lender_for(state, Product::Mortgage).is_some(),
            acquiring_offered: state.merchant_acquirer.is_some(),
            user: Some(SessionUser {
                name: user.name,
                surname: user.surname,
                email: user.email,
            }),
            profiles_list: profiles,
        };
        Ok((session_state, Some(authenticated)))
    }
}

/// The caller a page request authenticated, and the profile it acts for: the server render's
/// in-process API calls carry them instead of looking them up again (http/render.rs).
#[derive(Clone)]
pub struct Authenticated {
    pub user: CurrentUser,
    /// The user's row as read for the page: the rights check of each call reads it from here.
    pub row: UserRow,
    pub profile: Option<SelectedProfile>,
}

/// The caller's session state; a visitor without a live session gets the anonymous one.
#[utoipa::path(get, path = "/v2/session", tag = "auth",
    responses((status = 200, body = SessionState)))]
pub async fn current(
    State(state): State<ApiState>,
    headers: HeaderMap,
) -> Result<Json<SessionState>, AppError> {
    Ok(Json(SessionState::load(&state, &headers).await?))
}
