//! Invitations (SPEC §7 Invitations calls; issue 13 point 3). An Account Owner invites a
//! colleague by email while the userInvite flag is on; the email carries a single-use link that
//! works for 7 days. The invitee accepts or declines (by the link, or signed in with the invited
//! email); the owner resends or revokes. Every step is audit-logged.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::client_ip::ClientIp;
use crate::api::current_user::CurrentUser;
use crate::api::error::{ApiJson, AppError};
use crate::api::selected_profile::SelectedProfile;
use crate::api::{rights, ApiState};
use crate::domain::auth::email::Email;
use crate::domain::cards::shipping::{ShippingAddress, ShippingType};
use crate::domain::ids::UserId;
use crate::domain::profiles::access::Role;
use crate::domain::profiles::invitation::{self, InvitationState, InviteInput, Purpose};
use crate::rate_limit::{Limit, UserKey};
use crate::services::profiles::invitations::{self, InvitationError, InvitationRow};
use crate::services::profiles::invitations::{Inviter, Mailer};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(invite, revoke))
        .routes(routes!(resend))
        .routes(routes!(take))
        .routes(routes!(fetch))
        .routes(routes!(verify))
        .routes(routes!(accept))
        .routes(routes!(decline))
        .routes(routes!(occupations))
}

/// SPEC §3 "Invitation".
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitationView {
    pub id: String,
    pub reference: String,
    pub name: String,
    pub email: String,
    pub state: InvitationState,
    pub role: Role,
    pub occupation: Option<String>,
    pub rights: Vec<String>,
    /// The company the invitation is to.
    pub profile_name: String,
    /// RFC 3339.
    pub expires_at: String,
    pub purpose: Purpose,
}

pub fn view(row: InvitationRow) -> InvitationView {
    InvitationView {
        id: row.id,
        reference: row.reference,
        name: row.name,
        email: row.email,
        state: row.state,
        role: row.role,
        occupation: row.occupation,
        rights: row.rights,
        profile_name: row.profile_name,
        expires_at: crate::api::accounts::transactions::iso_time(row.expires_at),
        purpose: row.purpose,
    }
}

/// SPEC §2 invite form.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct InviteBody {
    pub name: String,
    pub email: String,
    /// Director, CFO, Accountant, or custom (Other) with an occupation.
    pub position: Option<Role>,
    pub occupation: String,
    /// The owner confirms the colleague may act for the company (team), or that the company
    /// answers for the card's spending (card).
    pub agreement: bool,
    /// team (the default): a place in the team; card: a corporate card for an employee, who
    /// joins as a card user (the corporateCards rules of SPEC §6 apply).
    pub purpose: Option<Purpose>,
    /// A card: where it is sent (registered or trading: the company's address; other: typed).
    pub shipping_type: Option<ShippingType>,
    pub shipping_address: Option<ShippingAddress>,
}

/// Where a corporate card goes: one of the company's addresses, or another one typed in.
async fn card_address(
    state: &ApiState,
    profile: &SelectedProfile,
    body: &InviteBody,
) -> Result<ShippingAddress, AppError> {
    let kind = body
        .shipping_type
        .ok_or_else(|| AppError::field("shippingType", "Select a shipping address"))?;
    if kind == ShippingType::Other {
        return body
            .shipping_address
            .clone()
            .unwrap_or_default()
            .checked()
            .map_err(AppError::Fields);
    }
    crate::api::cards::ordering::known_addresses(state, profile)
        .await?
        .into_iter()
        .find(|(k, _)| *k == kind)
        .map(|(_, address)| address)
        .ok_or_else(|| AppError::field("shippingType", "This address is not known yet"))
}

/// Invites a colleague to the selected profile, or gives an employee a corporate card.
#[utoipa::path(post, path = "/v2/invitations", tag = "profiles", request_body = InviteBody,
    responses((status = 200, body = InvitationView)))]
