//! Cards (SPEC §7 Cards calls; issue 14): ordering and delivery (`ordering`), activation,
//! freezing, closing, PIN and limits (`managing`), and the card's details behind an approval
//! (`details`). The rights table lets members with a complete UK account in; here each call
//! checks the card is one the caller may touch: their own, or, for an Account Owner, any card
//! of the company.

pub mod authorizations;
pub mod corporate;
pub mod details;
pub mod managing;
pub mod ordering;
pub mod referrals;

use axum::http::StatusCode;
use utoipa_axum::router::OpenApiRouter;

use super::error::AppError;
use super::selected_profile::SelectedProfile;
use super::ApiState;
use crate::domain::cards::status::{CardStatus, ClosureReason};
use crate::domain::ids::CardId;
use crate::services::cards::CardRow;

pub fn routes() -> OpenApiRouter<ApiState> {
    ordering::routes()
        .merge(managing::routes())
        .merge(details::routes())
        .merge(authorizations::routes())
        .merge(corporate::routes())
        .merge(referrals::routes())
}

/// SPEC §3 "Card".
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Debug)]
#[serde(rename_all = "camelCase")]
pub struct CardView {
    pub id: String,
    pub status: CardStatus,
    /// What the status means for the holder now.
    pub status_hint: String,
    pub pan_masked: String,
    pub holder_name: String,
    /// A card of the holder's own (not a corporate card given by the company).
    pub is_primary: bool,
    pub is_corporate: bool,
    pub user_id: String,
    pub bank_account_id: String,
    /// `MM/YY`.
    pub expiry: String,
    pub closure_reason: Option<ClosureReason>,
    /// Where it was sent, one line.
    pub shipping_address: String,
    /// When a travelling card takes its next delivery step (ordered, being made, in the post):
    /// the cards page asks again then, so its tracker moves on by itself.
    pub next_step_at: Option<String>,
}

fn hint(card: &CardRow) -> String {
    let address = card.shipping_address.one_line();
    match card.status {
        CardStatus::Draft => "Your card is ordered".into(),
        CardStatus::OrderPreProcessing => "Your card is being made".into(),
        CardStatus::InDelivery => format!("Your card is on its way to {address}"),
        CardStatus::ActivationPending => {
            "Your card has arrived: activate it to start paying".into()
        }
        CardStatus::Active => "Ready to pay".into(),
        CardStatus::Inactive => "Frozen: payments are declined until you unfreeze it".into(),
        CardStatus::Closed => match card.closure_reason {
            Some(reason) => format!("Closed: {}", reason.label()),
            None => "Closed".into(),
        },
    }
}

pub fn view(card: &CardRow) -> CardView {
    CardView {
        id: card.id.to_string(),
        status: card.status,
        status_hint: hint(card),
        pan_masked: card.pan_masked(),
        holder_name: card.holder_name.clone(),
        is_primary: !card.is_corporate,
        is_corporate: card.is_corporate,
        user_id: card.user_id.to_string(),
        bank_account_id: card.bank_account_id.to_string(),
        expiry: card.expiry.printed(),
        closure_reason: card.closure_reason,
        shipping_address: card.shipping_address.one_line(),
        next_step_at: card
            .status
            .delivery_step()
            .and(card.next_step_at)
            .map(crate::api::accounts::transactions::iso_time),
    }
}

/// The card named by a request, if the caller may touch it; else 404, as if it did not exist.
pub async fn managed(
    state: &ApiState,
    profile: &SelectedProfile,
    card_id: &str,
) -> Result<CardRow, AppError> {
    let id = CardId::from(card_id.trim());
    crate::services::cards::managed(&state.db, &profile.card_member(), &id)
        .await?
        .ok_or(AppError::NotFound)
}

fn refused(status: StatusCode, code: &'static str, message: &str) -> AppError {
    AppError::refused(status, code, "Cards", message)
}

impl From<crate::services::cards::issuing::IssueError> for AppError {
    fn from(error: crate::services::cards::issuing::IssueError) -> Self {
        use crate::services::cards::issuing::IssueError;
        match error {
            IssueError::NoCardAccount => refused(
                StatusCode::CONFLICT,
                "account_not_active",
                "Cards need an active GBP account.",
            ),
            IssueError::Storage(error) => error.into(),
        }
    }
}
