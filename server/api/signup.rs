//! The Users calls of SPEC §7 that sign-up needs: create the account from a verified e-mail,
//! read it, fill in the person and the address, and the KYC status that routes onboarding.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::with_session;
use super::client_ip::ClientIp;
use super::common_answers::{Empty, Success};
use super::current_user::CurrentUser;
use super::error::{ApiJson, AppError};
use super::{session_cookies, ApiState};
use crate::domain::auth::password;
use crate::domain::onboarding::kyc::{KycStatus, OnboardingFlow};
use crate::domain::onboarding::person::{AddressInput, PersonalDetailsInput};
use crate::rate_limit::Limit;
use crate::services::cards::issuing;
use crate::services::users::person::{self, PersonError, UserDetails};
use crate::services::users::registration::{self, NewRegistration, RegistrationError};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(create, update))
        .routes(routes!(take))
        .routes(routes!(kyc_status))
        .routes(routes!(kyc))
        .routes(routes!(registration_state))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct CreateInput {
    #[serde(default)]
    pub password: String,
    /// `business` or `personal`: who signs up; `user_invited` with the invitation's link token.
    #[serde(default)]
    pub onboarding_flow: Option<OnboardingFlow>,
    /// The token of the invitation link (flow `user_invited`): the invited email must be the
    /// verified one, and the invitation is accepted with the account.
    #[serde(default)]
    pub invitation_token: Option<String>,
    /// An invited colleague accepts the Terms and Conditions and the Privacy policy here
    /// (required with flow `user_invited`; see domain/policies.rs).
    #[serde(default)]
    pub accept_policies: bool,
    /// A friend's referral code (the `ref` of their link, kept by the app for 60 days): the
    /// friend is rewarded when this person activates their first card (card programme) or their
    /// account is ready (account programme). An unknown code is ignored.
    #[serde(default)]
    pub referral_code: Option<String>,
    /// The programme the referral link named (`programme=account`); card when none.
    #[serde(default)]
    pub referral_programme: Option<crate::domain::engagement::referrals::Programme>,
    /// The campaign key of the link the person came from (kept 60 days); an invalid one is
    /// ignored.
    #[serde(default)]
    pub campaign: Option<String>,
}

fn invitation_closed() -> AppError {
    AppError::refused(
        axum::http::StatusCode::GONE,
        "invitation_expired",
        "Invitation no longer open",
        "This invitation has expired or was answered. Please ask for a new one.",
    )
}

/// Creates the account for the e-mail the registration cookie proves, and logs the person in.
#[utoipa::path(post, path = "/v2/users", tag = "users", request_body = CreateInput,
    responses((status = 200, body = Empty)))]
