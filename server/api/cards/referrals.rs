//! The card referral programme (SPEC §7 POST /v2/cards/referral-programs): a customer's link
//! for friends, what it pays and how their referrals stand (SPEC §3 pending, active, rewarded).
//! The reward is paid by a background job once the friend activates their first card
//! (store/referrals.rs).

use axum::extract::State;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::error::AppError;
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
use crate::domain::accounts::money::{self, Currency};
use crate::services::cards::{self, ReferralState};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new().routes(routes!(programs))
}

/// One friend the customer referred.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReferralView {
    pub id: String,
    /// The friend's name once they have given it.
    pub name: String,
    pub state: ReferralState,
    /// GBP, a decimal string.
    pub reward: String,
    /// RFC 3339.
    pub created_at: String,
}

/// The card referral programme as the customer sees it.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardReferralProgram {
    /// The customer's code, in the link.
    pub code: String,
    /// The sign-up link to share.
    pub link: String,
    /// What the customer gets for each friend, GBP as a decimal string.
    pub reward: String,
    /// The terms in one sentence.
    pub terms: String,
    pub referrals: Vec<ReferralView>,
}

/// SPEC §7 POST /v2/cards/referral-programs: the caller's link, the reward and their referrals.
#[utoipa::path(post, path = "/v2/cards/referral-programs", tag = "cards",
    responses((status = 200, body = CardReferralProgram)))]
async fn programs(
    State(state): State<ApiState>,
    profile: SelectedProfile,
) -> Result<Json<CardReferralProgram>, AppError> {
    let (code, referrals) = cards::referrals(&state.db, &profile.user_id).await?;
    let reward = state.config.cards.referral_reward;
    let link = crate::domain::engagement::referrals::link(
        &state.config.base_url,
        &code,
        crate::domain::engagement::referrals::Programme::Card,
    );
    let shown = money::display(reward, Currency::Gbp);
    let referrals = referrals
        .into_iter()
        .map(|row| ReferralView {
            id: row.id,
            name: row.referred_name,
            state: row.state,
            reward: money::decimal(row.reward),
            created_at: crate::api::accounts::transactions::iso_time(row.created_at),
        })
        .collect();
    Ok(Json(CardReferralProgram {
        link,
        code,
        reward: money::decimal(reward),
        terms: format!(
            "You get {shown} in your GBP account for each friend who opens an account with your link and activates their first card."
        ),
        referrals,
    }))
}
