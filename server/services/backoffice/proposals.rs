//! Four eyes (issue 32 point 2): a change of money or access is proposed by one member and made
//! when a second approves it, in the transaction that records the approval; both are logged.
//! Today: lifting a restriction (compliance), adding staff (admin), releasing money from
//! suspense and changing a profile's transfer limits or fees (operations).

use serde_json::json;

use super::Actor;
use crate::config::Config;
use crate::domain::accounts::money::{self, Currency};
use crate::domain::backoffice::audit::StaffAction;
use crate::domain::backoffice::proposals::{
    may_decide, DecisionRefusal, Proposal, ProposalKind, ProposalStatus, APPROVAL_WINDOW_MS,
};
use crate::domain::backoffice::staff::{staff_email, StaffRole};
use crate::domain::backoffice::suspense::ReleaseAction;
use crate::domain::ids::{ProfileId, UserId};
use crate::domain::onboarding::kyc::KycStatus;
use crate::domain::payments::limits::OwnLimit;
use crate::domain::payments::payee::Scheme;
use crate::store::{self, Db};

/// What a member proposes.
pub enum Change {
    LiftRestriction {
        user_id: UserId,
    },
    AddStaff {
        email: String,
        role: StaffRole,
    },
    /// Set a profile's own transfer limits in a currency (decimal text, as typed).
    ChangeLimit {
        profile_id: ProfileId,
        currency: Currency,
        per_transfer: String,
        daily: String,
    },
    /// Set a profile's own fee for a scheme in a currency (decimal text, as typed).
    ChangeFee {
        profile_id: ProfileId,
        scheme: Scheme,
        currency: Currency,
        fee: String,
    },
    /// Credit money in suspense to the account with this IBAN, or send it back.
    ReleaseSuspense {
        item_id: String,
        action: ReleaseAction,
        iban: Option<String>,
    },
}

