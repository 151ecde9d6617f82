//! Invitations' use cases (SPEC §7 Invitations calls; issue 13 point 3): an invitation is made,
//! resent with a new link, revoked, accepted (the invitee joins the team, with their card when
//! it brings one) or declined. Each moves its state once, and is audit-logged. The API checks
//! who may do which, and finds the invitation.

use crate::config::Config;
use crate::domain::audit::AuditEvent;
use crate::domain::cards::shipping::ShippingAddress;
use crate::domain::ids::{ProfileId, UserId};
use crate::domain::messages::{Channel, Message};
use crate::domain::profiles::invitation::{self, CheckedInvite, InvitationState, Purpose};
use crate::domain::profiles::team;
use crate::providers::notify::Notifications;
use crate::services::cards::issuing::{self, IssueError};
pub use crate::store::invitations::InvitationRow;
use crate::store::invitations::NewInvitation;
use crate::store::{self, Db};

#[derive(Debug, thiserror::Error)]
pub enum InvitationError {
    /// The address belongs to a customer already.
    #[error("the email is registered")]
    EmailTaken,
    /// The profile has an open invitation for the address.
    #[error("an invitation is open for the email")]
    AlreadyInvited,
    /// It is no longer open (answered, withdrawn or expired).
    #[error("the invitation is {0}")]
    NotOpen(InvitationState),
    #[error(transparent)]
    Issue(#[from] IssueError),
    #[error(transparent)]
    Storage(#[from] sqlx::Error),
}

/// What sends an invitation's email.
pub struct Mailer<'a> {
    pub config: &'a Config,
    pub notify: &'a Notifications,
}

/// A member of the inviting profile.
pub struct Inviter<'a> {
    pub profile_id: &'a ProfileId,
    pub user_id: &'a UserId,
}

/// Sends the invitation's link; a message that cannot go out is logged (the owner can resend).
async fn send_link(
    db: &Db,
    mailer: &Mailer<'_>,
    inviter: &UserId,
    row: &InvitationRow,
    token: &str,
) -> Result<(), sqlx::Error> {
    let who = store::users::by_id(db, inviter)
        .await?
        .map(|u| format!("{} {}", u.name, u.surname))
        .unwrap_or_else(|| "A colleague".into());
    let (subject, body) = invitation::email(&invitation::InvitationEmail {
        inviter: &who,
        company: &row.profile_name,
        bank: &mailer.config.company.trading_name,
        base_url: &mailer.config.base_url,
        purpose: row.purpose,
        role: row.role,
        occupation: row.occupation.as_deref(),
        invitee: &row.name,
        reference: &row.reference,
        token,
    });
    let message = Message {
        channel: Channel::Email,
        to: row.email.clone(),
        subject,
        body,
        attachments: Vec::new(),
    };
    if let Err(error) = mailer.notify.send(message).await {
        tracing::error!(%error, "the invitation email was not sent");
    }
    Ok(())
}

/// Invites a colleague (or, with a card address, an employee to a corporate card) and emails
/// them the link.
pub async fn invite(
    db: &Db,
    mailer: &Mailer<'_>,
    inviter: &Inviter<'_>,
    checked: &CheckedInvite,
    purpose: Purpose,
    card_address: Option<&ShippingAddress>,
    ip: &str,
) -> Result<InvitationRow, InvitationError> {
    let now = db.now_ms();
    if store::users::by_email(db, &checked.email).await?.is_some() {
        return Err(InvitationError::EmailTaken);
    }
    if store::invitations::open_for(db, inviter.profile_id, checked.email.as_str(), now).await? {
        return Err(InvitationError::AlreadyInvited);
    }
    let rights = team::default_rights(checked.role);
    let (row, token) = store::invitations::create(
        db,
        &NewInvitation {
            profile_id: inviter.profile_id,
            invited_by: inviter.user_id,
            name: &checked.name,
            email: checked.email.as_str(),
            role: checked.role,
            occupation: checked.occupation.as_deref(),
            rights: &rights,
            purpose,
            card_shipping_address: card_address,
            now,
        },
    )
    .await?;
    store::audit::record_json(db, inviter.user_id, AuditEvent::TeamInvited, ip, serde_json::json!({
        "profile": inviter.profile_id, "invitation": row.id, "email": row.email, "role": row.role, "rights": row.rights,
    }))
    .await?;
    send_link(db, mailer, inviter.user_id, &row, &token).await?;
    Ok(row)
}

