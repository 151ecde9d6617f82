//! Second approvals' use cases (issue 13 point 6, beyond SPEC): a transfer above the profile's
//! threshold made by anyone but an Account Owner is placed to wait, its creator's approval used
//! and its money held in one transaction; another member approves it (then it is paid, the hold
//! released, in one transaction) or rejects it. Every step is audit-logged.

use super::transfers::{self, approval_problem, Plan, Submitted, TransferError};
use super::Payer;
use crate::config::Config;
use crate::domain::accounts::money::Currency;
use crate::domain::audit::AuditEvent;
use crate::domain::auth::mfa::Purpose;
use crate::domain::ids::ProfileId;
use crate::domain::payments::request::{TransferBody, TransferTermsBody};
use crate::domain::payments::second_approval::{self, RequestState};
use crate::store::approvals::{NewRequest, RequestRow};
use crate::store::bookings::BookingError;
use crate::store::ledger::LedgerError;
use crate::store::mfa::ApprovalProblem;
use crate::store::{self, Db};

/// A waiting transfer's request, as kept for its approver.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct SavedRequest {
    pub terms: TransferTermsBody,
    #[serde(default)]
    pub attachments: Vec<String>,
    /// The maker's word on the payee's check, which the second approval sends with.
    #[serde(default)]
    pub payee_check: Option<crate::domain::payments::request::PayeeConsentBody>,
}

/// The profile's transfers waiting for a second approval, each with its maker's name.
pub async fn waiting(
    db: &Db,
    profile_id: &ProfileId,
) -> Result<Vec<(RequestRow, String)>, sqlx::Error> {
    let mut found = Vec::new();
    for row in store::approvals::waiting(db, profile_id).await? {
        let maker = store::users::by_id(db, &row.created_by)
            .await?
            .map(|u| format!("{} {}", u.name, u.surname).trim().to_string())
            .unwrap_or_default();
        found.push((row, maker));
    }
    Ok(found)
}

/// The profile's thresholds above which a transfer waits (currency, minor units).
pub async fn rules(db: &Db, profile_id: &ProfileId) -> Result<Vec<(Currency, i64)>, sqlx::Error> {
    store::approvals::rules(db, profile_id).await
}

pub fn saved(row: &RequestRow) -> Result<SavedRequest, TransferError> {
    serde_json::from_str(&row.body)
        .map_err(|e| TransferError::Broken(format!("waiting transfer {}: {e}", row.id)))
}

/// Holds the transfer's money and keeps it for a second approval (called by the submit).
pub(super) async fn place(
    db: &Db,
    payer: &Payer<'_>,
    body: &TransferBody,
    id: &str,
    plan: &Plan,
    digest: &str,
    now: i64,
) -> Result<Submitted, TransferError> {
    let saved = serde_json::to_string(&SavedRequest {
        terms: body.terms.clone(),
        attachments: body.attachments.clone(),
        payee_check: body.payee_check.clone(),
    })
    .map_err(|e| TransferError::Broken(e.to_string()))?;
    let new = NewRequest {
        id,
        request_digest: digest,
        profile_id: payer.profile_id,
        created_by: payer.user_id,
        account: &plan.account,
        amount: plan.checked.amount,
        fee: plan.fee,
        payee_name: &plan.checked.payee.name,
        body: &saved,
        hold_id: "",
        binding: &plan.binding,
        now,
    };
    let mut tx = db.begin_write().await?;
    match place_in(&mut tx, body.request_id.trim(), &new).await {
        Ok(()) => tx.commit().await?,
        Err(error) => {
            tx.rollback().await?;
            return match error {
                TransferError::Approval(_) => Err(TransferError::Approval(
                    approval_problem(db, payer, body, &plan.binding, now).await?,
                )),
                // A concurrent duplicate of this request won: answer as it did.
                TransferError::Storage(error) => match store::approvals::find(db, id).await? {
                    Some(first)
                        if first.profile_id == payer.profile_id
                            && first.request_digest == digest =>
                    {
                        Ok(Submitted::Waiting {
                            id: id.to_string(),
                            state: first.state,
                        })
                    }
                    Some(_) => Err(TransferError::IdReused),
                    None => Err(TransferError::Storage(error)),
                },
                other => Err(other),
            };
        }
    }
    store::audit::record_json(
        db,
        payer.user_id,
        AuditEvent::TransferAwaitingApproval,
        "api",
        serde_json::json!({"transfer": id, "amount": plan.checked.amount, "currency": plan.account.currency}),
    )
    .await?;
    Ok(Submitted::Waiting {
        id: id.to_string(),
        state: RequestState::Waiting,
    })
}

