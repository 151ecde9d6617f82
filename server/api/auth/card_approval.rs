//! Approving an action on a card (issue 14 point 1): seeing its details, or closing it. The
//! approval is bound to the card and the purpose, as a transfer's is to its terms.

use super::login::MfaStep;
use crate::api::error::AppError;
use crate::api::selected_profile::Member;
use crate::api::ApiState;
use crate::domain::auth::mfa::{Method, Purpose};
use crate::domain::cards::access::binding;
use crate::domain::ids::CardId;

/// Starts an approval to see a card's details or to close it.
pub async fn start_approval(
    state: &ApiState,
    member: &Member,
    method: Option<Method>,
    purpose: Purpose,
    card_id: &str,
) -> Result<MfaStep, AppError> {
    let profile = &member.profile;
    let card_id = CardId::from(card_id.trim());
    let card = crate::services::cards::managed(&state.db, &profile.card_member(), &card_id)
        .await?
        .ok_or(AppError::NotFound)?;
    if purpose == Purpose::CardDetails && card.user_id != profile.user_id {
        // Only the holder sees the number, not even the company's owner.
        return Err(AppError::NotFound);
    }
    let what = match purpose {
        Purpose::CardClosure => "close",
        _ => "show the details of",
    };
    let company = state.config.company.trading_name.clone();
    let last_four = card.last_four.clone();
    super::transfer_approval::start_bound(
        state,
        &member.user,
        purpose,
        &binding(purpose, &card.id),
        method,
        "Card approval code",
        |code| {
            format!(
                "{company}: to {what} your card ending {last_four}, enter {code}. \
                 Never share this code."
            )
        },
    )
    .await
}
