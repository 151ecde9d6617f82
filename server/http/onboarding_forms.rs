//! Onboarding steps that work before the page hydrates (issue 10): the phone number and its
//! code, the identity check's agreement and the activation fee's bank-transfer choice post here
//! as plain forms. Each is the API's own call through the one door (`forms.rs`); the server
//! answers with a redirect carrying an error code the page turns into its message.

use axum::extract::State;
use axum::http::Method;
use axum::response::{IntoResponse, Redirect, Response};
use serde_json::json;

use super::forms::{back, FormPost};
use super::AppState;

/// The phone step's form: a number to verify (then its code is sent), the six cells of the
/// code input, each posted under `code`, or Back.
pub async fn phone(State(state): State<AppState>, form: FormPost) -> Response {
    // Back: to the personal details and address, where the flow allows it.
    if form.has("back") {
        let moved = form
            .call(&state, Method::POST, "/v1/users/kyc/back", None)
            .await;
        return if moved.ok() {
            Redirect::to("/controller").into_response()
        } else {
            back(&moved, "/phone-verification", &[], &[])
        };
    }
    if form.has("telephone") {
        let given = form
            .call(
                &state,
                Method::PATCH,
                "/v1/users/telephone",
                Some(json!({"telephone": form.get("telephone")})),
            )
            .await;
        let sent = if given.ok() {
            form.call(
                &state,
                Method::GET,
                "/v1/auth/send-verification-sms-auth",
                None,
            )
            .await
        } else {
            given
        };
        return if sent.ok() {
            Redirect::to("/phone-verification?sent=1").into_response()
        } else {
            back(&sent, "/phone-verification", &[], &["telephone"])
        };
    }
    let checked = form
        .call(
            &state,
            Method::POST,
            "/v1/auth/verify-sms-auth",
            Some(json!({"code": form.joined("code")})),
        )
        .await;
    if checked.ok() {
        return Redirect::to("/controller").into_response();
    }
    back(
        &checked,
        "/phone-verification",
        &[("sent", "1")],
        &["telephone"],
    )
}

/// The identity check's agreement: the checkbox posts `accepted=on` when ticked.
pub async fn agreement(State(state): State<AppState>, form: FormPost) -> Response {
    let answer = form
        .call(
            &state,
            Method::POST,
            "/v2/identity/agreement",
            Some(json!({"accepted": form.get("accepted") == "on"})),
        )
        .await;
    if answer.ok() {
        Redirect::to("/sumsub?step=widget").into_response()
    } else {
        back(&answer, "/sumsub", &[], &[])
    }
}

/// The bank-transfer choice of the paywall (SPEC §4: it sets registration_fee_pending).
pub async fn fee_transfer(State(state): State<AppState>, form: FormPost) -> Response {
    let answer = form
        .call(
            &state,
            Method::POST,
            "/v2/account-profiles/registration-fees/order",
            Some(json!({"method": "transfer"})),
        )
        .await;
    if answer.ok() {
        Redirect::to("/account-activation/transfer").into_response()
    } else {
        back(&answer, "/account-activation", &[], &[])
    }
}
