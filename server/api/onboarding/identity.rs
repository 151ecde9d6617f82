//! Identity verification (SPEC §2 "Verification screen: agreement step then widget step"): the
//! person agrees to the check, the app opens the provider's widget with an access token, and
//! the provider's signed webhook moves the KYC status on.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use tower::ServiceExt;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::in_step;
use crate::api::common_answers::Empty;
use crate::api::current_user::CurrentUser;
use crate::api::error::{ApiJson, AppError};
use crate::api::ApiState;
use crate::domain::ids::UserId;
use crate::domain::onboarding::journey::Step;
use crate::providers::identity::sandbox::SandboxIdentity;
use crate::providers::identity::{Applicant, Review, WidgetAccess};
use crate::rate_limit::{Limit, UserKey};
use crate::services::onboarding::identity;
use crate::services::onboarding::review;
use crate::services::users::person;

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(agree))
        .routes(routes!(access_token))
        .routes(routes!(webhook))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct AgreementInput {
    #[serde(default)]
    pub accepted: bool,
}

fn unavailable() -> AppError {
    AppError::refused(
        StatusCode::SERVICE_UNAVAILABLE,
        "identity_unavailable",
        "Verification unavailable",
        "Identity verification is not available right now. Please try again later.",
    )
}

/// Records the person's consent to the identity check (the agreement step).
#[utoipa::path(post, path = "/v2/identity/agreement", tag = "onboarding",
    request_body = AgreementInput, responses((status = 200, body = Empty)))]
async fn agree(
    State(state): State<ApiState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<AgreementInput>,
) -> Result<Json<Empty>, AppError> {
    record_agreement(&state, &user.user_id, input.accepted).await?;
    Ok(Json(Empty {}))
}

/// The agreement, for the API and the form that posts before the page hydrates.
pub async fn record_agreement(
    state: &ApiState,
    user_id: &UserId,
    accepted: bool,
) -> Result<(), AppError> {
    in_step(state, user_id, Step::Identity).await?;
    if !accepted {
        return Err(AppError::field("accepted", "Field is required"));
    }
    identity::agree(&state.db, user_id).await?;
    Ok(())
}

/// An access token for the verification widget; a new one when the widget says its token expired.
#[utoipa::path(post, path = "/v2/identity/access-tokens", tag = "onboarding",
    responses((status = 200, body = WidgetAccess)))]
async fn access_token(
    State(state): State<ApiState>,
    user: CurrentUser,
) -> Result<Json<WidgetAccess>, AppError> {
    Ok(Json(widget_access(&state, &user.user_id).await?))
}

pub async fn widget_access(state: &ApiState, user_id: &UserId) -> Result<WidgetAccess, AppError> {
    let row = in_step(state, user_id, Step::Identity).await?;
    if !identity::agreed(&state.db, user_id).await? {
        return Err(AppError::refused(
            StatusCode::CONFLICT,
            "agreement_required",
            "Agreement needed",
            "Please agree to the identity check first.",
        ));
    }
    state
        .limiter
        .check(Limit::IdentityTokensPerUser, &UserKey(user_id))
        .await?;
    let provider = state.identity.as_ref().ok_or_else(unavailable)?;
    let details = person::details(&state.db, user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let applicant = Applicant {
        user_id,
        email: &row.email,
        name: &details.name,
        surname: &details.surname,
        dob: details.dob.as_deref(),
        country: details.country.as_deref(),
    };
    let access = provider.access(&applicant).await;
    if let Some(party) = provider.party() {
        let outcome = access.as_ref().map(|_| ()).map_err(|e| e.to_string());
        crate::services::outside_parties::answered(&state.db, party, &outcome).await;
    }
    access.map_err(|error| {
        tracing::error!(%error, "identity widget token not issued");
        unavailable()
    })
}

/// The provider's review (Sumsub's webhook format, HMAC-signed). A bad signature is refused and
/// changes nothing; a replayed event finds the status moved on and changes nothing either.
#[utoipa::path(post, path = "/v2/webhooks/identity", tag = "onboarding",
    request_body(content = String, description = "The provider's JSON event, as signed"),
    responses((status = 200, body = Empty)))]
async fn webhook(
    State(state): State<ApiState>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Empty>, AppError> {
    let provider = state.identity.as_ref().ok_or(AppError::NotFound)?;
    let event = provider.read_webhook(&headers, &body).map_err(|error| {
        tracing::warn!(%error, "identity webhook refused");
        AppError::unauthorized(
            "bad_signature",
            "Refused",
            "The webhook signature does not match.",
        )
    })?;
    let Some(outcome) = event.review else {
        return Ok(Json(Empty {}));
    };
    review::apply_identity_review(
        &state.db,
        provider.name().as_str(),
        &UserId::from(&event.user_id),
        &event.applicant_id,
        outcome,
    )
    .await?;
    Ok(Json(Empty {}))
}

/// The sandbox reviewer tells the bank as Sumsub would: a signed webhook through the bank's own
/// router, so it takes the path a real one takes.
pub async fn sandbox_review(
    state: &ApiState,
    user_id: &UserId,
    review: Review,
) -> Result<(), AppError> {
    let sandbox = SandboxIdentity::new(
        state.config.identity.sandbox_secret.clone(),
        state.config.identity.token_lifetime,
        state.db.clock.clone(),
    );
    let (body, signature) = sandbox.webhook(user_id, review);
    let router = state
        .loopback
        .get()
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("loopback router not set")))?
        .clone();
    let request = axum::http::Request::post("/v2/webhooks/identity")
        .header("content-type", "application/json")
        .header("x-payload-digest", signature)
        .header("x-payload-digest-alg", "HMAC_SHA256_HEX")
        .body(axum::body::Body::from(body))
        .map_err(|e| AppError::Internal(e.into()))?;
    let reply = router
        .oneshot(request)
        .await
        .map_err(|e| AppError::Internal(anyhow::anyhow!("{e}")))?;
    if !reply.status().is_success() {
        return Err(AppError::Internal(anyhow::anyhow!(
            "sandbox webhook answered {}",
            reply.status()
        )));
    }
    Ok(())
}