async fn create(
    State(state): State<ApiState>,
    ip: ClientIp,
    headers: HeaderMap,
    ApiJson(input): ApiJson<CreateInput>,
) -> Result<Response, AppError> {
    state.limiter.check(Limit::SignupAccountsPerIp, &ip).await?;
    let secure = state.config.secure_cookies();
    password::check(&input.password)
        .and_then(|()| password::check_not_common(&input.password))
        .map_err(|message| AppError::field("password", message))?;
    let flow = match input.onboarding_flow {
        Some(flow @ (OnboardingFlow::Business | OnboardingFlow::Personal)) => flow,
        Some(OnboardingFlow::UserInvited) if input.invitation_token.is_some() => {
            OnboardingFlow::UserInvited
        }
        _ => return Err(AppError::field("onboardingFlow", "Field is required")),
    };
    if flow == OnboardingFlow::UserInvited && !input.accept_policies {
        return Err(AppError::field("acceptPolicies", "Field is required"));
    }
    let invitation = match input
        .invitation_token
        .as_deref()
        .filter(|_| flow == OnboardingFlow::UserInvited)
    {
        Some(link) => Some(
            registration::open_invitation(&state.db, link.trim(), state.db.now_ms())
                .await?
                .ok_or_else(invitation_closed)?,
        ),
        None => None,
    };
    let restart = || {
        AppError::refused(
            axum::http::StatusCode::FORBIDDEN,
            "registration_expired",
            "Email not verified",
            "Please verify your email again to continue.",
        )
    };
    let token = session_cookies::read(&headers, session_cookies::registration_name(secure))
        .ok_or_else(restart)?;
    let now = state.db.now_ms();
    // The token is checked before the password is hashed: a bogus one costs no CPU.
    if !registration::email_token_is_live(&state.db, token, now).await? {
        return Err(restart());
    }
    // A card invitation gives its card with the account (refused before anything is made when
    // the company's card account is not active).
    let card = match &invitation {
        Some(invitation) => {
            issuing::for_invitation(&state.db, &state.config, invitation, now).await?
        }
        None => None,
    };
    let typed = input.password.clone();
    let hash = state.cpu.run(move || password::hash(&typed)).await?;
    let user_id = registration::register(
        &state.db,
        &NewRegistration {
            token,
            password_hash: &hash,
            flow,
            accept_policies: input.accept_policies,
            referral_code: input.referral_code.as_deref(),
            referral_programme: input.referral_programme,
            card_referral_reward: state.config.cards.referral_reward,
            account_referral_reward: state.config.referral_reward,
            campaign: input.campaign.as_deref(),
            invitation: invitation.as_ref().map(|i| (i, card.as_ref())),
            now,
        },
    )
    .await
    .map_err(|error| match error {
        RegistrationError::Expired => restart(),
        RegistrationError::OtherEmail => {
            AppError::field("email", "This invitation was sent to another email address")
        }
        RegistrationError::EmailTaken => AppError::refused(
            axum::http::StatusCode::CONFLICT,
            "email_taken_already",
            "Account exists",
            "An account with this email already exists. Please log in.",
        ),
        RegistrationError::InvitationClosed => invitation_closed(),
        RegistrationError::Storage(error) => error.into(),
    })?;
    let tokens = registration::first_session(&state.db, &user_id, now).await?;
    let mut response = with_session(&state, &tokens);
    session_cookies::set_registration(response.headers_mut(), "", 0, secure);
    Ok(response)
}

/// SPEC §3 "User": the signed-in person.
#[utoipa::path(post, path = "/v2/users/take", tag = "users",
    responses((status = 200, body = UserDetails)))]
async fn take(
    State(state): State<ApiState>,
    user: CurrentUser,
) -> Result<Json<UserDetails>, AppError> {
    Ok(Json(
        person::details(&state.db, &user.user_id)
            .await?
            .ok_or(AppError::NotFound)?,
    ))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct RegistrationStateInput {
    #[serde(default)]
    #[schema(value_type = Option<crate::domain::onboarding::kyc::RegistrationState>)]
    pub state: Option<String>,
}

/// SPEC §7 PATCH /v1/users/registration/state: the registration wizard's step the person is on,
/// so they resume there on another device.
#[utoipa::path(patch, path = "/v1/users/registration/state", tag = "users",
    request_body = RegistrationStateInput, responses((status = 200, body = Success)))]
async fn registration_state(
    State(state): State<ApiState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<RegistrationStateInput>,
) -> Result<Json<Success>, AppError> {
    let step = input
        .state
        .as_deref()
        .and_then(crate::domain::onboarding::kyc::RegistrationState::parse)
        .ok_or_else(|| AppError::field("state", "Unknown registration step"))?;
    person::set_registration_state(&state.db, &user.user_id, step).await?;
    Ok(Json(Success {
        success: true,
        message: Some("Success".into()),
    }))
}

