//! Reviews' use cases: the identity provider's review of a person moves their status (and is
//! recorded); the bank's decision on a business moves its owner's status and tells them; the
//! owner's answer to a request for more puts the business back in the queue.

use crate::domain::auth::email::Email;
use crate::domain::ids::UserId;
use crate::domain::messages::{Channel, Message};
use crate::domain::onboarding::kyc::KycStatus;
use crate::domain::onboarding::review::{self, KybDecision, Review, KYB_IN_REVIEW};
use crate::providers::notify::Notifications;
use crate::store::{self, Db};

/// Applies an identity review to the person the provider names; false when it changed nothing
/// (an unknown person, or a review their status has moved past).
pub async fn apply_identity_review(
    db: &Db,
    provider: &str,
    user_id: &UserId,
    applicant_id: &str,
    review: Review,
) -> Result<bool, sqlx::Error> {
    let Some(user) = store::users::by_id(db, user_id).await? else {
        tracing::warn!(user = %user_id, "identity review for an unknown user");
        return Ok(false);
    };
    let phone_verified = store::users::phone_verified(db, &user.id).await?;
    let (from, to) = review::identity_move(review, user.flow(), phone_verified);
    let mut conn = db.pool.acquire().await?;
    let moved = store::users::move_status(&mut conn, &user.id, from, to).await?;
    drop(conn);
    if moved {
        store::identity_checks::record(db, &user.id, provider, applicant_id, review, db.now_ms())
            .await?;
    }
    Ok(moved)
}

#[derive(Debug, thiserror::Error)]
pub enum DecisionError {
    #[error("no customer has that email")]
    UnknownCustomer,
    #[error("the customer's business is not waiting for a review (status {0})")]
    NotInReview(&'static str),
    #[error("say what the bank needs: --note \"…\"")]
    NoteRequired,
    #[error(transparent)]
    Sql(#[from] sqlx::Error),
}

/// Records an operator's decision on the business of the customer with `email` and moves them
/// on; tells them by email (`bank kyb`).
pub async fn decide_business(
    db: &Db,
    notify: &Notifications,
    trading_name: &str,
    email: &str,
    decision: KybDecision,
    note: Option<&str>,
) -> Result<KycStatus, DecisionError> {
    let email = Email::parse(email).map_err(|_| DecisionError::UnknownCustomer)?;
    let user = store::users::by_email(db, &email)
        .await?
        .ok_or(DecisionError::UnknownCustomer)?;
    decide(db, notify, trading_name, &user.id, decision, note, None).await
}

/// The decision on the business of the customer `user_id`, as [`decide_business`]; `audit`
/// (the back office's entry for it) is written in the transaction that moves the status, so
/// a decision is never made without its record.
pub async fn decide(
    db: &Db,
    notify: &Notifications,
    trading_name: &str,
    user_id: &UserId,
    decision: KybDecision,
    note: Option<&str>,
    audit: Option<&store::staff_audit::Entry<'_>>,
) -> Result<KycStatus, DecisionError> {
    let user = store::users::by_id(db, user_id)
        .await?
        .ok_or(DecisionError::UnknownCustomer)?;
    if !KYB_IN_REVIEW.contains(&user.kyc_status) {
        return Err(DecisionError::NotInReview(user.kyc_status.as_str()));
    }
    let note = note.map(str::trim).filter(|n| !n.is_empty());
    let (from, to) = review::kyb_move(decision, user.flow(), note.is_some())
        .map_err(|_| DecisionError::NoteRequired)?;
    let onboarding = store::onboardings::latest(db, &user.id).await?;
    let mut tx = db.begin_write().await?;
    if !store::users::move_status(&mut tx, &user.id, from, to).await? {
        return Err(DecisionError::NotInReview(user.kyc_status.as_str()));
    }
    if let (KybDecision::RequestMore, Some(onboarding), Some(note)) = (decision, &onboarding, note)
    {
        store::onboardings::set_review_note(&mut tx, &onboarding.id, note, db.now_ms()).await?;
    }
    if let Some(entry) = audit {
        store::staff_audit::record_in(&mut tx, entry, db.now_ms()).await?;
    }
    tx.commit().await?;
    let sent = notify
        .send(Message {
            channel: Channel::Email,
            to: user.email.clone(),
            subject: format!("Your {trading_name} application"),
            body: review::kyb_email(decision, note.unwrap_or_default()),
            attachments: Vec::new(),
        })
        .await;
    if let Err(error) = sent {
        // The decision stands; the customer also sees it when they log in.
        tracing::error!(%error, "KYB decision email not sent");
    }
    Ok(to)
}

#[derive(Debug, thiserror::Error)]
pub enum AnswerError {
    /// No submitted application to answer for.
    #[error("no submitted application")]
    NoApplication,
    /// The bank is not waiting for an answer (any more).
    #[error("no request for more is open")]
    NotRequested,
    #[error(transparent)]
    Sql(#[from] sqlx::Error),
}

/// The owner's answer to the bank's request for more: kept with the application, and the
/// business is back in the review queue.
pub async fn answer_request(db: &Db, user_id: &UserId, text: &str) -> Result<(), AnswerError> {
    let onboarding = store::onboardings::latest(db, user_id)
        .await?
        .filter(|o| o.submitted_at.is_some())
        .ok_or(AnswerError::NoApplication)?;
    let mut tx = db.begin_write().await?;
    if !store::users::move_status(
        &mut tx,
        user_id,
        &[KycStatus::KybRequested],
        KycStatus::KybPending,
    )
    .await?
    {
        return Err(AnswerError::NotRequested);
    }
    store::onboardings::set_additional_info(&mut tx, &onboarding.id, text, db.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}
