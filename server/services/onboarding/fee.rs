//! The activation fee (SPEC §4, issue 10): which fee a person owes, choosing to pay it by
//! transfer, and settling it once whichever way the money came.

use crate::config::Config;
use crate::domain::accounts::money::{Currency, Money};
use crate::domain::audit::AuditEvent;
use crate::domain::backoffice::suspense::SuspenseOrigin;
use crate::domain::ids::UserId;
use crate::domain::onboarding::fee::{self, FeePayment, FeeStatus};
use crate::domain::onboarding::journey::{self, Step};
use crate::domain::onboarding::kyc::{KycStatus, OnboardingFlow};
use crate::domain::profiles::access::{ProfileType, Role};
use crate::store::ledger::{self, AccountKind};
use crate::store::registration_fees;

pub use crate::store::registration_fees::Fee;
use crate::store::users::UserRow;
use crate::store::{self, Db};

#[derive(Debug, thiserror::Error)]
pub enum FeeError {
    #[error("the person of the fee is not on record")]
    NoSuchPerson,
    #[error(transparent)]
    Storage(#[from] sqlx::Error),
    /// An invariant the ledger or the fee's record refused; nothing was committed.
    #[error("{0}")]
    Broken(String),
}

/// The currency of the primary account the fee opens, which is also the fee's: the company's
/// country's, or the person's for a personal account. A person with no home country on record
/// (a business owner opening a personal account beside the company) takes the country of their
/// company's onboarding, else the currency of the primary account they hold already.
async fn currency_of(db: &Db, user: &UserRow) -> Result<Currency, sqlx::Error> {
    if user.flow() == OnboardingFlow::Personal {
        let own = store::users::details(db, &user.id)
            .await?
            .and_then(|d| d.country)
            .filter(|c| !c.is_empty());
        if own.is_some() {
            return Ok(fee::primary_currency(own.as_deref()));
        }
    }
    if let Some(onboarding) = store::onboardings::latest(db, &user.id).await? {
        return Ok(fee::primary_currency(Some(&onboarding.data.country)));
    }
    for profile in store::profiles::for_user(db, &user.id).await? {
        let accounts = store::bank_accounts::for_profile(db, &profile.id).await?;
        if let Some(primary) = accounts.iter().find(|a| a.is_primary) {
            return Ok(primary.currency);
        }
    }
    Ok(fee::primary_currency(None))
}

/// The person's unpaid fee, assigned on first sight (a second company has a fee of its own).
pub async fn current_fee(db: &Db, config: &Config, user: &UserRow) -> Result<Fee, FeeError> {
    if let Some(fee) = registration_fees::latest(db, &user.id).await? {
        if fee.status != FeeStatus::Paid {
            return Ok(fee);
        }
    }
    let flow = user.flow();
    let currency = currency_of(db, user).await?;
    let reference = fee::new_reference();
    registration_fees::create(
        db,
        &registration_fees::NewFee {
            user_id: &user.id,
            flow: flow.as_str(),
            currency,
            amount_minor: fee::amount_minor(
                flow,
                config.activation_fee_business,
                config.activation_fee_personal,
            ),
            reference: &reference,
        },
        db.now_ms(),
    )
    .await?;
    registration_fees::latest(db, &user.id)
        .await?
        .ok_or(FeeError::NoSuchPerson)
}

/// SPEC §4: choosing a transfer sets registration_fee_pending.
pub async fn choose_transfer(db: &Db, user: &UserRow, fee: &Fee) -> Result<(), FeeError> {
    registration_fees::choose(db, &fee.id, FeePayment::Transfer, FeeStatus::Pending, None).await?;
    let mut conn = db.pool.acquire().await?;
    store::users::move_status(
        &mut conn,
        &user.id,
        &[KycStatus::RegistrationFeeAssigned],
        KycStatus::RegistrationFeePending,
    )
    .await?;
    Ok(())
}

#[derive(Debug, PartialEq, Eq)]
pub enum Settled {
    /// The fee is paid with this payment and the accounts are open.
    Paid,
    /// The fee was paid already: this payment is kept apart (suspense) for a refund.
    AlreadyPaid,
}

/// Pays the fee with a payment that arrived through `scheme`, once: the money is booked from the
/// scheme's clearing to the bank's fee income, the fee marked paid, the profile given its
/// primary account, and onboarding completed, all in one transaction. A second payment of the
/// same fee (a replay, a second transfer) is booked to suspense and pays nothing.
pub async fn settle(
    db: &Db,
    fee: &Fee,
    method: FeePayment,
    payment_id: &str,
    scheme: &str,
) -> Result<Settled, FeeError> {
    let user = store::users::by_id(db, &fee.user_id)
        .await?
        .ok_or(FeeError::NoSuchPerson)?;
    let flow = user.flow();
    let currency = currency_of(db, &user).await?;
    let onboarding = store::onboardings::latest(db, &user.id).await?;
    let details = store::users::details(db, &user.id)
        .await?
        .ok_or(FeeError::NoSuchPerson)?;
    let has_profiles = !store::profiles::for_user(db, &user.id).await?.is_empty();
    let company_name = onboarding
        .as_ref()
        .map(|o| o.data.name.clone())
        .unwrap_or_default();
    let now = db.now_ms();
    let mut tx = db.begin_write().await?;
    // Moving the person past the fee step is the gate (issue 26 point 3): of payments that race,
    // whichever method they came by, exactly one moves it and opens the profile; the others find
    // the step done and are kept in suspense for a refund.
    let next = journey::after(flow, Step::Fee, true);
    let opens =
        store::users::move_status(&mut tx, &user.id, journey::open_for(Step::Fee), next).await?;
    let first =
        opens && registration_fees::settle(&mut tx, &fee.id, method, payment_id, now).await?;
    if opens && !first {
        // The step was open but this fee was paid already: nothing may open twice; the
        // transaction is dropped, so the status is not moved either.
        return Err(FeeError::Broken(format!(
            "activation fee {} paid while its step was still open",
            fee.id
        )));
    }
    let clearing = ledger::system_account(
        &mut tx,
        now,
        AccountKind::SchemeClearing,
        Some(scheme),
        fee.currency,
    )
    .await?;
    let to = ledger::system_account(
        &mut tx,
        now,
        if first {
            AccountKind::FeeIncome
        } else {
            AccountKind::Suspense
        },
        None,
        fee.currency,
    )
    .await?;
    let entry = crate::domain::accounts::entry::Entry::transfer(
        &clearing,
        &to,
        fee.currency,
        fee.amount_minor,
    )
    .map_err(|e| FeeError::Broken(e.to_string()))?;
    let booked = match ledger::book(
        &mut tx,
        "activation_fee",
        Some(&format!("fee-payment:{payment_id}")),
        &entry,
        now,
    )
    .await
    {
        Ok(booked) => booked,
        // The same payment again: booked the first time, nothing more to do.
        Err(ledger::LedgerError::Duplicate) => return Ok(Settled::AlreadyPaid),
        Err(error) => return Err(FeeError::Broken(error.to_string())),
    };
    if !first {
        // Whose it is and how it came, for operations to refund it (issue 32 point 3).
        let payer = format!("{} {}", details.name, details.surname);
        let item = store::suspense::NewItem {
            origin: SuspenseOrigin::ActivationFee,
            scheme,
            amount: Money::new(fee.amount_minor, fee.currency),
            account_text: "Activation fee",
            payer: payer.trim(),
            reference: &format!("{method} {payment_id}"),
            user_id: Some(user.id.as_str()),
        };
        store::suspense::keep_in(&mut tx, &item, &booked.entry_id, now).await?;
        tx.commit().await?;
        // Operators refund it from suspense; the log and the audit trail say whose it is.
        tracing::warn!(
            fee = %fee.id, payment = payment_id, %method,
            "a further activation fee payment arrived after the account opened: held in suspense"
        );
        store::audit::record(
            db,
            Some(&user.id),
            AuditEvent::ActivationFeeInSuspense,
            "",
            &format!("{method} {payment_id}"),
        )
        .await?;
        return Ok(Settled::AlreadyPaid);
    }
    let profile_id = match onboarding.and_then(|o| o.profile_id) {
        Some(profile) if flow != OnboardingFlow::Personal => profile,
        _ => {
            let name = format!("{} {}", details.name, details.surname);
            let profile =
                store::profiles::create_in(&mut tx, now, ProfileType::Personal, name.trim())
                    .await?;
            store::profiles::add_member_in(
                &mut tx,
                &profile,
                &user.id,
                Role::Admin,
                &[],
                !has_profiles,
            )
            .await?;
            profile
        }
    };
    if !store::bank_accounts::has_open_in(&mut tx, &profile_id, currency).await? {
        let holder = match flow {
            OnboardingFlow::Personal => format!("{} {}", details.name, details.surname),
            _ => company_name,
        };
        store::bank_accounts::open(
            &mut tx,
            &store::bank_accounts::NewAccount {
                profile_id: &profile_id,
                currency,
                name: holder.trim(),
                is_primary: true,
                status: crate::domain::accounts::status::AccountStatus::Active,
                activates_at: None,
                created_at: now,
            },
        )
        .await?;
    }
    tx.commit().await?;
    Ok(Settled::Paid)
}

/// The person's newest fee, whatever its state.
pub async fn latest(db: &Db, user_id: &UserId) -> Result<Option<Fee>, sqlx::Error> {
    registration_fees::latest(db, user_id).await
}

/// Whether the person already has an open account (a profile): a further personal account's
/// fee may then be declined.
pub async fn has_profiles(db: &Db, user_id: &UserId) -> Result<bool, sqlx::Error> {
    Ok(!store::profiles::for_user(db, user_id).await?.is_empty())
}

/// A card checkout begun with the acquirer (`checkout` names it), or a wallet payment the
/// acquirer refused (no checkout, failed).
pub async fn record_attempt(
    db: &Db,
    fee: &Fee,
    method: FeePayment,
    status: FeeStatus,
    checkout: Option<&str>,
) -> Result<(), sqlx::Error> {
    let checkout = checkout.map(|id| (id, None));
    registration_fees::choose(db, &fee.id, method, status, checkout).await?;
    Ok(())
}

/// The fee of a hosted checkout the acquirer reports on.
pub async fn by_checkout(db: &Db, checkout_id: &str) -> Result<Option<Fee>, sqlx::Error> {
    registration_fees::by_checkout(db, checkout_id).await
}

/// The acquirer reports a declined checkout.
pub async fn checkout_failed(db: &Db, checkout_id: &str) -> Result<(), sqlx::Error> {
    registration_fees::fail_checkout(db, checkout_id).await?;
    Ok(())
}

/// Why a further personal account's fee cannot be declined.
#[derive(Debug, thiserror::Error)]
pub enum DeclineError {
    /// A first account (or a business's) opens with its fee.
    #[error("a first account opens with its fee")]
    FirstAccount,
    /// The fee was paid meanwhile: the account is opening.
    #[error("the fee is paid")]
    Paid,
    #[error(transparent)]
    Storage(#[from] sqlx::Error),
}

/// Declines a further personal account at its fee: the person goes back to their open accounts,
/// nothing having been opened (a payment that still arrives waits in suspense for a refund).
pub async fn decline_further_account(db: &Db, person: &UserRow) -> Result<(), DeclineError> {
    if person.flow() != OnboardingFlow::Personal || !has_profiles(db, &person.id).await? {
        return Err(DeclineError::FirstAccount);
    }
    let mut conn = db.pool.acquire().await?;
    let open = journey::open_for(Step::Fee);
    if !store::users::move_status(&mut conn, &person.id, open, KycStatus::Completed).await? {
        return Err(DeclineError::Paid);
    }
    Ok(())
}

/// The pending fee a hosted checkout is for (the sandbox acquirer's payment pages).
pub async fn open_checkout(db: &Db, checkout_id: &str) -> Result<Option<Fee>, sqlx::Error> {
    Ok(registration_fees::by_checkout(db, checkout_id)
        .await?
        .filter(|fee| fee.status == FeeStatus::Pending))
}

/// The card was accepted on the checkout's form: it waits for its 3-D Secure answer.
pub async fn checkout_challenged(db: &Db, checkout_id: &str) -> Result<bool, sqlx::Error> {
    registration_fees::set_checkout_state(
        db,
        checkout_id,
        fee::CheckoutState::Created,
        fee::CheckoutState::Challenged,
    )
    .await
}
