//! Applying for finance (SPEC §7 POST /v2/loan-applications and /fetch): the three-month rule
//! checked and the application kept in one transaction (with the profile locked, so two at once
//! cannot both pass), then sent to the lender, which answers where the person continues.

use std::sync::Arc;

use crate::domain::audit::AuditEvent;
use crate::domain::ids::{ProfileId, UserId};
use crate::domain::lending::application::{add_months, may_apply_again, Product};
use crate::domain::lending::factoring;
use crate::domain::lending::loan::LoanForm;
use crate::domain::london;
use crate::providers::lending::{
    Contact, LendingError, LendingProvider, LoanRequest, RegisteredAddress,
};
use crate::store::factored_invoices;
use crate::store::loan_applications::{self, NewApplication};
use crate::store::{self, Db};

pub use crate::store::loan_applications::LoanApplication;

#[derive(Debug, thiserror::Error)]
pub enum ApplyError {
    /// SPEC §8: another application within three months of the last; from when it may be made.
    #[error("too soon: from {0}")]
    TooSoon(String),
    /// Factoring: an invoice chosen is not one the business may offer (another's, paid, due
    /// too soon, financed already), or none was chosen.
    #[error("invoices not eligible")]
    InvoicesNotEligible,
    #[error(transparent)]
    Lender(#[from] LendingError),
    #[error(transparent)]
    Storage(#[from] sqlx::Error),
}

/// What is asked for: how much (GBP minor units), over how long (0 where the product has no
/// term), what for, and the whole form as the person sent it.
pub struct Terms {
    pub amount: i64,
    pub term_months: u32,
    pub purpose: String,
    pub form: serde_json::Value,
}

impl Terms {
    pub fn of_loan(form: &LoanForm) -> Self {
        Self {
            amount: form.amount,
            term_months: form.term_months,
            purpose: form.purpose.clone(),
            form: serde_json::to_value(form).unwrap_or_default(),
        }
    }
}

/// An application the lender has not taken after this long never reached it: the call to the
/// lender has a time-out far shorter.
pub const UNTAKEN_AFTER_MS: i64 = 10 * 60 * 1000;

pub struct Application<'a> {
    pub profile_id: &'a ProfileId,
    pub user_id: &'a UserId,
    pub product: Product,
    pub terms: Terms,
    /// With the person's consent: what the lender is sent besides the form.
    pub shared: Option<super::prefill::Shared>,
    /// Factoring: the invoices offered (their outstanding total is the amount asked).
    pub invoices: Vec<String>,
    /// Where the lender sends the person back.
    pub return_url: String,
    pub ip: &'a str,
}

/// The day from which the profile may apply for the product again, when that is after today.
pub async fn next_from(
    db: &Db,
    profile_id: &ProfileId,
    product: Product,
) -> Result<Option<String>, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    let since = db.now_ms() - UNTAKEN_AFTER_MS;
    let last = loan_applications::last_applied_day(&mut conn, profile_id, product, since).await?;
    Ok(blocked_until(last.as_deref(), db.now_ms()))
}

fn blocked_until(last: Option<&str>, now_ms: i64) -> Option<String> {
    let last =
        time::Date::parse(last?, &time::format_description::well_known::Iso8601::DATE).ok()?;
    let today = london::today(now_ms);
    (!may_apply_again(last, today)).then(|| add_months(last, 3).to_string())
}

