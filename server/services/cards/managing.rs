//! Managing a card the member may touch (the API finds it with `cards::managed`): activating,
//! freezing, unfreezing and closing it, unblocking its PIN, its controls and daily limits
//! (SPEC §4: only active and inactive cards are managed). Every change is audited.

use crate::domain::audit::AuditEvent;
use crate::domain::auth::mfa::Purpose;
use crate::domain::cards::access::binding;
use crate::domain::cards::controls::LimitType;
use crate::domain::cards::status::{CardAction, CardStatus, ClosureReason};
use crate::domain::ids::UserId;
use crate::store::cards::{CardRow, Control};
use crate::store::{self, Db};

/// Who changes the card, and from where (for the audit trail).
pub struct Actor<'a> {
    pub user_id: &'a UserId,
    pub ip: &'a str,
}

#[derive(Debug, thiserror::Error)]
pub enum ManageError {
    /// The card's status does not allow this (or another request changed it first).
    #[error("the card cannot be changed in its current state")]
    NotManageable,
    /// Only the holder activates a delivered card: they have it in their hands.
    #[error("not the card's holder")]
    NotHolder,
    /// Closing needs the actor's verified card_closure approval for this card.
    #[error("the closing is not approved")]
    ApprovalRequired,
    /// A daily limit above what may be set for its kind.
    #[error("above the ceiling of {0:?}")]
    AboveCeiling(LimitType),
    #[error("no control of this kind")]
    NoSuchControl,
    #[error(transparent)]
    Storage(#[from] sqlx::Error),
}

async fn audit(db: &Db, actor: &Actor<'_>, event: AuditEvent, card: &CardRow) {
    let detail = format!("card {} of {}", card.id, card.user_id);
    if let Err(error) =
        store::audit::record(db, Some(actor.user_id), event, actor.ip, &detail).await
    {
        tracing::error!(%error, event = event.as_str(), "audit record failed");
    }
}

async fn reloaded(db: &Db, card: &CardRow) -> Result<CardRow, ManageError> {
    store::cards::by_id(db, &card.id)
        .await?
        .ok_or(ManageError::NotManageable)
}

/// A delivered card's activation by its holder, with the PIN they chose (already checked and
/// hashed by the caller: hashing is slow and runs off the request threads).
pub async fn activate(
    db: &Db,
    actor: &Actor<'_>,
    card: &CardRow,
    pin_hash: &str,
) -> Result<CardRow, ManageError> {
    if card.user_id != actor.user_id {
        return Err(ManageError::NotHolder);
    }
    if card.status != CardStatus::ActivationPending
        || !store::cards::activate(db, &card.id, pin_hash, db.now_ms()).await?
    {
        return Err(ManageError::NotManageable);
    }
    audit(db, actor, AuditEvent::card(CardAction::Activate), card).await;
    reloaded(db, card).await
}

/// Closes the card, using up the actor's approval for it in the same transaction.
pub async fn close(
    db: &Db,
    actor: &Actor<'_>,
    card: &CardRow,
    reason: ClosureReason,
    approval: &str,
) -> Result<CardRow, ManageError> {
    let to = card
        .status
        .after(CardAction::Close)
        .ok_or(ManageError::NotManageable)?;
    let now = db.now_ms();
    let mut tx = db.begin_write().await?;
    let approved = store::mfa::consume_approval(
        &mut tx,
        approval.trim(),
        actor.user_id,
        Purpose::CardClosure,
        &binding(Purpose::CardClosure, &card.id),
        now,
    )
    .await?;
    if !approved {
        return Err(ManageError::ApprovalRequired);
    }
    if !store::cards::move_status_in(&mut tx, &card.id, card.status, to, Some(reason), now).await? {
        // Another request changed the card first; the approval stays unused.
        return Err(ManageError::NotManageable);
    }
    tx.commit().await?;
    audit(db, actor, AuditEvent::card(CardAction::Close), card).await;
    reloaded(db, card).await
}

/// Freezing, unfreezing, or reactivating a frozen card.
pub async fn apply(
    db: &Db,
    actor: &Actor<'_>,
    card: &CardRow,
    action: CardAction,
) -> Result<CardRow, ManageError> {
    let to = card
        .status
        .after(action)
        .ok_or(ManageError::NotManageable)?;
    let first_activation =
        card.status == CardStatus::ActivationPending && action == CardAction::Activate;
    if first_activation || action == CardAction::Close {
        // Those take a PIN or an approval: `activate` and `close`.
        return Err(ManageError::NotManageable);
    }
    if !store::cards::move_status(db, &card.id, card.status, to, None, db.now_ms()).await? {
        return Err(ManageError::NotManageable);
    }
    audit(db, actor, AuditEvent::card(action), card).await;
    reloaded(db, card).await
}

/// Clears the count of wrong PINs after three at terminals.
pub async fn unblock_pin(db: &Db, actor: &Actor<'_>, card: &CardRow) -> Result<(), ManageError> {
    if !card.status.is_manageable() {
        return Err(ManageError::NotManageable);
    }
    store::cards::unblock_pin(db, &card.id, db.now_ms()).await?;
    audit(db, actor, AuditEvent::CardPinUnblocked, card).await;
    Ok(())
}

/// A control of the card and what was approved on it today (London).
pub struct Limit {
    pub control: Control,
    pub spent_today: i64,
}

pub async fn limits(db: &Db, card: &CardRow) -> Result<Vec<Limit>, sqlx::Error> {
    let today = crate::domain::london::day_of(db.now_ms());
    let mut limits = Vec::new();
    for control in store::cards::controls(db, &card.id).await? {
        let spent_today =
            store::card_authorizations::spent_on(db, &card.id, control.kind, &today).await?;
        limits.push(Limit {
            control,
            spent_today,
        });
    }
    Ok(limits)
}

/// One control on or off, or its daily limit (pence); what is absent stays.
pub async fn set_limit(
    db: &Db,
    actor: &Actor<'_>,
    card: &CardRow,
    kind: LimitType,
    enabled: Option<bool>,
    daily_limit: Option<i64>,
) -> Result<(), ManageError> {
    if !card.status.is_manageable() {
        return Err(ManageError::NotManageable);
    }
    if daily_limit.is_some_and(|limit| limit > kind.ceiling()) {
        return Err(ManageError::AboveCeiling(kind));
    }
    let current = store::cards::controls(db, &card.id)
        .await?
        .into_iter()
        .find(|c| c.kind == kind)
        .ok_or(ManageError::NoSuchControl)?;
    let control = Control {
        kind,
        enabled: enabled.unwrap_or(current.enabled),
        daily_limit: daily_limit.unwrap_or(current.daily_limit),
    };
    store::cards::set_control(db, &card.id, control).await?;
    audit(db, actor, AuditEvent::CardLimitsChanged, card).await;
    Ok(())
}