/// Sends a pending (or expired: it gets a new week) invitation again with a new link; the old
/// link stops working.
pub async fn resend(
    db: &Db,
    mailer: &Mailer<'_>,
    inviter: &Inviter<'_>,
    row: &InvitationRow,
    ip: &str,
) -> Result<(), InvitationError> {
    if !matches!(
        row.state,
        InvitationState::InvitationPending | InvitationState::InvitationExpired
    ) {
        return Err(InvitationError::NotOpen(row.state));
    }
    let token = store::invitations::resend(db, &row.id, db.now_ms())
        .await?
        .ok_or(InvitationError::NotOpen(row.state))?;
    store::audit::record_json(
        db,
        inviter.user_id,
        AuditEvent::TeamInvitationResent,
        ip,
        serde_json::json!({"invitation": row.id}),
    )
    .await?;
    send_link(db, mailer, inviter.user_id, row, &token).await?;
    Ok(())
}

/// Withdraws a pending invitation (its state becomes invitation_rejected).
pub async fn revoke(
    db: &Db,
    inviter: &Inviter<'_>,
    row: &InvitationRow,
    ip: &str,
) -> Result<(), InvitationError> {
    answer(
        db,
        inviter.user_id,
        row,
        InvitationState::InvitationRejected,
        AuditEvent::TeamInvitationRevoked,
        ip,
    )
    .await
}

/// The invitee declines.
pub async fn decline(
    db: &Db,
    user_id: &UserId,
    row: &InvitationRow,
    ip: &str,
) -> Result<(), InvitationError> {
    answer(
        db,
        user_id,
        row,
        InvitationState::InvitationDeclined,
        AuditEvent::TeamInvitationDeclined,
        ip,
    )
    .await
}

async fn answer(
    db: &Db,
    user_id: &UserId,
    row: &InvitationRow,
    to: InvitationState,
    event: AuditEvent,
    ip: &str,
) -> Result<(), InvitationError> {
    if !store::invitations::answer(db, &row.id, to, db.now_ms()).await? {
        return Err(InvitationError::NotOpen(
            if to == InvitationState::InvitationRejected {
                row.state
            } else {
                to
            },
        ));
    }
    store::audit::record_json(
        db,
        user_id,
        event,
        ip,
        serde_json::json!({"invitation": row.id}),
    )
    .await?;
    Ok(())
}

/// The invitee accepts: the company joins their profiles with the access given, and a card
/// invitation's card is theirs, once (refused while the company's card account is not active).
pub async fn accept(
    db: &Db,
    config: &Config,
    user_id: &UserId,
    row: &InvitationRow,
    ip: &str,
) -> Result<(), InvitationError> {
    let now = db.now_ms();
    let card = issuing::for_invitation(db, config, row, now).await?;
    let card = card.as_ref().map(|card| card.for_holder(user_id));
    if !store::invitations::accept(db, row, user_id, card.as_ref(), now).await? {
        return Err(InvitationError::NotOpen(
            InvitationState::InvitationAccepted,
        ));
    }
    store::audit::record_json(
        db,
        user_id,
        AuditEvent::TeamInvitationAccepted,
        ip,
        serde_json::json!({
            "invitation": row.id, "profile": row.profile_id, "role": row.role,
        }),
    )
    .await?;
    Ok(())
}

/// An invitation by its id, as it stands now (a pending one past its time reads as expired).
pub async fn by_id(db: &Db, id: &str) -> Result<Option<InvitationRow>, sqlx::Error> {
    store::invitations::by_id(db, id.trim(), db.now_ms()).await
}

/// An invitation by the reference its email shows.
pub async fn by_reference(db: &Db, reference: &str) -> Result<Option<InvitationRow>, sqlx::Error> {
    store::invitations::by_reference(db, reference.trim(), db.now_ms()).await
}

/// The invitation a link's token opens.
pub async fn by_token(db: &Db, token: &str) -> Result<Option<InvitationRow>, sqlx::Error> {
    store::invitations::by_token(db, token.trim(), db.now_ms()).await
}

/// The invitations a profile sent.
pub async fn of_profile(
    db: &Db,
    profile_id: &ProfileId,
) -> Result<Vec<InvitationRow>, sqlx::Error> {
    store::invitations::for_profile(db, profile_id, db.now_ms()).await
}

/// The invitations sent to the person's email.
pub async fn for_user(db: &Db, user_id: &UserId) -> Result<Vec<InvitationRow>, sqlx::Error> {
    let Some(user) = store::users::by_id(db, user_id).await? else {
        return Ok(Vec::new());
    };
    store::invitations::for_email(db, &user.email, db.now_ms()).await
}

/// Whether the invitation was sent to this person's email.
pub async fn addressed_to(
    db: &Db,
    row: &InvitationRow,
    user_id: &UserId,
) -> Result<bool, sqlx::Error> {
    let Some(user) = store::users::by_id(db, user_id).await? else {
        return Ok(false);
    };
    Ok(crate::domain::auth::email::Email::parse(&row.email)
        .is_ok_and(|email| email.as_str() == user.email))
}