pub async fn apply(
    db: &Db,
    lender: &Arc<dyn LendingProvider>,
    application: Application<'_>,
) -> Result<LoanApplication, ApplyError> {
    let id = uuid::Uuid::new_v4().to_string();
    let now = db.now_ms();
    let mut terms = application.terms;
    let shared = application
        .shared
        .as_ref()
        .map(|s| serde_json::to_value(s).unwrap_or_default());
    let mut tx = db.begin_write().await?;
    store::profiles::lock_in(&mut tx, db.backend, application.profile_id).await?;
    loan_applications::sweep_untaken(&mut tx, application.profile_id, now - UNTAKEN_AFTER_MS)
        .await?;
    let last = loan_applications::last_applied_day(
        &mut tx,
        application.profile_id,
        application.product,
        now - UNTAKEN_AFTER_MS,
    )
    .await?;
    // Factoring finances invoices as they come; SPEC §8's wait is between loans.
    if application.product != Product::Factoring {
        if let Some(from) = blocked_until(last.as_deref(), now) {
            return Err(ApplyError::TooSoon(from));
        }
    }
    let financed = if application.product == Product::Factoring {
        let due_from = factoring::due_from(london::today(now)).to_string();
        let open =
            factored_invoices::candidates(&mut tx, application.profile_id, &due_from).await?;
        let chosen: Vec<_> = open
            .into_iter()
            .filter(|c| application.invoices.contains(&c.id))
            .collect();
        if chosen.is_empty() || chosen.len() != application.invoices.len() {
            return Err(ApplyError::InvoicesNotEligible);
        }
        terms.amount = chosen.iter().map(|c| c.outstanding).sum();
        terms.form = serde_json::json!({
            "purpose": "Invoice finance",
            "invoices": chosen.iter().map(|c| &c.number).collect::<Vec<_>>(),
        });
        chosen
    } else {
        Vec::new()
    };
    loan_applications::insert(
        &mut tx,
        &NewApplication {
            id: &id,
            profile_id: application.profile_id,
            product: application.product,
            provider: lender.name(),
            amount: terms.amount,
            term_months: terms.term_months,
            form: &terms.form,
            shared: shared.as_ref(),
            applied_by: application.user_id,
            applied_day: &london::day_of(now),
            at: now,
        },
    )
    .await?;
    factored_invoices::claim(&mut tx, &id, &financed).await?;
    store::audit::record_in(
        &mut tx,
        Some(application.user_id),
        AuditEvent::LoanApplied,
        application.ip,
        &serde_json::json!({
            "application": id, "product": application.product.as_str(),
            "provider": lender.name(), "amount": terms.amount,
            "shared": shared.is_some(),
        })
        .to_string(),
        now,
    )
    .await?;
    tx.commit().await?;

    let company_name = store::profiles::name(db, application.profile_id)
        .await?
        .unwrap_or_default();
    let address = match shared {
        Some(_) => Some(registered_address(db, application.profile_id).await?),
        None => None,
    };
    let request = LoanRequest {
        application_id: id.clone(),
        customer_id: application.profile_id.to_string(),
        product: application.product,
        amount: terms.amount,
        term_months: terms.term_months,
        purpose: terms.purpose.clone(),
        company_name,
        applied_day: london::day_of(now),
        contact: contact(db, application.user_id).await?,
        shared,
        address,
        return_url: application.return_url,
    };
    match lender.submit(&request).await {
        Ok(submitted) => {
            loan_applications::set_provider_ref(
                db,
                &id,
                &submitted.provider_ref,
                &submitted.redirect_uri,
            )
            .await?;
        }
        Err(error) => {
            // The lender never had it: the person may apply again at once.
            loan_applications::remove(db, &id).await?;
            return Err(error.into());
        }
    }
    loan_applications::find(db, &id)
        .await?
        .ok_or(ApplyError::Storage(sqlx::Error::RowNotFound))
}

/// The person applying, as the lender may contact them: the phone only once verified.
async fn contact(db: &Db, user_id: &UserId) -> Result<Contact, sqlx::Error> {
    let user = store::users::by_id(db, user_id)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    let phone = store::users::phone(db, user_id)
        .await?
        .map(|(code, number)| format!("{code}{number}"));
    Ok(Contact {
        name: format!("{} {}", user.name, user.surname).trim().to_string(),
        email: user.email,
        phone,
    })
}

/// The registered office in parts (shared with the person's agreement only).
async fn registered_address(
    db: &Db,
    profile_id: &ProfileId,
) -> Result<RegisteredAddress, sqlx::Error> {
    let seller = crate::services::invoices::documents::seller(db, profile_id).await?;
    Ok(RegisteredAddress {
        street: seller.street,
        city: seller.city,
        postcode: seller.postcode.unwrap_or_default(),
        country: seller.country,
    })
}

pub async fn of_profile(
    db: &Db,
    profile_id: &ProfileId,
    product: Product,
) -> Result<Vec<LoanApplication>, sqlx::Error> {
    loan_applications::of_profile(db, profile_id, product).await
}

/// An application by the lender's reference (the sandbox lender's page).
pub async fn by_provider_ref(
    db: &Db,
    provider: &str,
    provider_ref: &str,
) -> Result<Option<LoanApplication>, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    loan_applications::by_provider_ref(&mut conn, provider, provider_ref).await
}
