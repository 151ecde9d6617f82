//! A UK local transfer before the page hydrates (issue 11 point 7): the transfer form posts
//! here, the server asks for the SMS approval bound to the transfer and redirects to the
//! approval page, whose code form posts back here; the transfer is then submitted under the id
//! the server gave it on the first post, so a re-sent form never pays twice. Errors go back to
//! the page as a code it turns into its message.

use axum::extract::{FromRequest, FromRequestParts, Path, Request, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use axum::Form;

use super::AppState;
use crate::api::auth::step_up::check_sms;
use crate::api::auth::transfer_approval;
use crate::api::client_ip::ClientIp;
use crate::api::error::AppError;
use crate::api::payments::transfers::{self, Receiver, Sender, TransferBody, TransferTermsBody};
use crate::api::selected_profile::SelectedProfile;
use crate::domain::auth::mfa::{Method, Purpose};
use crate::domain::payments::payee::Scheme;
use crate::domain::payments::recipient::PayeeType;
use crate::store;

/// The transfer form's fields (the page's names), and on the approval page the request, the
/// transfer id and the code's six cells.
#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct TransferForm {
    #[serde(rename = "bankAccountId")]
    bank_account_id: String,
    amount: String,
    #[serde(rename = "recipientId")]
    recipient_id: String,
    name: String,
    #[serde(rename = "type")]
    kind: String,
    #[serde(rename = "ukSortCode")]
    uk_sort_code: String,
    #[serde(rename = "ukAccountNumber")]
    uk_account_number: String,
    details: String,
    request: String,
    id: String,
}

pub(super) async fn read(
    state: &AppState,
    request: Request,
) -> Result<(SelectedProfile, ClientIp, Vec<(String, String)>), Response> {
    let (mut parts, body) = request.into_parts();
    if !crate::api::origin_allowed(&parts.headers, &state.config.base_url) {
        return Err(StatusCode::FORBIDDEN.into_response());
    }
    let profile = SelectedProfile::from_request_parts(&mut parts, &state.api)
        .await
        .map_err(|_| Redirect::to("/login").into_response())?;
    let ip = ClientIp::from_request_parts(&mut parts, &state.api)
        .await
        .map_err(IntoResponse::into_response)?;
    let Form(pairs) =
        Form::<Vec<(String, String)>>::from_request(Request::from_parts(parts, body), state)
            .await
            .map_err(IntoResponse::into_response)?;
    Ok((profile, ip, pairs))
}

fn form_of(pairs: &[(String, String)]) -> (TransferForm, String) {
    let get = |name: &str| {
        pairs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.trim().to_string())
            .unwrap_or_default()
    };
    let code: String = pairs
        .iter()
        .filter(|(k, _)| k == "code")
        .map(|(_, v)| v.trim())
        .collect();
    (
        TransferForm {
            bank_account_id: get("bankAccountId"),
            // The amount input shows thousands separators; the value is the digits and point.
            amount: get("amount").replace(',', ""),
            recipient_id: get("recipientId"),
            name: get("name"),
            kind: get("type"),
            uk_sort_code: get("ukSortCode"),
            uk_account_number: get("ukAccountNumber"),
            details: get("details"),
            request: get("request"),
            id: get("id"),
        },
        code,
    )
}

/// The terms the form names: a saved UK local recipient, or a new UK payee typed in.
async fn terms_of(
    state: &AppState,
    profile: &SelectedProfile,
    form: &TransferForm,
) -> Result<TransferTermsBody, AppError> {
    let mut receiver = Receiver {
        name: form.name.clone(),
        kind: PayeeType::parse(&form.kind).or(Some(PayeeType::Company)),
        uk_sort_code: form.uk_sort_code.clone(),
        uk_account_number: form.uk_account_number.clone(),
        ..Default::default()
    };
    if !form.recipient_id.is_empty() {
        let saved = store::recipients::find(&state.api.db, &profile.profile_id, &form.recipient_id)
            .await?
            .filter(|r| r.recipient.scheme == Scheme::Local)
            .ok_or(AppError::NotFound)?;
        let r = saved.recipient;
        receiver.name = r.name;
        receiver.kind = Some(r.kind);
        receiver.uk_sort_code = r.uk_sort_code.unwrap_or_default();
        receiver.uk_account_number = r.uk_account_number.unwrap_or_default();
    }
    Ok(TransferTermsBody {
        amount: form.amount.clone(),
        sender: Sender {
            bank_account_id: form.bank_account_id.clone(),
        },
        receiver,
        details: form.details.clone(),
        scheme: Some(Scheme::Local),
    })
}