async fn place_in(
    conn: &mut sqlx::AnyConnection,
    approval_id: &str,
    new: &NewRequest<'_>,
) -> Result<(), TransferError> {
    if !store::mfa::consume_approval(
        conn,
        approval_id,
        new.created_by,
        Purpose::Transfer,
        new.binding,
        new.now,
    )
    .await?
    {
        return Err(TransferError::Approval(ApprovalProblem::NotApproved));
    }
    let hold = store::ledger::place_hold(
        conn,
        new.now,
        &new.account.ledger_account_id,
        new.amount + new.fee,
        &format!("transfer_request:{}", new.id),
    )
    .await
    .map_err(|e| match e {
        LedgerError::InsufficientFunds => TransferError::InsufficientFunds,
        LedgerError::Sql(e) => TransferError::Storage(e),
        other => TransferError::Booking(BookingError::Ledger(other.to_string())),
    })?;
    store::approvals::insert_in(
        conn,
        &NewRequest {
            hold_id: &hold,
            ..*new
        },
    )
    .await?;
    Ok(())
}

/// The profile's request under `id`, while it waits.
async fn waiting_of(db: &Db, member: &Payer<'_>, id: &str) -> Result<RequestRow, TransferError> {
    let row = store::approvals::find(db, id.trim())
        .await?
        .filter(|r| r.profile_id == member.profile_id)
        .ok_or(TransferError::NoSuchRequest)?;
    if row.state != RequestState::Waiting {
        return Err(TransferError::AlreadyDecided);
    }
    Ok(row)
}

/// Approves a waiting transfer with the approver's own approval of its terms: its hold is
/// released and it is paid, in one transaction.
pub async fn approve(
    db: &Db,
    config: &Config,
    checker: Option<&dyn crate::providers::payee_check::PayeeChecker>,
    approver: &Payer<'_>,
    id: &str,
    approval_id: &str,
    ip: &str,
) -> Result<Submitted, TransferError> {
    let row = waiting_of(db, approver, id).await?;
    if !second_approval::may_approve(&row.created_by, approver.user_id) {
        return Err(TransferError::OwnTransfer);
    }
    if approval_id.trim().is_empty() {
        return Err(TransferError::Approval(ApprovalProblem::Missing));
    }
    let saved = saved(&row)?;
    let body = TransferBody {
        id: row.id.clone(),
        request_id: approval_id.to_string(),
        terms: saved.terms,
        attachments: saved.attachments,
        payee_check: saved.payee_check,
    };
    let result = transfers::submit_as(db, config, checker, approver, &body, Some(&row)).await?;
    store::audit::record_json(
        db,
        approver.user_id,
        AuditEvent::TransferApproved,
        ip,
        serde_json::json!({"transfer": row.id, "created_by": row.created_by}),
    )
    .await?;
    Ok(result)
}

/// Rejects a waiting transfer (its maker may withdraw it too): the hold is released.
pub async fn reject(
    db: &Db,
    member: &Payer<'_>,
    id: &str,
    ip: &str,
) -> Result<Submitted, TransferError> {
    let row = waiting_of(db, member, id).await?;
    let mut tx = db.begin_write().await?;
    let decided = store::approvals::decide_in(
        &mut tx,
        &row.id,
        RequestState::Rejected,
        member.user_id,
        db.now_ms(),
    )
    .await?;
    tx.commit().await?;
    if !decided {
        return Err(TransferError::AlreadyDecided);
    }
    store::audit::record_json(
        db,
        member.user_id,
        AuditEvent::TransferRejected,
        ip,
        serde_json::json!({"transfer": row.id, "created_by": row.created_by}),
    )
    .await?;
    Ok(Submitted::Waiting {
        id: row.id,
        state: RequestState::Rejected,
    })
}

/// Sets (or with `None` removes) the profile's threshold for a currency (Account Owner only:
/// the API checks the right).
pub async fn set_rule(
    db: &Db,
    owner: &Payer<'_>,
    currency: Currency,
    threshold: Option<i64>,
    ip: &str,
) -> Result<(), sqlx::Error> {
    store::approvals::set_rule(
        db,
        owner.profile_id,
        currency,
        threshold,
        owner.user_id,
        db.now_ms(),
    )
    .await?;
    store::audit::record_json(
        db,
        owner.user_id,
        AuditEvent::TeamApprovalRuleSet,
        ip,
        serde_json::json!({
            "profile": owner.profile_id, "currency": currency, "threshold": threshold,
        }),
    )
    .await
}
