//! Card acceptance (SPEC §7 POST /v2/merchant-applications and /fetch): one application per
//! business, sent to the acquirer; while the acquirer waits for more information the business
//! answers by sending the form again, which takes it back to pending. The acquirer's decisions
//! move it only where SPEC §4 allows, each in the audit log in the same transaction.

use std::sync::Arc;

use crate::domain::audit::AuditEvent;
use crate::domain::ids::{ProfileId, UserId};
use crate::domain::lending::application::MerchantState;
use crate::domain::lending::merchant::MerchantForm;
use crate::providers::merchant_acquiring::{
    AcquiringError, MerchantAcquirer, MerchantDecision, MerchantRequest,
};
use crate::providers::notify::Notifications;
use crate::store::merchant_applications::{self, Move};
use crate::store::{self, Db};

pub use crate::store::merchant_applications::MerchantApplication;

#[derive(Debug, thiserror::Error)]
pub enum ApplyError {
    /// An application is under way or active: nothing to send now.
    #[error("an application exists in state {0:?}")]
    Exists(MerchantState),
    #[error(transparent)]
    Acquirer(#[from] AcquiringError),
    #[error(transparent)]
    Storage(#[from] sqlx::Error),
}

/// The business's application; one that never reached the acquirer is none.
pub async fn of_profile(
    db: &Db,
    profile_id: &ProfileId,
) -> Result<Option<MerchantApplication>, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    let since = db.now_ms() - super::loans::UNTAKEN_AFTER_MS;
    Ok(merchant_applications::of_profile(&mut conn, profile_id)
        .await?
        .filter(|a| a.provider_ref.is_some() || a.created_at >= since))
}

pub async fn by_provider_ref(
    db: &Db,
    provider: &str,
    provider_ref: &str,
) -> Result<Option<MerchantApplication>, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    merchant_applications::by_provider_ref(&mut conn, provider, provider_ref).await
}

/// A new application (none yet, or the last one rejected), or the answer to the acquirer's
/// questions.
pub async fn apply(
    db: &Db,
    acquirer: &Arc<dyn MerchantAcquirer>,
    profile_id: &ProfileId,
    user_id: &UserId,
    form: &MerchantForm,
    ip: &str,
) -> Result<MerchantApplication, ApplyError> {
    let now = db.now_ms();
    let mut tx = db.begin_write().await?;
    store::profiles::lock_in(&mut tx, db.backend, profile_id).await?;
    merchant_applications::sweep_untaken(&mut tx, profile_id, now - super::loans::UNTAKEN_AFTER_MS)
        .await?;
    let existing = merchant_applications::of_profile(&mut tx, profile_id).await?;
    let answer = match &existing {
        Some(a) if a.state == MerchantState::AdditionalInfoRequired => Some(a.clone()),
        Some(a) if a.state != MerchantState::Rejected => return Err(ApplyError::Exists(a.state)),
        _ => None,
    };
    let id = match &answer {
        Some(application) => {
            let moved = merchant_applications::move_state(
                &mut tx,
                &Move {
                    id: &application.id,
                    from: MerchantState::AdditionalInfoRequired,
                    to: MerchantState::Pending,
                    note: None,
                    merchant_id: None,
                    form: Some(form),
                    at: now,
                },
            )
            .await?;
            if !moved {
                return Err(ApplyError::Exists(application.state));
            }
            application.id.clone()
        }
        None => {
            let id = uuid::Uuid::new_v4().to_string();
            merchant_applications::insert(
                &mut tx,
                &id,
                profile_id,
                acquirer.name(),
                form,
                user_id,
                now,
            )
            .await?;
            id
        }
    };
    let event = if answer.is_some() {
        AuditEvent::MerchantAnswered
    } else {
        AuditEvent::MerchantApplied
    };
    let detail = serde_json::json!({"application": id, "provider": acquirer.name()});
    store::audit::record_in(&mut tx, Some(user_id), event, ip, &detail.to_string(), now).await?;
    tx.commit().await?;

    match answer.as_ref().and_then(|a| a.provider_ref.as_deref()) {
        Some(provider_ref) => {
            // Kept as pending with the answer; the acquirer hears it now, or from its retry.
            if let Err(error) = acquirer.resubmit(provider_ref, form).await {
                tracing::warn!(%error, "the acquirer did not take the business's answer yet");
            }
        }
        None => {
            let company = crate::services::invoices::documents::seller(db, profile_id).await?;
            let request = MerchantRequest {
                application_id: id.clone(),
                company_name: company.name,
                company_number: company.registration_number.unwrap_or_default(),
                form: form.clone(),
            };
            match acquirer.submit(&request).await {
                Ok(submitted) => {
                    merchant_applications::set_provider_ref(
                        db,
                        &id,
                        &submitted.provider_ref,
                        &submitted.redirect_uri,
                    )
                    .await?
                }
                Err(error) => {
                    merchant_applications::remove(db, &id).await?;
                    return Err(error.into());
                }
            }
        }
    }
    of_profile(db, profile_id)
        .await?
        .ok_or(ApplyError::Storage(sqlx::Error::RowNotFound))
}

/// The acquirer's decision: whether it moved the application (false when it could not: a
/// replay, out of order), None when no application has its reference.
pub async fn decide(
    db: &Db,
    notify: &Notifications,
    provider: &str,
    decision: &MerchantDecision,
    ip: &str,
) -> Result<Option<bool>, sqlx::Error> {
    let now = db.now_ms();
    let mut tx = db.begin_write().await?;
    let Some(application) =
        merchant_applications::by_provider_ref(&mut tx, provider, &decision.provider_ref).await?
    else {
        return Ok(None);
    };
    // The business answers its questions itself; the acquirer cannot answer for it.
    let by_acquirer = !(application.state == MerchantState::AdditionalInfoRequired
        && decision.state == MerchantState::Pending);
    if !by_acquirer || !application.state.may_become(decision.state) {
        return Ok(Some(false));
    }
    let moved = merchant_applications::move_state(
        &mut tx,
        &Move {
            id: &application.id,
            from: application.state,
            to: decision.state,
            note: decision.note.as_deref(),
            merchant_id: decision.merchant_id.as_deref(),
            form: None,
            at: now,
        },
    )
    .await?;
    if moved {
        let detail = serde_json::json!({
            "application": application.id, "provider": provider,
            "from": application.state.as_str(), "to": decision.state.as_str(),
            "note": decision.note,
        });
        store::audit::record_in(
            &mut tx,
            None,
            AuditEvent::MerchantDecided,
            ip,
            &detail.to_string(),
            now,
        )
        .await?;
        tx.commit().await?;
        let notice = super::notices::merchant_notice(decision.state, decision.note.as_deref());
        super::notices::tell(db, notify, &application.applied_by, notice).await?;
    }
    Ok(Some(moved))
}