/// SPEC §3 "Person payload": the personal details, or (with a country) the address.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default, Clone)]
#[serde(rename_all = "camelCase", default)]
pub struct PersonPatch {
    pub title: Option<String>,
    pub name: Option<String>,
    pub middlename: Option<String>,
    pub surname: Option<String>,
    /// `yyyy-MM-dd`.
    pub dob: Option<String>,
    pub is_pep: Option<bool>,
    pub country: Option<String>,
    pub postcode: Option<String>,
    pub city: Option<String>,
    pub region: Option<String>,
    pub address1: Option<String>,
    pub building_number: Option<String>,
}

/// PATCH /v2/users: the personal details, or the address (which completes the person's
/// part of sign-up). Only while the user's data is still incomplete.
#[utoipa::path(patch, path = "/v2/users", tag = "users", request_body = PersonPatch,
    responses((status = 200, body = UserDetails)))]
async fn update(
    State(state): State<ApiState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<PersonPatch>,
) -> Result<Json<UserDetails>, AppError> {
    let text = |value: Option<String>| value.unwrap_or_default();
    let done = if input.country.is_some() {
        let address = AddressInput {
            country: text(input.country),
            postcode: text(input.postcode),
            city: text(input.city),
            region: text(input.region),
            address1: text(input.address1),
            building_number: text(input.building_number),
        };
        person::set_address(&state.db, &user.user_id, &address).await
    } else {
        let details = PersonalDetailsInput {
            title: text(input.title),
            name: text(input.name),
            middlename: text(input.middlename),
            surname: text(input.surname),
            dob: text(input.dob),
            is_pep: input.is_pep.unwrap_or(false),
        };
        let today = crate::domain::london::today(state.db.now_ms());
        person::set_details(&state.db, &user.user_id, &details, today).await
    };
    done.map_err(|error| match error {
        PersonError::NotFound => AppError::NotFound,
        PersonError::Locked => AppError::refused(
            axum::http::StatusCode::CONFLICT,
            "details_locked",
            "Details confirmed",
            "Your personal details are confirmed. Please contact support to change them.",
        ),
        PersonError::DetailsMissing => AppError::refused(
            axum::http::StatusCode::CONFLICT,
            "details_missing",
            "Personal details missing",
            "Please fill in your personal details first.",
        ),
        PersonError::Fields(fields) => AppError::Fields(fields),
        PersonError::Storage(error) => error.into(),
    })?;
    take(State(state), user).await
}

/// SPEC §3 "KYC status response".
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct KycStatusReply {
    pub account_ready: bool,
    pub kyc_status: KycStatus,
    pub kyc_label: String,
    pub kyc_hint: String,
    pub onboarding_flow: Option<OnboardingFlow>,
    pub onboarding_version: u8,
}

pub(crate) async fn kyc_reply(
    state: &ApiState,
    user: &CurrentUser,
) -> Result<KycStatusReply, AppError> {
    let details = person::details(&state.db, &user.user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let (label, hint) = details.kyc_status.words();
    Ok(KycStatusReply {
        account_ready: details.kyc_status.account_ready(),
        kyc_status: details.kyc_status,
        kyc_label: label.into(),
        kyc_hint: hint.into(),
        onboarding_flow: details.onboarding_flow,
        onboarding_version: 3,
    })
}

/// The status that routes onboarding (SPEC §4).
#[utoipa::path(get, path = "/v1/users/kyc/status-v3", tag = "users",
    responses((status = 200, body = KycStatusReply)))]
async fn kyc_status(
    State(state): State<ApiState>,
    user: CurrentUser,
) -> Result<Json<KycStatusReply>, AppError> {
    Ok(Json(kyc_reply(&state, &user).await?))
}

/// The same status under SPEC §7's older path.
#[utoipa::path(get, path = "/v1/users/kyc", tag = "users",
    responses((status = 200, body = KycStatusReply)))]
async fn kyc(
    State(state): State<ApiState>,
    user: CurrentUser,
) -> Result<Json<KycStatusReply>, AppError> {
    Ok(Json(kyc_reply(&state, &user).await?))
}
