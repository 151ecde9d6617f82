//! The lender's decisions (issue 30 point 6): a signed webhook. A forged or altered one is
//! refused and changes nothing; one the application cannot take (a replay, out of order) is
//! answered 200 so the lender stops retrying, and changes nothing either.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::client_ip::ClientIp;
use crate::api::common_answers::Empty;
use crate::api::error::AppError;
use crate::api::ApiState;
use crate::services::lending::decisions::{self, DecisionError, Outcome};

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
    let decision = lender.read_webhook(&headers, &body).map_err(|error| {
        tracing::warn!(%error, "lending webhook refused");
        AppError::unauthorized(
            "bad_signature",
            "Refused",
            "The webhook signature does not match.",
        )
    })?;
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
