//! The Users calls of SPEC §7 that sign-up needs: create the account from a verified e-mail,
//! read it, fill in the person and the address, and the KYC status that routes onboarding.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};

use super::auth::with_session;
use super::client_ip::ClientIp;
use super::current_user::CurrentUser;
use super::error::{ApiJson, AppError};
use super::rate_limit::Limit;
use super::{session_cookies, ApiState};
use crate::domain::auth::email::Email;
use crate::domain::auth::password;
use crate::domain::onboarding::person;
use crate::store::{self, now_ms};

pub fn routes() -> Router<ApiState> {
    Router::new()
        .route("/v2/users", post(create).patch(update))
        .route("/v2/users/take", post(take))
        .route("/v1/users/kyc/status-v3", get(kyc_status))
        .route("/v1/users/kyc", get(kyc_status))
}

/// SPEC §4: who signs up starts with incomplete user data; the address moves them on.
pub const FIRST_STATUS: &str = "user_data_incomplete";

fn status_after_address(flow: Option<&str>) -> &'static str {
    match flow {
        Some("personal") => "to_verify",
        _ => "profile_incomplete",
    }
}

#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct CreateInput {
    #[serde(default)]
    password: String,
    #[serde(default)]
    onboarding_flow: String,
}

/// Creates the account for the e-mail the registration cookie proves, and logs the person in.
async fn create(
    State(state): State<ApiState>,
    ip: ClientIp,
    headers: HeaderMap,
    ApiJson(input): ApiJson<CreateInput>,
) -> Result<Response, AppError> {
    state.limiter.check(Limit::SignupAccountsPerIp, &ip).await?;
    let secure = state.config.secure_cookies();
    password::check(&input.password).map_err(|message| AppError::field("password", message))?;
    let flow = match input.onboarding_flow.as_str() {
        "business" | "personal" => input.onboarding_flow.as_str(),
        _ => return Err(AppError::field("onboardingFlow", "Field is required")),
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
    let now = now_ms();
    // The token is checked before the password is hashed: a bogus one costs no CPU.
    if !store::email_verifications::token_is_live(&state.db, token, now).await? {
        return Err(restart());
    }
    let typed = input.password.clone();
    let hash = state.cpu.run(move || password::hash(&typed)).await?;
    let mut tx = state.db.begin_write().await?;
    let email = store::email_verifications::spend_token(&mut tx, token, now)
        .await?
        .ok_or_else(restart)?;
    let email = Email::parse(&email).map_err(|_| restart())?;
    let user_id = store::users::create_in(
        &mut tx,
        &store::users::NewUser {
            email: &email,
            password_hash: &hash,
            name: "",
            surname: "",
            phone_code: None,
            phone_number: None,
            mfa_method: "sms",
            onboarding_flow: Some(flow),
            kyc_status: FIRST_STATUS,
        },
    )
    .await
    .map_err(|error| match &error {
        sqlx::Error::Database(db) if db.is_unique_violation() => AppError::refused(
            axum::http::StatusCode::CONFLICT,
            "email_taken_already",
            "Account exists",
            "An account with this email already exists. Please log in.",
        ),
        _ => error.into(),
    })?;
    tx.commit().await?;
    let tokens = store::sessions::issue(&state.db, &user_id, now).await?;
    let mut response = with_session(&state, &tokens);
    session_cookies::set_registration(response.headers_mut(), "", 0, secure);
    Ok(response)
}

async fn take(
    State(state): State<ApiState>,
    user: CurrentUser,
) -> Result<Json<store::users::UserDetails>, AppError> {
    Ok(Json(
        store::users::details(&state.db, &user.user_id)
            .await?
            .ok_or(AppError::NotFound)?,
    ))
}

/// PATCH /v2/users: the personal details, or the address (which completes the person's
/// part of sign-up). Only while the user's data is still incomplete.
async fn update(
    State(state): State<ApiState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<Value>,
) -> Result<Json<store::users::UserDetails>, AppError> {
    let current = store::users::details(&state.db, &user.user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    if current.kyc_status != FIRST_STATUS {
        return Err(AppError::refused(
            axum::http::StatusCode::CONFLICT,
            "details_locked",
            "Details confirmed",
            "Your personal details are confirmed. Please contact support to change them.",
        ));
    }
    let bad = |e: serde_json::Error| AppError::BadRequest(e.to_string());
    if input.get("country").is_some() {
        if current.dob.is_none() {
            return Err(AppError::refused(
                axum::http::StatusCode::CONFLICT,
                "details_missing",
                "Personal details missing",
                "Please fill in your personal details first.",
            ));
        }
        let address = person::check_address(&serde_json::from_value(input).map_err(bad)?)
            .map_err(AppError::Fields)?;
        store::users::set_address(
            &state.db,
            &user.user_id,
            &store::users::Address {
                country: &address.country,
                postcode: &address.postcode,
                city: &address.city,
                region: address.region.as_deref(),
                address1: &address.address1,
                building_number: address.building_number.as_deref(),
            },
            status_after_address(current.onboarding_flow.as_deref()),
        )
        .await?;
    } else {
        let today = crate::domain::london::today(now_ms());
        let details = person::check_details(&serde_json::from_value(input).map_err(bad)?, today)
            .map_err(AppError::Fields)?;
        let dob = details.dob.to_string();
        store::users::set_personal_details(
            &state.db,
            &user.user_id,
            &store::users::PersonalDetails {
                title: &details.title,
                name: &details.name,
                middle_name: details.middle_name.as_deref(),
                surname: &details.surname,
                dob: &dob,
                is_pep: details.is_pep,
            },
        )
        .await?;
    }
    take(State(state), user).await
}

/// SPEC §3 "KYC status response".
async fn kyc_status(
    State(state): State<ApiState>,
    user: CurrentUser,
) -> Result<Json<Value>, AppError> {
    let details = store::users::details(&state.db, &user.user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let (label, hint) = kyc_words(&details.kyc_status);
    Ok(Json(json!({
        "account_ready": details.kyc_status == "completed",
        "kyc_status": details.kyc_status,
        "kyc_label": label,
        "kyc_hint": hint,
        "onboarding_flow": details.onboarding_flow,
        "onboarding_version": 3,
    })))
}

fn kyc_words(status: &str) -> (&'static str, &'static str) {
    match status {
        "user_data_incomplete" => ("About You", "Tell us about yourself to continue."),
        "profile_incomplete" => (
            "About Your Business",
            "Tell us about your business to continue.",
        ),
        "to_verify" | "to_complete" => {
            ("Identity verification", "Verify your identity to continue.")
        }
        "verify_phone" => (
            "Phone verification",
            "Verify your phone number to continue.",
        ),
        "registration_fee_assigned" => (
            "Account Activation",
            "Pay the verification fee to activate your account.",
        ),
        "registration_fee_pending" => (
            "Account Activation Pending",
            "We are waiting for your payment.",
        ),
        "completed" => ("Completed", "Your account is ready."),
        "account_restricted" => ("Your Account Is Temporarily Restricted", ""),
        _ => ("Under review", "We are reviewing your application."),
    }
}
