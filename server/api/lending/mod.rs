//! Finance (SPEC §7 Loans; issue 30): loan applications and the lender's webhook. Who may apply
//! depends on the product the body names (SPEC §6), so the handlers check it; `api/rights.rs`
//! lets through members of a business only.

pub mod factoring;
pub mod loans;
pub mod merchant;
pub mod mortgage;
pub mod webhook;

use utoipa_axum::router::OpenApiRouter;

use super::ApiState;

pub fn routes() -> OpenApiRouter<ApiState> {
    loans::routes()
        .merge(webhook::routes())
        .merge(merchant::routes())
        .merge(mortgage::routes())
        .merge(factoring::routes())
}

/// Every call that reaches a lender or an acquirer, or keeps a draft for one, counts against
/// the person's limit first.
pub(crate) async fn limit(
    state: &ApiState,
    profile: &crate::api::selected_profile::SelectedProfile,
) -> Result<(), crate::api::error::AppError> {
    state
        .limiter
        .check(
            crate::rate_limit::Limit::FinanceApplicationsPerUser,
            &crate::rate_limit::UserKey(&profile.user_id),
        )
        .await?;
    Ok(())
}

/// The lender, when one stands behind the product (none: the product is not offered).
pub(crate) fn lender_for(
    state: &ApiState,
    product: crate::domain::lending::application::Product,
) -> Option<std::sync::Arc<dyn crate::providers::lending::LendingProvider>> {
    state
        .lending
        .as_ref()
        .filter(|lender| lender.offers(product))
        .cloned()
}
