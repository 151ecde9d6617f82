//! A lender's decision (its signed webhook, already read): the application moves only where
//! SPEC §4 lets it, with the reason, in the audit log; an approval with money pays it into the
//! business's GBP account in the same transaction, once. A decision that cannot move the
//! application (a replay, one out of order) changes nothing.

use super::notices;
use crate::domain::accounts::money::{Currency, Money};
use crate::domain::audit::AuditEvent;
use crate::domain::lending::application::LoanState;
use crate::providers::lending::Decision;
use crate::providers::notify::Notifications;
use crate::store::bookings::{self, Advance, BookingError};
use crate::store::loan_applications::{self, Move};
use crate::store::{self, Db};

#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    Moved,
    /// Already there, or a move SPEC §4 does not allow: nothing changed.
    Ignored,
    /// No application has the lender's reference.
    Unknown,
}

#[derive(Debug, thiserror::Error)]
pub enum DecisionError {
    /// An approval with money for a business whose GBP account cannot take it now.
    #[error("the money cannot be paid in: {0}")]
    NotPaid(BookingError),
    #[error(transparent)]
    Storage(#[from] sqlx::Error),
}

/// Who decides, as the bank knows them: the provider's name, the lender's name on payments,
/// and the bank's trading name for the notice.
pub struct Decider<'a> {
    pub provider: &'a str,
    pub lender_name: &'a str,
    pub trading_name: &'a str,
    pub notify: &'a Notifications,
}

pub async fn apply(
    db: &Db,
    decider: &Decider<'_>,
    decision: &Decision,
    ip: &str,
) -> Result<Outcome, DecisionError> {
    let (provider, lender_name) = (decider.provider, decider.lender_name);
    let now = db.now_ms();
    let known = {
        let mut conn = db.pool.acquire().await?;
        loan_applications::by_provider_ref(&mut conn, provider, &decision.provider_ref).await?
    };
    let Some(known) = known else {
        return Ok(Outcome::Unknown);
    };
    // Read before the transaction: the booking checks the account's status again inside it.
    let account = crate::services::accounts::of_profile(db, &known.profile_id)
        .await?
        .into_iter()
        .find(|a| a.is_primary && a.currency == Currency::Gbp);
    let mut tx = db.begin_write().await?;
    let application = loan_applications::by_provider_ref(&mut tx, provider, &decision.provider_ref)
        .await?
        .unwrap_or(known);
    store::profiles::lock_in(&mut tx, db.backend, &application.profile_id).await?;
    let from = application.state;
    if !from.may_become(decision.state) {
        return Ok(Outcome::Ignored);
    }
    let moved = loan_applications::move_state(
        &mut tx,
        &Move {
            id: &application.id,
            from,
            to: decision.state,
            reason: decision.reason.as_deref(),
            offered_amount: decision.offered_amount,
            at: now,
        },
    )
    .await?;
    if !moved {
        return Ok(Outcome::Ignored);
    }
    let detail = serde_json::json!({
        "application": application.id, "provider": provider, "from": from.as_str(),
        "to": decision.state.as_str(), "reason": decision.reason,
    });
    store::audit::record_in(
        &mut tx,
        None,
        AuditEvent::LoanDecided,
        ip,
        &detail.to_string(),
        now,
    )
    .await?;
    if decision.state == LoanState::Rejected {
        // Invoices a factor turned down may be offered again.
        store::factored_invoices::release(&mut tx, &application.id).await?;
    }
    if let (LoanState::Approved, Some(paid)) = (decision.state, decision.paid_amount) {
        let account = account
            .as_ref()
            .ok_or(DecisionError::NotPaid(BookingError::AccountNotUsable))?;
        let reference = format!("{} advance", product_label(&application));
        let key = format!("loan-advance:{}", application.id);
        let transaction = bookings::advance(
            &mut tx,
            db.backend,
            &Advance {
                account,
                amount: Money::new(paid, Currency::Gbp),
                lender: lender_name,
                reference: &reference,
                key: &key,
                at: now,
            },
        )
        .await
        .map_err(|error| match error {
            BookingError::Sql(e) => DecisionError::Storage(e),
            other => DecisionError::NotPaid(other),
        })?;
        loan_applications::set_paid(&mut tx, &application.id, paid, &transaction).await?;
        let detail = serde_json::json!({
            "application": application.id, "amount": paid, "transaction": transaction,
        });
        store::audit::record_in(
            &mut tx,
            None,
            AuditEvent::LoanPaidOut,
            ip,
            &detail.to_string(),
            now,
        )
        .await?;
    }
    tx.commit().await?;
    let notice = notices::loan_notice(
        application.product,
        decision.state,
        lender_name,
        decision.offered_amount,
        decision.paid_amount,
        decision.reason.as_deref(),
        decider.trading_name,
    );
    notices::tell(db, decider.notify, &application.applied_by, notice).await?;
    Ok(Outcome::Moved)
}

fn product_label(application: &loan_applications::LoanApplication) -> &'static str {
    use crate::domain::lending::application::Product;
    match application.product {
        Product::Factoring => "Factoring",
        Product::Mortgage => "Mortgage",
        _ => "Loan",
    }
}