/// An error code for the page: the first field's name, else the refusal's code.
pub(super) fn code(error: &AppError) -> String {
    match error {
        AppError::Fields(fields) if fields.contains_key("amount") => "amount".into(),
        AppError::Fields(_) => "required".into(),
        AppError::Refused { code, .. } => (*code).to_string(),
        AppError::TooManyRequests(_) => "rate_limited".into(),
        _ => "failed".into(),
    }
}

fn query(form: &TransferForm, extra: &[(&str, &str)]) -> String {
    let mut url = url::form_urlencoded::Serializer::new(String::new());
    for (name, value) in [
        ("bankAccountId", form.bank_account_id.as_str()),
        ("amount", &form.amount),
        ("recipientId", &form.recipient_id),
        ("name", &form.name),
        ("type", &form.kind),
        ("ukSortCode", &form.uk_sort_code),
        ("ukAccountNumber", &form.uk_account_number),
        ("details", &form.details),
    ] {
        if !value.is_empty() {
            url.append_pair(name, value);
        }
    }
    for (name, value) in extra {
        url.append_pair(name, value);
    }
    url.finish()
}

/// The transfer form: check it, ask for the SMS approval, and go to the approval page.
pub async fn start(
    State(state): State<AppState>,
    Path(realm): Path<String>,
    request: Request,
) -> Response {
    let (profile, _, pairs) = match read(&state, request).await {
        Ok(read) => read,
        Err(response) => return response,
    };
    let (form, _) = form_of(&pairs);
    let back = |error: &AppError| {
        Redirect::to(&format!(
            "/transfer/{realm}?{}",
            query(&form, &[("error", &code(error))])
        ))
        .into_response()
    };
    let terms = match terms_of(&state, &profile, &form).await {
        Ok(terms) => terms,
        Err(error) => return back(&error),
    };
    match transfer_approval::start(&state.api, &profile, Some(Method::Sms), &terms).await {
        Ok(step) => {
            let id = uuid::Uuid::new_v4().to_string();
            Redirect::to(&format!(
                "/transfer/approve?{}",
                query(&form, &[("request", &step.request_id), ("id", &id)])
            ))
            .into_response()
        }
        Err(error) => back(&error),
    }
}

/// The approval page's code: check it, then submit the transfer it approves.
pub async fn confirm(State(state): State<AppState>, request: Request) -> Response {
    let (profile, ip, pairs) = match read(&state, request).await {
        Ok(read) => read,
        Err(response) => return response,
    };
    let (form, code_text) = form_of(&pairs);
    let back = |error: &AppError| {
        Redirect::to(&format!(
            "/transfer/approve?{}",
            query(
                &form,
                &[
                    ("request", &form.request),
                    ("id", &form.id),
                    ("error", &code(error))
                ]
            )
        ))
        .into_response()
    };
    let terms = match terms_of(&state, &profile, &form).await {
        Ok(terms) => terms,
        Err(error) => return back(&error),
    };
    // A form sent again after the transfer went through answers where the first one went.
    if let Ok(Some(done)) = store::transfers::find(&state.api.db, &form.id).await {
        if done.profile_id == profile.profile_id {
            return Redirect::to(&format!(
                "/dashboard?account={}&txn={}",
                done.bank_account_id, done.transaction_id
            ))
            .into_response();
        }
    }
    if let Err(error) = check_sms(
        &state.api,
        &ip,
        &profile.user_id,
        &form.request,
        &code_text,
        Purpose::Transfer,
    )
    .await
    {
        return back(&error);
    }
    let body = TransferBody {
        id: form.id.clone(),
        request_id: form.request.clone(),
        terms,
        attachments: Vec::new(),
    };
    match transfers::submit(&state.api, &profile, &body).await {
        Ok(result) => match result.transaction_id() {
            Some(txn) => Redirect::to(&format!(
                "/dashboard?account={}&txn={txn}",
                form.bank_account_id
            ))
            .into_response(),
            // Above the approval threshold: it waits on the dashboard for a colleague.
            None => Redirect::to(&format!("/dashboard?account={}", form.bank_account_id))
                .into_response(),
        },
        Err(error) => back(&error),
    }
}
