//! Onboarding steps that work before the page hydrates (issue 10): the phone number and its
//! code, and the identity check's agreement post here as plain forms; the server answers with a
//! redirect, carrying an error code the page turns into its message.

use axum::extract::{FromRequest, FromRequestParts, Request, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use axum::Form;

use super::AppState;
use crate::api::client_ip::ClientIp;
use crate::api::current_user::CurrentUser;
use crate::api::error::AppError;
use crate::api::onboarding::{fee, identity, phone};

/// The signed-in person and the posted form, or the answer that ends the request.
async fn read<T: serde::de::DeserializeOwned>(
    state: &AppState,
    request: Request,
) -> Result<(CurrentUser, ClientIp, T), Response> {
    let (mut parts, body) = request.into_parts();
    if !crate::api::origin_allowed(&parts.headers, &state.config.base_url) {
        return Err(StatusCode::FORBIDDEN.into_response());
    }
    let user = CurrentUser::from_request_parts(&mut parts, &state.api)
        .await
        .map_err(|_| Redirect::to("/login").into_response())?;
    let ip = ClientIp::from_request_parts(&mut parts, &state.api)
        .await
        .map_err(IntoResponse::into_response)?;
    let Form(form) = Form::<T>::from_request(Request::from_parts(parts, body), state)
        .await
        .map_err(IntoResponse::into_response)?;
    Ok((user, ip, form))
}

/// An error code for the page: the field error's name, else the refusal's code.
fn code(error: &AppError) -> &'static str {
    match error {
        AppError::Fields(fields) if fields.contains_key("telephone") => "telephone",
        AppError::Fields(_) => "required",
        AppError::Refused { code, .. } => code,
        AppError::TooManyRequests(_) => "rate_limited",
        _ => "failed",
    }
}

/// The phone step's form: a number to verify, or the six cells of the code input, each posted
/// under `code` (so it is read as pairs, not a struct).
struct PhoneForm {
    telephone: Option<String>,
    code: Vec<String>,
}

pub async fn phone(State(state): State<AppState>, request: Request) -> Response {
    let (user, ip, form) = match read::<Vec<(String, String)>>(&state, request).await {
        Ok(read) => read,
        Err(response) => return response,
    };
    let form = PhoneForm {
        telephone: form
            .iter()
            .find(|(k, _)| k == "telephone")
            .map(|(_, v)| v.clone()),
        code: form
            .iter()
            .filter(|(k, _)| k == "code")
            .map(|(_, v)| v.clone())
            .collect(),
    };
    if let Some(telephone) = form.telephone {
        let result = match phone::give_phone(&state.api, &user.user_id, &telephone).await {
            Ok(()) => phone::send_code_to(&state.api, &user.user_id).await,
            Err(error) => Err(error),
        };
        return match result {
            Ok(()) => Redirect::to("/phone-verification?sent=1").into_response(),
            Err(error) => {
                Redirect::to(&format!("/phone-verification?error={}", code(&error))).into_response()
            }
        };
    }
    match phone::check_code(&state.api, &ip, &user.user_id, &form.code.concat()).await {
        Ok(()) => Redirect::to("/controller").into_response(),
        Err(error) => Redirect::to(&format!(
            "/phone-verification?sent=1&error={}",
            code(&error)
        ))
        .into_response(),
    }
}

#[derive(serde::Deserialize, Default)]
#[serde(default)]
pub struct AgreementForm {
    accepted: Option<String>,
}

pub async fn agreement(State(state): State<AppState>, request: Request) -> Response {
    let (user, _, form) = match read::<AgreementForm>(&state, request).await {
        Ok(read) => read,
        Err(response) => return response,
    };
    let accepted = form.accepted.as_deref() == Some("on");
    match identity::record_agreement(&state.api, &user.user_id, accepted).await {
        Ok(()) => Redirect::to("/sumsub?step=widget").into_response(),
        Err(error) => Redirect::to(&format!("/sumsub?error={}", code(&error))).into_response(),
    }
}

/// The bank-transfer choice of the paywall (SPEC §4: it sets registration_fee_pending).
pub async fn fee_transfer(State(state): State<AppState>, request: Request) -> Response {
    let (user, _, _) = match read::<Vec<(String, String)>>(&state, request).await {
        Ok(read) => read,
        Err(response) => return response,
    };
    match fee::order_transfer(&state.api, &user.user_id).await {
        Ok(()) => Redirect::to("/account-activation/transfer").into_response(),
        Err(error) => {
            Redirect::to(&format!("/account-activation?error={}", code(&error))).into_response()
        }
    }
}