impl Change {
    fn kind(&self) -> ProposalKind {
        match self {
            Self::LiftRestriction { .. } => ProposalKind::LiftRestriction,
            Self::AddStaff { .. } => ProposalKind::AddStaff,
            Self::ReleaseSuspense { .. } => ProposalKind::ReleaseSuspense,
            Self::ChangeLimit { .. } => ProposalKind::ChangeLimit,
            Self::ChangeFee { .. } => ProposalKind::ChangeFee,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ProposalError {
    #[error("the member's role does not carry this change")]
    NotTheirDuty,
    #[error("the proposer cannot approve their own proposal")]
    OwnProposal,
    #[error("the proposal is decided or has lapsed")]
    NotPending,
    #[error("the same change is proposed already")]
    AlreadyProposed,
    #[error("no such proposal")]
    Unknown,
    #[error("say why")]
    NoReason,
    /// The change cannot be made as things stand (the account is not restricted, the email is
    /// staff already, the email is not one).
    #[error("{0}")]
    NotPossible(String),
    #[error(transparent)]
    Sql(#[from] sqlx::Error),
}

/// Proposes `change` with the member's reason; answers the proposal's id.
pub async fn propose(
    db: &Db,
    config: &Config,
    actor: &Actor<'_>,
    change: &Change,
    why: &str,
) -> Result<String, ProposalError> {
    let kind = change.kind();
    if !actor.member.role.may(kind.duty()) {
        return Err(ProposalError::NotTheirDuty);
    }
    let why = super::customers::reason(why).map_err(|_| ProposalError::NoReason)?;
    let (subject, payload) = match change {
        Change::LiftRestriction { user_id } => {
            let person = store::users::by_id(db, user_id)
                .await?
                .ok_or_else(|| ProposalError::NotPossible("No such customer.".into()))?;
            if person.kyc_status != KycStatus::AccountRestricted {
                return Err(ProposalError::NotPossible(
                    "This account is not restricted.".into(),
                ));
            }
            (user_id.to_string(), json!({}))
        }
        Change::AddStaff { email, role } => {
            let email = staff_email(email).map_err(|m| ProposalError::NotPossible(m.into()))?;
            if store::staff::by_email(db, email.as_str()).await?.is_some() {
                return Err(ProposalError::NotPossible(
                    "That email belongs to a member of staff already.".into(),
                ));
            }
            (email.as_str().to_string(), json!({ "role": role }))
        }
        Change::ReleaseSuspense {
            item_id,
            action,
            iban,
        } => {
            let release =
                super::payments::release_checked(db, item_id, *action, iban.as_deref()).await?;
            (item_id.clone(), release)
        }
        Change::ChangeLimit {
            profile_id,
            currency,
            per_transfer,
            daily,
        } => {
            let name = profile_name(db, profile_id).await?;
            let minor = |text: &str| {
                money::parse_decimal(text.trim()).ok_or_else(|| {
                    ProposalError::NotPossible("Enter both limits as amounts.".into())
                })
            };
            let limit = OwnLimit::new(minor(per_transfer)?, minor(daily)?)
                .map_err(|message| ProposalError::NotPossible(message.into()))?;
            (
                format!("limit:{profile_id}:{currency}"),
                json!({
                    "profileId": profile_id,
                    "profileName": name,
                    "currency": currency,
                    "perTransfer": limit.per_transfer,
                    "daily": limit.daily,
                    "shown": format!(
                        "{} a transfer and {} a day",
                        money::display(limit.per_transfer, *currency),
                        money::display(limit.daily, *currency)
                    ),
                }),
            )
        }
        Change::ChangeFee {
            profile_id,
            scheme,
            currency,
            fee,
        } => {
            let name = profile_name(db, profile_id).await?;
            let minor = money::parse_decimal(fee.trim())
                .ok_or_else(|| ProposalError::NotPossible("Enter the fee as an amount.".into()))?;
            let fees = &config.transfer_fees;
            let fee = fees
                .own_fee(*scheme, *currency, minor)
                .map_err(|message| ProposalError::NotPossible(message.into()))?;
            let bank = fees.fee(*scheme, *currency).unwrap_or_default();
            (
                format!("fee:{profile_id}:{scheme}:{currency}"),
                json!({
                    "profileId": profile_id,
                    "profileName": name,
                    "scheme": scheme,
                    "currency": currency,
                    "fee": fee,
                    "shown": money::display(fee, *currency),
                    "bankShown": money::display(bank, *currency),
                }),
            )
        }
    };
    let now = db.now_ms();
    let mut tx = db.begin_write().await?;
    let payload = payload.to_string();
    let new = store::staff_proposals::NewProposal {
        kind,
        subject: &subject,
        payload: &payload,
        reason: why,
        proposed_by: &actor.member.id,
        expires_at: now + APPROVAL_WINDOW_MS,
    };
    let id = store::staff_proposals::propose_in(&mut tx, &new, now)
        .await?
        .ok_or(ProposalError::AlreadyProposed)?;
    let detail = json!({ "proposal": id, "kind": kind }).to_string();
    let entry = entry(actor, StaffAction::ProposalMade, &subject, why, &detail);
    store::staff_audit::record_in(&mut tx, &entry, now).await?;
    tx.commit().await?;
    Ok(id)
}

async fn profile_name(db: &Db, profile_id: &ProfileId) -> Result<String, ProposalError> {
    store::profiles::name(db, profile_id)
        .await?
        .ok_or_else(|| ProposalError::NotPossible("No such profile.".into()))
}

fn entry<'a>(
    actor: &'a Actor<'a>,
    action: StaffAction,
    subject: &'a str,
    reason: &'a str,
    detail: &'a str,
) -> store::staff_audit::Entry<'a> {
    actor.entry(action, Some(subject), reason, detail)
}

/// The proposals waiting for a second member, oldest first.
pub async fn pending(db: &Db) -> Result<Vec<Proposal>, sqlx::Error> {
    store::staff_proposals::pending(db, db.now_ms()).await
}

/// What an approval did.
pub enum Outcome {
    Rejected,
    Lifted,
    /// The new member's one-time enrolment link, for the approver to hand over.
    StaffAdded {
        link: String,
    },
    /// Money in suspense credited to a customer's account or sent back.
    Released(ReleaseAction),
    /// A profile's own transfer limits are in force.
    LimitSet,
    /// A profile's own fee is in force.
    FeeSet,
}

/// The second member's decision; an approval makes the change in the same transaction.
pub async fn decide(
    db: &Db,
    config: &Config,
    actor: &Actor<'_>,
    id: &str,
    approve: bool,
) -> Result<Outcome, ProposalError> {
    let proposal = store::staff_proposals::by_id(db, id)
        .await?
        .ok_or(ProposalError::Unknown)?;
    let now = db.now_ms();
    may_decide(&proposal, actor.member, now).map_err(|refusal| match refusal {
        DecisionRefusal::OwnProposal => ProposalError::OwnProposal,
        DecisionRefusal::NotTheirDuty => ProposalError::NotTheirDuty,
        DecisionRefusal::NotPending => ProposalError::NotPending,
    })?;
    let status = if approve {
        ProposalStatus::Approved
    } else {
        ProposalStatus::Rejected
    };
    let mut tx = db.begin_write().await?;
    if !store::staff_proposals::decide_in(&mut tx, id, &actor.member.id, status, now).await? {
        return Err(ProposalError::NotPending);
    }
    let detail = json!({
        "proposal": id,
        "kind": proposal.kind,
        "proposedBy": proposal.proposer_email,
    })
    .to_string();
    let outcome = if !approve {
        Outcome::Rejected
    } else {
        match proposal.kind {
            ProposalKind::LiftRestriction => {
                let user_id = UserId::from(proposal.subject.clone());
                let lifted = store::users::move_status(
                    &mut tx,
                    &user_id,
                    &[KycStatus::AccountRestricted],
                    KycStatus::Completed,
                )
                .await?;
                if !lifted {
                    return Err(ProposalError::NotPossible(
                        "This account is not restricted any more.".into(),
                    ));
                }
                let done = entry(
                    actor,
                    StaffAction::RestrictionLifted,
                    &proposal.subject,
                    &proposal.reason,
                    &detail,
                );
                store::staff_audit::record_in(&mut tx, &done, now).await?;
                Outcome::Lifted
            }
            ProposalKind::AddStaff => {
                let role = serde_json::from_str::<serde_json::Value>(&proposal.payload)
                    .ok()
                    .and_then(|p| p["role"].as_str().and_then(StaffRole::parse))
                    .ok_or_else(damaged)?;
                let (member, token) = store::staff::add_in(&mut tx, &proposal.subject, role, now)
                    .await?
                    .ok_or_else(|| {
                        ProposalError::NotPossible(
                            "That email belongs to a member of staff already.".into(),
                        )
                    })?;
                let done = entry(
                    actor,
                    StaffAction::StaffAdded,
                    &member.id,
                    &proposal.reason,
                    &detail,
                );
                store::staff_audit::record_in(&mut tx, &done, now).await?;
                Outcome::StaffAdded {
                    link: super::staff::enrolment_link(&config.base_url, &token),
                }
            }
            ProposalKind::ChangeLimit => {
                let (payload, profile_id, currency) = profile_change(&proposal)?;
                let limit = OwnLimit::new(
                    payload["perTransfer"].as_i64().ok_or_else(damaged)?,
                    payload["daily"].as_i64().ok_or_else(damaged)?,
                )
                .map_err(|_| damaged())?;
                store::profile_limits::set_in(&mut tx, &profile_id, currency, limit, now).await?;
                let done = entry(
                    actor,
                    StaffAction::LimitChanged,
                    &proposal.subject,
                    &proposal.reason,
                    &proposal.payload,
                );
                store::staff_audit::record_in(&mut tx, &done, now).await?;
                Outcome::LimitSet
            }
            ProposalKind::ChangeFee => {
                let (payload, profile_id, currency) = profile_change(&proposal)?;
                let scheme = payload["scheme"]
                    .as_str()
                    .and_then(Scheme::parse)
                    .ok_or_else(damaged)?;
                // The bank's price may have fallen since the proposal: the rule holds at the
                // moment it is made.
                let fee = config
                    .transfer_fees
                    .own_fee(
                        scheme,
                        currency,
                        payload["fee"].as_i64().ok_or_else(damaged)?,
                    )
                    .map_err(|message| ProposalError::NotPossible(message.into()))?;
                store::profile_fees::set_in(&mut tx, &profile_id, scheme, currency, fee, now)
                    .await?;
                let done = entry(
                    actor,
                    StaffAction::FeeChanged,
                    &proposal.subject,
                    &proposal.reason,
                    &proposal.payload,
                );
                store::staff_audit::record_in(&mut tx, &done, now).await?;
                Outcome::FeeSet
            }
            ProposalKind::ReleaseSuspense => {
                let action = super::payments::release_in(db, &mut tx, &proposal, now).await?;
                let done_action = match action {
                    ReleaseAction::Match => StaffAction::SuspenseMatched,
                    ReleaseAction::Return => StaffAction::SuspenseReturned,
                };
                let done = entry(
                    actor,
                    done_action,
                    &proposal.subject,
                    &proposal.reason,
                    &proposal.payload,
                );
                store::staff_audit::record_in(&mut tx, &done, now).await?;
                Outcome::Released(action)
            }
        }
    };
    let action = if approve {
        StaffAction::ProposalApproved
    } else {
        StaffAction::ProposalRejected
    };
    let decided = entry(actor, action, &proposal.subject, &proposal.reason, &detail);
    store::staff_audit::record_in(&mut tx, &decided, now).await?;
    tx.commit().await?;
    Ok(outcome)
}

/// A stored proposal that does not read as its kind.
pub(super) fn damaged() -> ProposalError {
    ProposalError::NotPossible("The proposal is damaged.".into())
}

/// The payload of a change to one profile's terms, with the profile and the currency it names.
fn profile_change(
    proposal: &Proposal,
) -> Result<(serde_json::Value, ProfileId, Currency), ProposalError> {
    let payload: serde_json::Value =
        serde_json::from_str(&proposal.payload).map_err(|_| damaged())?;
    let profile_id = ProfileId::from(
        payload["profileId"]
            .as_str()
            .ok_or_else(damaged)?
            .to_string(),
    );
    let currency = payload["currency"]
        .as_str()
        .and_then(Currency::parse)
        .ok_or_else(damaged)?;
    Ok((payload, profile_id, currency))
}