async fn invite(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ip: ClientIp,
    ApiJson(body): ApiJson<InviteBody>,
) -> Result<Json<InvitationView>, AppError> {
    let purpose = body.purpose.unwrap_or(Purpose::Team);
    let input = InviteInput {
        name: &body.name,
        email: &body.email,
        position: body.position,
        occupation: &body.occupation,
        agreement: body.agreement,
    };
    let fields = |errors: Vec<(&str, String)>| {
        AppError::Fields(
            errors
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
        )
    };
    rights::require(&state, &profile, purpose_rule(purpose)).await?;
    let (checked, card_address) = match purpose {
        Purpose::Team => (invitation::check(&input).map_err(fields)?, None),
        Purpose::Card => {
            let checked = invitation::check_card(&input).map_err(fields)?;
            let address = card_address(&state, &profile, &body).await?;
            (checked, Some(address))
        }
    };
    limit_emails(&state, &profile.user_id, &checked.email).await?;
    let row = invitations::invite(
        &state.db,
        &mailer(&state),
        &inviter(&profile),
        &checked,
        purpose,
        card_address.as_ref(),
        &ip.to_string(),
    )
    .await?;
    Ok(Json(view(row)))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct InvitationRef {
    pub id: String,
    /// Instead of the id (take).
    pub reference: String,
    /// The link's token, instead of the id (verify, accept, decline).
    pub token: String,
}

/// A link that names no invitation (mistyped, or replaced by a resend): 404, in words a person
/// holding the email understands.
fn unknown_link() -> AppError {
    AppError::refused(
        StatusCode::NOT_FOUND,
        "invitation_not_found",
        "Invitation not found",
        "This invitation link is not valid. Please use the link in your latest invitation email, or ask for a new invitation.",
    )
}

fn gone(state: InvitationState) -> AppError {
    InvitationError::NotOpen(state).into()
}

fn mailer(state: &ApiState) -> Mailer<'_> {
    Mailer {
        config: &state.config,
        notify: &state.notify,
    }
}

fn inviter(profile: &SelectedProfile) -> Inviter<'_> {
    Inviter {
        profile_id: &profile.profile_id,
        user_id: &profile.user_id,
    }
}

/// Invitations and resends email someone else: limited per sender and per address (issue 26
/// point 6), before anything is stored or sent.
async fn limit_emails(state: &ApiState, user_id: &UserId, email: &Email) -> Result<(), AppError> {
    state
        .limiter
        .check(Limit::InvitationsPerUser, &UserKey(user_id))
        .await?;
    state
        .limiter
        .check(Limit::InvitationsPerAddress, email)
        .await?;
    Ok(())
}

/// One of the selected profile's invitations, if the caller may send invitations of its
/// purpose (team: userInvite; card: the corporate card rules).
async fn owned(
    state: &ApiState,
    profile: &SelectedProfile,
    id: &str,
) -> Result<InvitationRow, AppError> {
    let row = invitations::by_id(&state.db, id)
        .await?
        .filter(|i| i.profile_id == profile.profile_id)
        .ok_or(AppError::NotFound)?;
    rights::require(state, profile, purpose_rule(row.purpose)).await?;
    Ok(row)
}

fn purpose_rule(purpose: Purpose) -> &'static crate::domain::profiles::rights::Rule {
    match purpose {
        Purpose::Team => &rights::INVITE,
        Purpose::Card => &rights::CORPORATE_CARDS,
    }
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct Resent {
    /// 'Request was resent successfully'.
    pub message: String,
}

/// Sends a pending invitation again with a new link; the old link stops working.
#[utoipa::path(post, path = "/v2/invitations/resend", tag = "profiles", request_body = InvitationRef,
    responses((status = 200, body = Resent)))]
async fn resend(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ip: ClientIp,
    ApiJson(body): ApiJson<InvitationRef>,
) -> Result<Json<Resent>, AppError> {
    let row = owned(&state, &profile, &body.id).await?;
    let email = Email::parse(&row.email).map_err(|message| AppError::field("email", message))?;
    limit_emails(&state, &profile.user_id, &email).await?;
    invitations::resend(
        &state.db,
        &mailer(&state),
        &inviter(&profile),
        &row,
        &ip.to_string(),
    )
    .await?;
    Ok(Json(Resent {
        message: "Request was resent successfully".into(),
    }))
}

/// Withdraws a pending invitation (its state becomes invitation_rejected).
#[utoipa::path(delete, path = "/v2/invitations", tag = "profiles", request_body = InvitationRef,
    responses((status = 200, body = InvitationView)))]
async fn revoke(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ip: ClientIp,
    ApiJson(body): ApiJson<InvitationRef>,
) -> Result<Json<InvitationView>, AppError> {
    let row = owned(&state, &profile, &body.id).await?;
    invitations::revoke(&state.db, &inviter(&profile), &row, &ip.to_string()).await?;
    let row = owned(&state, &profile, &row.id).await?;
    Ok(Json(view(row)))
}

/// An invitation by id or reference: for the inviting profile's members, or for its invitee.
#[utoipa::path(post, path = "/v2/invitations/take", tag = "profiles", request_body = InvitationRef,
    responses((status = 200, body = InvitationView)))]
async fn take(
    State(state): State<ApiState>,
    user: CurrentUser,
    profile: Result<SelectedProfile, AppError>,
    ApiJson(body): ApiJson<InvitationRef>,
) -> Result<Json<InvitationView>, AppError> {
    let row = if !body.reference.trim().is_empty() {
        invitations::by_reference(&state.db, &body.reference).await?
    } else {
        invitations::by_id(&state.db, &body.id).await?
    }
    .ok_or(AppError::NotFound)?;
    let inviter = profile
        .as_ref()
        .is_ok_and(|p| p.profile_id == row.profile_id && p.access.loads_accounts());
    if !inviter && !invitations::addressed_to(&state.db, &row, &user.user_id).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(view(row)))
}

