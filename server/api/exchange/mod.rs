//! Currency exchange (SPEC §7 Exchange calls; issue 12): quotes and conversions between the
//! selected profile's own accounts. Every call needs the transaction right to pay (SPEC §6) and
//! the currencyExchange flag (SPEC §1), checked here, whatever the app shows.

pub mod conversions;
pub mod quotes;

use axum::http::StatusCode;
use utoipa_axum::router::OpenApiRouter;

use super::error::AppError;
use super::selected_profile::SelectedProfile;
use super::ApiState;

pub fn routes() -> OpenApiRouter<ApiState> {
    quotes::routes().merge(conversions::routes())
}

/// The right to pay and the feature flag.
pub(crate) async fn require_exchange(
    state: &ApiState,
    profile: &SelectedProfile,
) -> Result<(), AppError> {
    crate::api::payments::recipients::require_full(profile)?;
    if crate::api::engagement::effective_flags(state)
        .await?
        .get(crate::domain::engagement::features::Flag::CurrencyExchange)
    {
        Ok(())
    } else {
        Err(AppError::refused(
            StatusCode::FORBIDDEN,
            "feature_disabled",
            "Currency Exchange",
            "Currency exchange is not available.",
        ))
    }
}
