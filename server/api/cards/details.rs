//! The card's full number, expiry and security code (SPEC §7 POST /v2/cards/details/take),
//! shown only to the holder, only after an approval with purpose card_details for this card,
//! never cached (issue 14 point 1). Closing a card takes an approval too (purpose
//! card_closure); both are started by POST /v2/auth/mfa/generate with the card's id.

use axum::extract::State;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{managed, refused};
use crate::api::client_ip::ClientIp;
use crate::api::error::{ApiJson, AppError};
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
use crate::services::cards::details::{self, DetailsError};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new().routes(routes!(take))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct DetailsRequest {
    pub card_id: String,
    /// The verified approval with purpose card_details for this card.
    pub request_id: String,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardDetails {
    /// Grouped in fours.
    pub pan: String,
    /// `MM/YY`.
    pub expiry: String,
    pub cvv: String,
    pub holder_name: String,
    /// How long the screen shows them before hiding them again.
    pub visible_for_s: u32,
}

#[utoipa::path(post, path = "/v2/cards/details/take", tag = "cards", request_body = DetailsRequest,
    responses((status = 200, body = CardDetails)))]
async fn take(
    State(state): State<ApiState>,
    ip: ClientIp,
    profile: SelectedProfile,
    ApiJson(input): ApiJson<DetailsRequest>,
) -> Result<Response, AppError> {
    let card = managed(&state, &profile, &input.card_id).await?;
    let shown = details::take(
        &state.db,
        &state.config,
        &profile.user_id,
        &ip.to_string(),
        &card,
        &input.request_id,
    )
    .await
    .map_err(|error| match error {
        DetailsError::NotHolder => AppError::NotFound,
        DetailsError::ApprovalRequired => refused(
            StatusCode::FORBIDDEN,
            "approval_required",
            "Approve showing the card's details first.",
        ),
        DetailsError::Sealed(error) => AppError::Internal(error.into()),
        DetailsError::Storage(error) => error.into(),
    })?;
    let details = CardDetails {
        pan: shown.number.grouped(),
        expiry: card.expiry.printed(),
        cvv: shown.security_code,
        holder_name: card.holder_name.clone(),
        visible_for_s: crate::domain::clock::whole_seconds(state.config.cards.details_visible),
    };
    let mut response = Json(details).into_response();
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("no-store, private"),
    );
    Ok(response)
}
