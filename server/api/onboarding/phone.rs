//! Phone verification (SPEC §2 select, verify, change; §7 PATCH /v1/users/telephone,
//! GET /v1/auth/send-verification-sms-auth, POST /v1/auth/verify-sms-auth): the person gives a
//! mobile number, receives a six-digit code by SMS and types it in.

use axum::extract::State;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::in_step;
use crate::api::client_ip::ClientIp;
use crate::api::common_answers::Success;
use crate::api::current_user::CurrentUser;
use crate::api::error::{ApiJson, AppError};
use crate::api::ApiState;
use crate::domain::ids::UserId;
use crate::domain::messages::{Channel, Message};
use crate::domain::onboarding::journey::Step;
use crate::domain::onboarding::phone::{self, PhoneError};
use crate::rate_limit::{Limit, UserKey};
use crate::services::onboarding::phone::{
    self as phone_step, CodeRefusal, PhoneError as PhoneStepError,
};
use crate::services::users::person::{self, UserDetails};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(set_telephone))
        .routes(routes!(send_code))
        .routes(routes!(verify_code))
}

/// A code lives two minutes, like every SMS code of the bank (SPEC §9).
const CODE_LIFETIME_MS: i64 = 120_000;

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct TelephoneInput {
    /// The number with its country code, e.g. `+44 7700 900123`.
    #[serde(default)]
    pub telephone: String,
}

/// Gives or changes the mobile number to verify. An answer carrying a message is an error
/// (SPEC §5), so a success answers the person without one.
#[utoipa::path(patch, path = "/v1/users/telephone", tag = "onboarding",
    request_body = TelephoneInput, responses((status = 200, body = UserDetails)))]
async fn set_telephone(
    State(state): State<ApiState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<TelephoneInput>,
) -> Result<Json<UserDetails>, AppError> {
    give_phone(&state, &user.user_id, &input.telephone).await?;
    Ok(Json(
        person::details(&state.db, &user.user_id)
            .await?
            .ok_or(AppError::NotFound)?,
    ))
}

/// Stores the number to verify (the API call and the form that posts before hydration).
pub async fn give_phone(
    state: &ApiState,
    user_id: &UserId,
    telephone: &str,
) -> Result<(), AppError> {
    in_step(state, user_id, Step::Phone).await?;
    let number = phone::parse(telephone).map_err(|error| {
        AppError::field(
            "telephone",
            match error {
                PhoneError::OutOfRange => "Phone number is out of range",
                PhoneError::UnknownCountry => "Enter the number with a UK or European country code",
                PhoneError::Required => "Field is required",
            },
        )
    })?;
    // A code sent to the number before the change stops verifying anything.
    phone_step::give(&state.db, user_id, &number).await?;
    Ok(())
}

/// Texts a fresh code to the number given; an earlier code stops working.
#[utoipa::path(get, path = "/v1/auth/send-verification-sms-auth", tag = "onboarding",
    responses((status = 200, body = Success)))]
async fn send_code(
    State(state): State<ApiState>,
    user: CurrentUser,
) -> Result<Json<Success>, AppError> {
    send_code_to(&state, &user.user_id).await?;
    Ok(Json(Success {
        success: true,
        message: None,
    }))
}

pub async fn send_code_to(state: &ApiState, user_id: &UserId) -> Result<(), AppError> {
    in_step(state, user_id, Step::Phone).await?;
    // Asked before the limit counts the request: without a number it is refused for free.
    let (code_prefix, number) = phone_step::number(&state.db, user_id)
        .await?
        .ok_or_else(|| AppError::field("telephone", "Field is required"))?;
    state
        .limiter
        .check(Limit::CodeResendsPerUser, &UserKey(user_id))
        .await?;
    let code = phone_step::new_code(&state.db, user_id, CODE_LIFETIME_MS).await?;
    state
        .notify
        .send(Message {
            channel: Channel::Sms,
            to: format!("{code_prefix}{number}"),
            subject: "Phone verification".into(),
            body: format!(
                "{code} is your {} code to verify this phone number. It expires in 2 minutes.",
                state.config.company.trading_name
            ),
            attachments: Vec::new(),
        })
        .await?;
    Ok(())
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct CodeInput {
    #[serde(default)]
    pub code: String,
}

fn wrong_code(message: &str) -> AppError {
    AppError::refused(
        axum::http::StatusCode::BAD_REQUEST,
        "code_invalid",
        "Verification failed",
        message,
    )
}

/// Checks the texted code; the right one verifies the number and moves onboarding on.
#[utoipa::path(post, path = "/v1/auth/verify-sms-auth", tag = "onboarding",
    request_body = CodeInput, responses((status = 200, body = Success)))]
async fn verify_code(
    State(state): State<ApiState>,
    ip: ClientIp,
    user: CurrentUser,
    ApiJson(input): ApiJson<CodeInput>,
) -> Result<Json<Success>, AppError> {
    check_code(&state, &ip, &user.user_id, &input.code).await?;
    Ok(Json(Success {
        success: true,
        message: None,
    }))
}

/// Checks the texted code; the right one verifies the number and moves onboarding on.
pub async fn check_code(
    state: &ApiState,
    ip: &ClientIp,
    user_id: &UserId,
    code: &str,
) -> Result<(), AppError> {
    let row = in_step(state, user_id, Step::Phone).await?;
    state.limiter.check(Limit::CodeChecksPerIp, ip).await?;
    let code = code.trim();
    if code.len() != 6 || !code.chars().all(|c| c.is_ascii_digit()) {
        return Err(AppError::field("code", "Enter the 6-digit code"));
    }
    phone_step::check_code(&state.db, &row, code)
        .await
        .map_err(|error| match error {
            PhoneStepError::Code(CodeRefusal::Expired) => {
                wrong_code("The code has expired. Please request a new one.")
            }
            PhoneStepError::Code(CodeRefusal::Wrong) => wrong_code("The code is incorrect"),
            PhoneStepError::Code(CodeRefusal::Spent) => {
                wrong_code("This code can no longer be used. Please request a new one.")
            }
            PhoneStepError::NoRequest => AppError::NotFound,
            PhoneStepError::NotOpen => super::step_not_open(),
            PhoneStepError::Storage(error) => error.into(),
        })?;
    Ok(())
}