crate::domain::named_enum! {
    /// Whose invitations: those the caller received, or those their profile sent.
    pub enum Side {
        Invitee = "invitee",
        Inviter = "inviter",
    }
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default)]
#[serde(default)]
pub struct FetchBody {
    pub side: Option<Side>,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct InvitationList {
    pub results: Vec<InvitationView>,
}

/// The caller's open invitations (side invitee, the default), or the selected profile's.
#[utoipa::path(post, path = "/v2/invitations/fetch", tag = "profiles", request_body = FetchBody,
    responses((status = 200, body = InvitationList)))]
async fn fetch(
    State(state): State<ApiState>,
    user: CurrentUser,
    profile: Result<SelectedProfile, AppError>,
    ApiJson(body): ApiJson<FetchBody>,
) -> Result<Json<InvitationList>, AppError> {
    let rows = match body.side.unwrap_or(Side::Invitee) {
        Side::Invitee => invitations::for_user(&state.db, &user.user_id).await?,
        Side::Inviter => {
            let profile = profile?;
            if !profile.access.loads_accounts() {
                return Err(AppError::Forbidden);
            }
            invitations::of_profile(&state.db, &profile.profile_id).await?
        }
    };
    Ok(Json(InvitationList {
        results: rows.into_iter().map(view).collect(),
    }))
}

/// What a link's token opens (the accept-invite page): the invitation while it is open.
#[utoipa::path(post, path = "/v2/invitations/verify", tag = "profiles", request_body = InvitationRef,
    responses((status = 200, body = InvitationView)))]
async fn verify(
    State(state): State<ApiState>,
    ApiJson(body): ApiJson<InvitationRef>,
) -> Result<Json<InvitationView>, AppError> {
    let row = invitations::by_token(&state.db, &body.token)
        .await?
        .ok_or_else(unknown_link)?;
    if row.state != InvitationState::InvitationPending {
        return Err(gone(row.state));
    }
    Ok(Json(view(row)))
}

/// The invitation the signed-in invitee answers: by id, or by the link's token; it must be
/// addressed to their email.
async fn addressed(
    state: &ApiState,
    user: &CurrentUser,
    body: &InvitationRef,
) -> Result<InvitationRow, AppError> {
    let row = if body.token.trim().is_empty() {
        invitations::by_id(&state.db, &body.id).await?
    } else {
        invitations::by_token(&state.db, &body.token).await?
    }
    .ok_or(AppError::NotFound)?;
    if !invitations::addressed_to(&state.db, &row, &user.user_id).await? {
        return Err(AppError::NotFound);
    }
    if row.state != InvitationState::InvitationPending {
        return Err(gone(row.state));
    }
    Ok(row)
}

/// Accepts an invitation: the company joins the invitee's profiles with the access given.
#[utoipa::path(post, path = "/v2/invitations/accept", tag = "profiles", request_body = InvitationRef,
    responses((status = 200, body = InvitationView)))]
async fn accept(
    State(state): State<ApiState>,
    user: CurrentUser,
    ip: ClientIp,
    ApiJson(body): ApiJson<InvitationRef>,
) -> Result<Json<InvitationView>, AppError> {
    let row = addressed(&state, &user, &body).await?;
    invitations::accept(
        &state.db,
        &state.config,
        &user.user_id,
        &row,
        &ip.to_string(),
    )
    .await?;
    let row = invitations::by_id(&state.db, &row.id)
        .await?
        .ok_or(AppError::NotFound)?;
    Ok(Json(view(row)))
}

/// Declines an invitation.
#[utoipa::path(post, path = "/v2/invitations/decline", tag = "profiles", request_body = InvitationRef,
    responses((status = 200, body = InvitationView)))]
async fn decline(
    State(state): State<ApiState>,
    user: CurrentUser,
    ip: ClientIp,
    ApiJson(body): ApiJson<InvitationRef>,
) -> Result<Json<InvitationView>, AppError> {
    let row = addressed(&state, &user, &body).await?;
    invitations::decline(&state.db, &user.user_id, &row, &ip.to_string()).await?;
    let row = invitations::by_id(&state.db, &row.id)
        .await?
        .ok_or(AppError::NotFound)?;
    Ok(Json(view(row)))
}

#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct Occupation {
    pub value: &'static str,
    pub label: &'static str,
}

/// The occupations the invite form offers for position Other (SPEC §7 GET /v2/users/occupations).
#[utoipa::path(get, path = "/v2/users/occupations", tag = "profiles",
    responses((status = 200, body = Vec<Occupation>)))]
async fn occupations() -> Json<Vec<Occupation>> {
    Json(
        invitation::OCCUPATIONS
            .iter()
            .map(|o| Occupation { value: o, label: o })
            .collect(),
    )
}
