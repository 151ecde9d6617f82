//! The lender's decisions (issue 30 point 6). The sandbox lender signs its webhook: a forged or
//! altered one is refused and changes nothing. YouLend's notifications are not signed: they only
//! name the lead, and the bank asks YouLend for its state, so a forged one changes nothing
//! either. A decision the application cannot take (a replay, out of order) is answered 200 so
//! the lender stops retrying, and changes nothing.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::client_ip::ClientIp;
use crate::api::common_answers::Empty;
use crate::api::error::AppError;
use crate::api::ApiState;
use crate::providers::lending::{Asked, Notified};
use crate::services::lending::decisions::{self, DecisionError, Outcome};
use crate::services::lending::loans;

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new().routes(routes!(lending_webhook))
}

#[utoipa::path(post, path = "/v2/webhooks/lending", tag = "lending",
    request_body(content = String, description = "The lender's JSON decision, as signed"),
    responses((status = 200, body = Empty)))]
async fn lending_webhook(
    State(state): State<ApiState>,
    ip: ClientIp,
    headers: axum::http::HeaderMap,
    body: axum::body::Bytes,
) -> Result<Json<Empty>, AppError> {
    let lender = state.lending.as_ref().ok_or(AppError::NotFound)?;
    let notified = lender.read_webhook(&headers, &body).map_err(|error| {
        tracing::warn!(%error, "lending webhook refused");
        AppError::unauthorized(
            "bad_signature",
            "Refused",
            "The webhook signature does not match.",
        )
    })?;
    let decision = match notified {
        Notified::Decided(decision) => decision,
        Notified::Changed { provider_ref } => {
            let known = loans::by_provider_ref(&state.db, lender.name(), &provider_ref).await?;
            let Some(known) = known else {
                tracing::warn!(
                    reference = provider_ref,
                    "lending notice for an unknown application"
                );
                return Err(AppError::NotFound);
            };
            let asked = Asked {
                provider_ref,
                customer_id: known.profile_id.to_string(),
                applied_day: known.applied_day,
            };
            match lender.current(&asked).await {
                Ok(Some(decision)) => decision,
                Ok(None) => return Ok(Json(Empty {})),
                Err(error) => {
                    // The lender sends its notice again while it is not taken.
                    tracing::warn!(%error, "the lender could not be asked");
                    return Err(AppError::refused(
                        StatusCode::SERVICE_UNAVAILABLE,
                        "lender_unavailable",
                        "Lender unavailable",
                        "The lender could not be reached; send the notice again.",
                    ));
                }
            }
        }
    };
    let decider = decisions::Decider {
        provider: lender.name(),
        lender_name: lender.lender_name(),
        trading_name: &state.config.company.trading_name,
        notify: &state.notify,
    };
    let outcome = decisions::apply(&state.db, &decider, &decision, &ip.0.to_string())
    .await
    .map_err(|error| match error {
        // The lender retries; the person's account is looked at meanwhile.
        DecisionError::NotPaid(error) => {
            tracing::error!(%error, reference = decision.provider_ref, "a loan could not be paid in");
            AppError::refused(
                StatusCode::CONFLICT,
                "not_paid_in",
                "Not paid in",
                "The account cannot take the money now.",
            )
        }
        DecisionError::Storage(error) => error.into(),
    })?;
    match outcome {
        Outcome::Unknown => {
            tracing::warn!(
                reference = decision.provider_ref,
                "lending webhook for an unknown application"
            );
            Err(AppError::NotFound)
        }
        Outcome::Moved | Outcome::Ignored => Ok(Json(Empty {})),
    }
}
