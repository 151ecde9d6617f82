//! A profile's team: its members and the people invited to it, and an Account Owner's changes
//! of a member's access and removals, each audit-logged with who did it to whom. The API
//! checks that the actor is an Account Owner (the rights table) and parses the change.

use crate::domain::audit::AuditEvent;
use crate::domain::ids::{ProfileId, UserId};
use crate::domain::profiles::access::Role;
use crate::domain::profiles::invitation::Purpose;
use crate::store::{self, Db};

pub use super::invitations::InvitationRow;
pub use crate::store::team::MemberRow;

/// The Account Owner who changes the team.
pub struct Owner<'a> {
    pub profile_id: &'a ProfileId,
    pub user_id: &'a UserId,
    pub ip: &'a str,
}

#[derive(Debug, thiserror::Error)]
pub enum TeamError {
    #[error("not a member of the profile")]
    NotMember,
    /// An Account Owner's access (theirs or another's) is fixed.
    #[error("an Account Owner's access cannot be changed")]
    OwnerFixed,
    #[error(transparent)]
    Storage(#[from] sqlx::Error),
}

/// The members, Account Owners first, and the open team invitations.
pub async fn members(
    db: &Db,
    profile_id: &ProfileId,
) -> Result<(Vec<MemberRow>, Vec<InvitationRow>), sqlx::Error> {
    let members = store::team::members(db, profile_id).await?;
    let invitations = store::invitations::for_profile(db, profile_id, db.now_ms())
        .await?
        .into_iter()
        .filter(|i| i.purpose == Purpose::Team)
        .collect();
    Ok((members, invitations))
}

pub async fn member(
    db: &Db,
    profile_id: &ProfileId,
    user_id: &UserId,
) -> Result<Option<MemberRow>, sqlx::Error> {
    store::team::member(db, profile_id, user_id).await
}

/// Someone the Account Owner may change: another member who is not an Account Owner.
async fn changeable(db: &Db, owner: &Owner<'_>, id: &UserId) -> Result<MemberRow, TeamError> {
    let member = member(db, owner.profile_id, id)
        .await?
        .ok_or(TeamError::NotMember)?;
    if member.user_id == owner.user_id || member.role == Role::Admin {
        return Err(TeamError::OwnerFixed);
    }
    Ok(member)
}

/// Checks that `id` may be changed, before the caller parses the change.
pub async fn may_change(db: &Db, owner: &Owner<'_>, id: &UserId) -> Result<(), TeamError> {
    changeable(db, owner, id).await.map(|_| ())
}

/// Gives a member a role and rights (checked by `domain::profiles::team::check_access`).
pub async fn change_access(
    db: &Db,
    owner: &Owner<'_>,
    id: &UserId,
    role: Role,
    rights: &[String],
    occupation: Option<&str>,
) -> Result<MemberRow, TeamError> {
    let member = changeable(db, owner, id).await?;
    let changed = store::team::set_access(
        db,
        owner.profile_id,
        &member.user_id,
        role,
        rights,
        occupation,
    )
    .await?;
    if !changed {
        return Err(TeamError::NotMember);
    }
    let detail = serde_json::json!({
        "profile": owner.profile_id,
        "member": member.user_id,
        "from": {"role": member.role, "rights": member.rights},
        "to": {"role": role, "rights": rights, "occupation": occupation},
    });
    store::audit::record(
        db,
        Some(owner.user_id),
        AuditEvent::TeamAccessChanged,
        owner.ip,
        &detail.to_string(),
    )
    .await?;
    store::team::member(db, owner.profile_id, &member.user_id)
        .await?
        .ok_or(TeamError::NotMember)
}

/// Removes a member: their next call no longer reaches the profile. Answers their user id.
pub async fn remove(db: &Db, owner: &Owner<'_>, id: &UserId) -> Result<UserId, TeamError> {
    let member = changeable(db, owner, id).await?;
    if !store::team::remove(db, owner.profile_id, &member.user_id, db.now_ms()).await? {
        return Err(TeamError::NotMember);
    }
    let detail = serde_json::json!({
        "profile": owner.profile_id,
        "member": member.user_id,
        "role": member.role,
        "rights": member.rights,
    });
    store::audit::record(
        db,
        Some(owner.user_id),
        AuditEvent::TeamMemberRemoved,
        owner.ip,
        &detail.to_string(),
    )
    .await?;
    Ok(member.user_id)
}
