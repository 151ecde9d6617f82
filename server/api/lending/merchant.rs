//! SPEC §7 `POST /v2/merchant-applications/fetch` and `POST /v2/merchant-applications
//! {provider, form}`; SPEC §3 Merchant application (provider decta, state {value, label},
//! form); SPEC §4 Merchant states; and the acquirer's signed decisions.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::client_ip::ClientIp;
use crate::api::common_answers::Empty;
use crate::api::error::{ApiJson, AppError};
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
use crate::domain::lending::application::MerchantState;
use crate::domain::lending::merchant::{self, MerchantForm};
use crate::services::lending::merchant::{self as service, ApplyError, MerchantApplication};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(fetch))
        .routes(routes!(create))
        .routes(routes!(merchant_webhook))
}

/// SPEC §3 state {value, label}.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct MerchantStateView {
    pub value: MerchantState,
    pub label: String,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MerchantApplicationView {
    pub id: String,
    pub provider: String,
    pub state: MerchantStateView,
    pub form: MerchantForm,
    /// The acquirer's question while it waits for an answer, or its reason for a rejection.
    pub note: Option<String>,
    /// Where the business continues with the acquirer, while there is something to do there.
    pub redirect_uri: Option<String>,
    /// The merchant account, once active.
    pub merchant_id: Option<String>,
}

fn view(application: MerchantApplication) -> MerchantApplicationView {
    let open = matches!(
        application.state,
        MerchantState::Pending | MerchantState::AgreementSent
    );
    MerchantApplicationView {
        state: MerchantStateView {
            value: application.state,
            label: application.state.label().to_string(),
        },
        redirect_uri: application.redirect_uri.filter(|_| open),
        id: application.id,
        provider: application.provider,
        form: application.form,
        note: application.note,
        merchant_id: application.merchant_id,
    }
}

/// The business's application; none is SPEC §4's 'Start Applying'.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct MerchantApplications {
    pub application: Option<MerchantApplicationView>,
}

fn no_acquirer() -> AppError {
    AppError::unavailable(
        "acquiring_unavailable",
        "Card acceptance is not available at the moment.",
    )
}

#[utoipa::path(post, path = "/v2/merchant-applications/fetch", tag = "merchant",
    responses((status = 200, body = MerchantApplications)))]
async fn fetch(
    State(state): State<ApiState>,
    profile: SelectedProfile,
) -> Result<Json<MerchantApplications>, AppError> {
    if state.merchant_acquirer.is_none() {
        return Err(no_acquirer());
    }
    let application = service::of_profile(&state.db, &profile.profile_id).await?;
    Ok(Json(MerchantApplications {
        application: application.map(view),
    }))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default)]
#[serde(default)]
pub struct MerchantApplicationInput {
    /// SPEC §3: decta.
    pub provider: String,
    pub form: MerchantForm,
}

#[utoipa::path(post, path = "/v2/merchant-applications", tag = "merchant",
    request_body = MerchantApplicationInput, responses((status = 200, body = MerchantApplicationView)))]
async fn create(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ip: ClientIp,
    ApiJson(input): ApiJson<MerchantApplicationInput>,
) -> Result<Json<MerchantApplicationView>, AppError> {
    let acquirer = state.merchant_acquirer.clone().ok_or_else(no_acquirer)?;
    super::limit(&state, &profile).await?;
    if input.provider != acquirer.name() {
        return Err(AppError::field("provider", merchant::REQUIRED));
    }
    let form = merchant::check(&input.form).map_err(|errors| {
        AppError::Fields(
            errors
                .into_iter()
                .map(|(field, message)| (format!("form.{field}"), message))
                .collect(),
        )
    })?;
    let application = service::apply(
        &state.db,
        &acquirer,
        &profile.profile_id,
        &profile.user_id,
        &form,
        &ip.0.to_string(),
    )
    .await
    .map_err(|error| match error {
        ApplyError::Exists(_) => AppError::refused(
            StatusCode::CONFLICT,
            "merchant_application_exists",
            "Already applied",
            "Your business has an application for card acceptance already.",
        ),
        ApplyError::Acquirer(error) => {
            tracing::warn!(%error, "the acquirer did not take a merchant application");
            AppError::unavailable(
                "acquirer_unavailable",
                "The acquirer could not take your application just now. Please try again later.",
            )
        }
        ApplyError::Storage(error) => error.into(),
    })?;
    Ok(Json(view(application)))
}

#[utoipa::path(post, path = "/v2/webhooks/merchant-acquiring", tag = "merchant",
    request_body(content = String, description = "The acquirer's JSON decision, as signed"),
    responses((status = 200, body = Empty)))]
async fn merchant_webhook(
    State(state): State<ApiState>,
    ip: ClientIp,
    headers: axum::http::HeaderMap,
    body: axum::body::Bytes,
) -> Result<Json<Empty>, AppError> {
    let acquirer = state.merchant_acquirer.as_ref().ok_or(AppError::NotFound)?;
    let decision = acquirer.read_webhook(&headers, &body).map_err(|error| {
        tracing::warn!(%error, "merchant acquiring webhook refused");
        AppError::unauthorized(
            "bad_signature",
            "Refused",
            "The webhook signature does not match.",
        )
    })?;
    match service::decide(
        &state.db,
        &state.notify,
        acquirer.name(),
        &decision,
        &ip.0.to_string(),
    )
    .await?
    {
        None => Err(AppError::NotFound),
        Some(_) => Ok(Json(Empty {})),
    }
}
