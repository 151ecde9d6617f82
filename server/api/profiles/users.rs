//! A profile's team (SPEC §7 Profiles users calls; issue 13 point 2): the list with each
//! member's status, one member, and an Account Owner's changes of access and removals, each
//! written to the audit log with who did it to whom.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::client_ip::ClientIp;
use crate::api::error::{ApiJson, AppError};
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
use crate::domain::ids::UserId;
use crate::domain::profiles::access::Role;
use crate::domain::profiles::invitation::InvitationState;
use crate::domain::profiles::team::{self, AccessProblem, MemberStatus};
use crate::services::profiles::team::{self as team_service, InvitationRow, MemberRow};
use crate::services::profiles::team::{Owner, TeamError};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(fetch))
        .routes(routes!(take))
        .routes(routes!(change_access, remove_access))
}

crate::domain::named_enum! {
    /// A member of the profile, or someone invited to it.
    pub enum EntryKind {
        Member = "member",
        Invitation = "invitation",
    }
}

/// SPEC §3 "Team member".
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeamMember {
    /// The member's user id, or the invitation's id.
    pub id: String,
    pub kind: EntryKind,
    pub name: String,
    pub surname: String,
    pub email: String,
    /// admin is shown as Account Owner.
    pub role: Role,
    pub occupation: Option<String>,
    pub rights: Vec<String>,
    /// active once the member's own verification is complete, in_progress before.
    pub status: MemberStatus,
    /// The caller.
    pub is_me: bool,
}

fn view(member: MemberRow, me: &str) -> TeamMember {
    let status = if member.kyc_status.account_ready() {
        MemberStatus::Active
    } else {
        MemberStatus::InProgress
    };
    TeamMember {
        is_me: member.user_id == me,
        kind: EntryKind::Member,
        id: member.user_id.into(),
        name: member.name,
        surname: member.surname,
        email: member.email,
        role: member.role,
        occupation: member.occupation,
        rights: member.rights,
        status,
    }
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct TeamList {
    pub results: Vec<TeamMember>,
}

/// An open or unanswered invitation as the team list shows it (accepted ones are members,
/// withdrawn ones are gone).
fn invited(row: InvitationRow) -> Option<TeamMember> {
    let status = match row.state {
        InvitationState::InvitationPending => MemberStatus::InvitationPending,
        InvitationState::InvitationExpired => MemberStatus::InvitationExpired,
        InvitationState::InvitationDeclined => MemberStatus::InvitationDeclined,
        InvitationState::InvitationAccepted | InvitationState::InvitationRejected => return None,
    };
    let (name, surname) = match row.name.split_once(' ') {
        Some((first, rest)) => (first.to_string(), rest.to_string()),
        None => (row.name.clone(), String::new()),
    };
    Some(TeamMember {
        id: row.id,
        kind: EntryKind::Invitation,
        name,
        surname,
        email: row.email,
        role: row.role,
        occupation: row.occupation,
        rights: row.rights,
        status,
        is_me: false,
    })
}

/// The selected profile's members, then the people invited to it.
#[utoipa::path(post, path = "/v2/account-profiles/users/fetch", tag = "profiles",
    responses((status = 200, body = TeamList)))]
async fn fetch(
    State(state): State<ApiState>,
    profile: SelectedProfile,
) -> Result<Json<TeamList>, AppError> {
    let (members, invitations) = team_service::members(&state.db, &profile.profile_id).await?;
    Ok(Json(TeamList {
        results: members
            .into_iter()
            .map(|m| view(m, &profile.user_id))
            .chain(invitations.into_iter().filter_map(invited))
            .collect(),
    }))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default)]
#[serde(default)]
pub struct MemberRef {
    /// The member's user id.
    pub id: String,
}

#[utoipa::path(post, path = "/v2/account-profiles/users/take", tag = "profiles",
    request_body = MemberRef, responses((status = 200, body = TeamMember)))]
async fn take(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(member): ApiJson<MemberRef>,
) -> Result<Json<TeamMember>, AppError> {
    let found = team_service::member(&state.db, &profile.profile_id, &member_id(&member.id))
        .await?
        .ok_or(AppError::NotFound)?;
    Ok(Json(view(found, &profile.user_id)))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct AccessChange {
    /// The member's user id.
    pub id: String,
    pub role: Option<Role>,
    /// Needed for the custom role (SPEC §2 position Other).
    pub occupation: Option<String>,
    /// SPEC §6 'section:level' strings; card_order is always full.
    pub rights: Vec<String>,
}

impl From<TeamError> for AppError {
    fn from(error: TeamError) -> Self {
        match error {
            TeamError::NotMember => AppError::NotFound,
            TeamError::OwnerFixed => AppError::refused(
                StatusCode::CONFLICT,
                "owner_access_fixed",
                "Not possible",
                "An Account Owner's access cannot be changed or removed.",
            ),
            TeamError::Storage(error) => error.into(),
        }
    }
}

/// The member a request names by their user id.
fn member_id(text: &str) -> UserId {
    UserId::from(text.trim())
}

fn owner<'a>(profile: &'a SelectedProfile, ip: &'a str) -> Owner<'a> {
    Owner {
        profile_id: &profile.profile_id,
        user_id: &profile.user_id,
        ip,
    }
}

/// Changes a member's role and rights.
#[utoipa::path(patch, path = "/v2/account-profiles/users/access", tag = "profiles",
    request_body = AccessChange, responses((status = 200, body = TeamMember)))]
async fn change_access(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ip: ClientIp,
    ApiJson(change): ApiJson<AccessChange>,
) -> Result<Json<TeamMember>, AppError> {
    let ip = ip.to_string();
    let owner = owner(&profile, &ip);
    let id = member_id(&change.id);
    team_service::may_change(&state.db, &owner, &id).await?;
    let role = change
        .role
        .ok_or_else(|| AppError::field("role", "Field is required"))?;
    let occupation = change
        .occupation
        .as_deref()
        .map(str::trim)
        .filter(|o| !o.is_empty() && role == Role::Custom);
    let rights =
        team::check_access(role, occupation, &change.rights).map_err(|problem| match problem {
            AccessProblem::Role => {
                AppError::field("role", "Choose Director, CFO, Accountant or Other")
            }
            AccessProblem::Occupation => {
                AppError::field("occupation", "Position Other requires occupation")
            }
            AccessProblem::Right(right) => {
                AppError::field("rights", &format!("'{right}' is not a right"))
            }
        })?;
    let updated =
        team_service::change_access(&state.db, &owner, &id, role, &rights, occupation).await?;
    Ok(Json(view(updated, &profile.user_id)))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct Removed {
    pub id: String,
}

/// Removes a member from the profile: their next call no longer reaches it.
#[utoipa::path(delete, path = "/v2/account-profiles/users/access", tag = "profiles",
    request_body = MemberRef, responses((status = 200, body = Removed)))]
async fn remove_access(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ip: ClientIp,
    ApiJson(member): ApiJson<MemberRef>,
) -> Result<Json<Removed>, AppError> {
    let ip = ip.to_string();
    let id = team_service::remove(&state.db, &owner(&profile, &ip), &member_id(&member.id)).await?;
    Ok(Json(Removed { id: id.into() }))
}
