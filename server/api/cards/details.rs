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
use crate::domain::audit::AuditEvent;
use crate::domain::auth::mfa::Purpose;
use crate::domain::cards::access::binding;
use crate::domain::cards::cvv::security_code;
use crate::store;

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new().routes(routes!(take))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct DetailsRequest {
    card_id: String,
    /// The verified approval with purpose card_details for this card.
    request_id: String,
}

#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardDetails {
    /// Grouped in fours.
    pan: String,
    /// `MM/YY`.
    expiry: String,
    cvv: String,
    holder_name: String,
    /// How long the screen shows them before hiding them again.
    visible_for_s: u32,
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
    if card.user_id != profile.user_id {
        return Err(AppError::NotFound);
    }
    let mut conn = state.db.pool.acquire().await?;
    let approved = store::mfa::consume_approval(
        &mut conn,
        input.request_id.trim(),
        &profile.user_id,
        Purpose::CardDetails,
        &binding(Purpose::CardDetails, &card.id),
        state.db.now_ms(),
    )
    .await?;
    drop(conn);
    if !approved {
        return Err(refused(
            StatusCode::FORBIDDEN,
            "approval_required",
            "Approve showing the card's details first.",
        ));
    }
    let number = state
        .config
        .cards
        .vault
        .open(&card.pan_sealed)
        .map_err(|e| AppError::Internal(e.into()))?;
    let key = secrecy::ExposeSecret::expose_secret(&state.config.cards.verification_key);
    let details = CardDetails {
        pan: number.grouped(),
        expiry: card.expiry.printed(),
        cvv: security_code(key.as_bytes(), &number, card.expiry),
        holder_name: card.holder_name.clone(),
        visible_for_s: crate::domain::clock::whole_seconds(state.config.cards.details_visible),
    };
    if let Err(error) = store::audit::record(
        &state.db,
        Some(&profile.user_id),
        AuditEvent::CardDetailsShown,
        &ip.to_string(),
        &format!("card {}", card.id),
    )
    .await
    {
        tracing::error!(%error, "audit record failed");
    }
    let mut response = Json(details).into_response();
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("no-store, private"),
    );
    Ok(response)
}
