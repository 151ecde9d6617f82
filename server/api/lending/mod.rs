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
