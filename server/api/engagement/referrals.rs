//! The account referral programme (SPEC §7 POST /v2/users/referrals, /referrals/invites both
//! verbs, POST /v2/short-links/take; §3 referral states; §9 invites page 1 limit 100), while the
//! referrals flag is on (the rights table).

use axum::extract::State;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::common_answers::Success;
use crate::api::error::{ApiJson, ApiQuery, AppError};
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
use crate::domain::accounts::money::{self, Currency};
use crate::domain::auth::email::Email;
use crate::domain::engagement::referrals::{self, Programme, ReferralState, INVITES_LIMIT};
use crate::domain::paging::Paging;
use crate::rate_limit::{Limit, UserKey};
use crate::services::engagement::referrals::{self as service, Invitation, InviteError};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(programme))
        .routes(routes!(invite, invites))
        .routes(routes!(short_link))
}

/// The account referral programme as the customer sees it.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReferralProgramme {
    /// The customer's code, in the link.
    pub code: String,
    /// The sign-up link to share.
    pub link: String,
    /// The same link, short, on the bank's own domain.
    pub short_link: String,
    /// What the customer gets for each friend, GBP as a decimal string.
    pub reward: String,
    /// The terms in one sentence.
    pub terms: String,
    /// The default WhatsApp message, with the short link.
    pub whatsapp_message: String,
}

fn short_url(state: &ApiState, code: &str) -> String {
    format!("{}/s/{code}", state.config.base_url)
}

/// The path of a link on the bank's own domain (`/…`, or the bank's base URL then `/…`).
fn own_path<'a>(state: &ApiState, url: &'a str) -> Option<&'a str> {
    let path = url.trim();
    let path = path
        .strip_prefix(state.config.base_url.as_str())
        .unwrap_or(path);
    (path.starts_with('/') && !path.starts_with("//") && path.len() <= 512).then_some(path)
}

/// SPEC §7 POST /v2/users/referrals: the caller's code, link, short link and what it pays.
#[utoipa::path(post, path = "/v2/users/referrals", tag = "users",
    responses((status = 200, body = ReferralProgramme)))]
async fn programme(
    State(state): State<ApiState>,
    profile: SelectedProfile,
) -> Result<Json<ReferralProgramme>, AppError> {
    let code = service::code(&state.db, &profile.user_id).await?;
    let link = referrals::link(&state.config.base_url, &code, Programme::Account);
    let path = own_path(&state, &link).unwrap_or("/").to_string();
    let short_link = short_url(&state, &service::short_link(&state.db, &path).await?);
    let reward = money::display(state.config.referral_reward, Currency::Gbp);
    Ok(Json(ReferralProgramme {
        whatsapp_message: referrals::whatsapp_message(
            &state.config.company.trading_name,
            &reward,
            &short_link,
        ),
        terms: format!(
            "You get {reward} in your GBP account for each friend who opens an account with your link or your email invitation, once their account is ready."
        ),
        reward: money::decimal(state.config.referral_reward),
        code,
        link,
        short_link,
    }))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct InviteInput {
    #[serde(default)]
    pub email: String,
}

/// SPEC §7 POST /v2/users/referrals/invites: invites a friend by email with the caller's link.
#[utoipa::path(post, path = "/v2/users/referrals/invites", tag = "users",
    request_body = InviteInput, responses((status = 200, body = Success)))]
async fn invite(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(input): ApiJson<InviteInput>,
) -> Result<Json<Success>, AppError> {
    let email = Email::parse(&input.email).map_err(|message| AppError::field("email", message))?;
    state
        .limiter
        .check(Limit::ReferralInvitesPerUser, &UserKey(&profile.user_id))
        .await?;
    state
        .limiter
        .check(Limit::ReferralInvitesPerAddress, &email)
        .await?;
    let code = service::code(&state.db, &profile.user_id).await?;
    let link = referrals::link(&state.config.base_url, &code, Programme::Account);
    service::invite(
        &state.db,
        &state.notify,
        &profile.user_id,
        &email,
        &Invitation {
            link: &link,
            company: &state.config.company,
        },
    )
    .await
    .map_err(|error| match error {
        InviteError::Storage(error) => AppError::from(error),
        InviteError::Send(error) => AppError::from(error),
    })?;
    Ok(Json(Success {
        success: true,
        message: Some("Success".into()),
    }))
}

#[derive(serde::Deserialize, serde::Serialize, Default, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", default)]
#[into_params(parameter_in = Query)]
pub struct InvitesQuery {
    pub page: Option<i64>,
    pub limit: Option<i64>,
}

/// A friend the caller invited.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InviteView {
    pub email: String,
    /// pending when invited, active when the friend's account is ready, rewarded when paid.
    pub state: ReferralState,
    /// RFC 3339.
    pub invited_at: String,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitePage {
    pub results: Vec<InviteView>,
    pub total_pages: i64,
    pub total_results: i64,
}

/// SPEC §7 GET /v2/users/referrals/invites?page=1&limit=100: the friends the caller invited.
#[utoipa::path(get, path = "/v2/users/referrals/invites", tag = "users", params(InvitesQuery),
    responses((status = 200, body = InvitePage)))]
async fn invites(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiQuery(query): ApiQuery<InvitesQuery>,
) -> Result<Json<InvitePage>, AppError> {
    let max = i64::from(INVITES_LIMIT);
    let paging = Paging::parse(query.page, query.limit, max, max)
        .map_err(|(field, message)| AppError::field(field, &message))?;
    let (rows, total) = service::invites(
        &state.db,
        &profile.user_id,
        u32::try_from(paging.page()).unwrap_or(1),
        u32::try_from(paging.limit()).unwrap_or(INVITES_LIMIT),
    )
    .await?;
    Ok(Json(InvitePage {
        results: rows
            .into_iter()
            .map(|row| InviteView {
                email: row.email,
                state: row.state,
                invited_at: crate::domain::london::iso_time(row.invited_at),
            })
            .collect(),
        total_pages: paging.total_pages(total),
        total_results: total,
    }))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct ShortLinkInput {
    /// A path of the bank (`/…`) or a link on its own domain.
    #[serde(default)]
    pub url: String,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShortLink {
    pub short_url: String,
}

/// SPEC §7 POST /v2/short-links/take: a short link on the bank's own domain; links elsewhere are
/// refused (the bank's domain never redirects to someone else's).
#[utoipa::path(post, path = "/v2/short-links/take", tag = "users",
    request_body = ShortLinkInput, responses((status = 200, body = ShortLink)))]
async fn short_link(
    State(state): State<ApiState>,
    _profile: SelectedProfile,
    ApiJson(input): ApiJson<ShortLinkInput>,
) -> Result<Json<ShortLink>, AppError> {
    let path = own_path(&state, &input.url)
        .ok_or_else(|| AppError::field("url", "Only links to this bank can be shortened"))?;
    let code = service::short_link(&state.db, path).await?;
    Ok(Json(ShortLink {
        short_url: short_url(&state, &code),
    }))
}
