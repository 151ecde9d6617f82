//! Transfers' use cases (SPEC §7 POST /v2/transactions; issue 11): a transfer is planned from
//! its terms (account, scheme, payee, fee, the approval's binding), and submitted exactly once
//! under the client's id: its approval used, its limits held, its money booked and its row
//! written in one database transaction. Above the profile's threshold it waits for a second
//! approval instead (`approvals`).

use futures_util::future::BoxFuture;

use super::{approvals, Payer};
use crate::config::Config;
use crate::domain::accounts::money::{Currency, Money};
use crate::domain::auth::mfa::Purpose;
use crate::domain::engagement::features::Flag;
use crate::domain::ids::{AccountId, ProfileId, UserId};
use crate::domain::london;
use crate::domain::payments::approval;
use crate::domain::payments::iso20022::{self, Payment};
use crate::domain::payments::limits::{Breach, OwnLimit, TransferLimits};
use crate::domain::payments::payee::Scheme;
use crate::domain::payments::payee_account::PayeeAccount;
use crate::domain::payments::receiver::Receiver;
use crate::domain::payments::recipient::FieldErrors;
use crate::domain::payments::request::{TransferBody, TransferTermsBody, MAX_ATTACHMENTS};
use crate::domain::payments::second_approval::{self, RequestState};
use crate::domain::payments::settlement::TransferStatus;
use crate::domain::payments::transfer::{self, CheckedTransfer, TransferInput};
use crate::providers::payee_check::PayeeChecker;
use crate::store::approvals::RequestRow;
use crate::store::bank_accounts::{BankAccount, Paying};
use crate::store::bookings::{self, BookingError, Party, PayeeSide, TransferBooking};
use crate::store::mfa::ApprovalProblem;
use crate::store::transactions::Transaction;
use crate::store::transfers::{NewTransfer, TransferRow};
use crate::store::{self, Db};

/// Why a transfer is not made. The API answers each with SPEC §8's code (`api/error.rs`).
#[derive(Debug, thiserror::Error)]
pub enum TransferError {
    #[error("invalid fields")]
    Fields(FieldErrors),
    /// No paying account of this profile has the id.
    #[error("no such account")]
    NoAccount,
    #[error("the id is not a UUID")]
    BadId,
    #[error("too many attachments")]
    TooManyAttachments,
    #[error("an attachment is not a finished upload of this profile")]
    MissingAttachment,
    #[error("the scheme does not carry the account's currency")]
    SchemeCurrency,
    #[error("the payee's account is the paying account")]
    SameAccount,
    /// Money for another bank with no payment scheme to carry it (outside the sandbox).
    #[error("no payment scheme")]
    SchemeUnavailable,
    #[error("not enough money")]
    InsufficientFunds,
    #[error("the account cannot send money")]
    AccountNotUsable,
    #[error("limit exceeded")]
    Limit(Breach, Currency),
    #[error("the approval does not fit: {0:?}")]
    Approval(ApprovalProblem),
    /// The id was used before for another request (or by another profile).
    #[error("the transfer id was used for another request")]
    IdReused,
    /// No transfer of this profile waits under the id.
    #[error("no such waiting transfer")]
    NoSuchRequest,
    #[error("already approved or rejected")]
    AlreadyDecided,
    /// Its maker asked to approve it (SPEC beyond: a second member must).
    #[error("a transfer's maker cannot approve it")]
    OwnTransfer,
    /// Confirmation of Payee answered a close match, no match or an account of the other type,
    /// and the payer did not say they still want to pay it.
    #[error("the payee's name needs the payer's agreement")]
    PayeeNotConfirmed(Box<crate::store::payee_checks::PayeeCheckRow>),
    #[error("stored data cannot be read: {0}")]
    Broken(String),
    #[error(transparent)]
    Storage(#[from] sqlx::Error),
    #[error("booking: {0}")]
    Booking(BookingError),
}

impl From<BookingError> for TransferError {
    fn from(error: BookingError) -> Self {
        match error {
            BookingError::InsufficientFunds => Self::InsufficientFunds,
            BookingError::AccountNotUsable => Self::AccountNotUsable,
            BookingError::Duplicate => Self::IdReused,
            BookingError::Sql(error) => Self::Storage(error),
            other => Self::Booking(other),
        }
    }
}

/// A transfer ready to approve or submit.
#[derive(Clone)]
pub struct Plan {
    pub account: BankAccount,
    pub checked: CheckedTransfer,
    pub fee: i64,
    pub payee_account: String,
    pub binding: String,
    /// The payee's account when it is one of this bank's, open and in the transfer's currency:
    /// the money moves at once, both sides.
    pub on_us: Option<BankAccount>,
    /// The payee's account when it is one of this bank's, whatever its state: Confirmation of
    /// Payee answers from it without looking it up again.
    pub payee_here: Option<BankAccount>,
    /// The profile's own limits in the transfer's currency, checked when the transfer is made.
    /// Read with the account, before the transaction: a limit that operations change during a
    /// submit applies from the next one, as it would had the submit come a moment earlier.
    pub own_limit: Option<OwnLimit>,
    /// The profile's second-approval threshold in that currency.
    pub threshold: Option<i64>,
}

impl Plan {
    pub fn terms(&self) -> approval::TransferTerms<'_> {
        self.checked
            .terms(&self.account.id, &self.payee_account, self.fee)
    }
}

/// Checks a transfer's terms for the payer's profile: the account, SPEC §5's rules, the scheme
/// (and the swiftAllowed flag), the fee and the available balance.
pub async fn plan(
    db: &Db,
    config: &Config,
    payer: &Payer<'_>,
    terms: &TransferTermsBody,
) -> Result<Plan, TransferError> {
    let account_id = terms.sender.bank_account_id.trim();
    // The account with its own fee, limits and approval threshold, in one read.
    let paying = match account_id.is_empty() {
        true => None,
        false => {
            store::bank_accounts::paying(
                db,
                &AccountId::from(account_id),
                payer.profile_id,
                terms.scheme.map(|scheme| scheme.as_str()),
            )
            .await?
        }
    };
    plan_from(db, config, payer, terms, paying).await
}

/// As [`plan`], with the paying account as the caller read it (a submit reads it with its id's
/// check).
async fn plan_from(
    db: &Db,
    config: &Config,
    payer: &Payer<'_>,
    terms: &TransferTermsBody,
    paying: Option<Paying>,
) -> Result<Plan, TransferError> {
    if terms.sender.bank_account_id.trim().is_empty() {
        return Err(TransferError::Fields(FieldErrors::from([(
            "sender.bankAccountId".to_string(),
            "Field is required".to_string(),
        )])));
    }
    let paying = paying.ok_or(TransferError::NoAccount)?;
    let account = paying.account;
    let swift_allowed = crate::services::engagement::features::flags(db, config)
        .await?
        .get(Flag::SwiftAllowed);
    let input = TransferInput {
        amount: terms.amount.clone(),
        scheme: terms.scheme,
        payee: terms.payee_input(),
    };
    let checked =
        transfer::check(&input, account.currency, swift_allowed).map_err(TransferError::Fields)?;
    let fee = config
        .transfer_fees
        .fee_for(paying.own_fee, checked.scheme, account.currency)
        .ok_or(TransferError::SchemeCurrency)?;
    let payee_account = checked.payee_account();
    let binding = approval::binding(&checked.terms(&account.id, &payee_account, fee));
    // A transfer waiting for its second approval holds its money: approving those very terms
    // may use what it holds (looked up only when the money available does not cover it).
    let total = checked
        .amount
        .checked_add(fee)
        .ok_or(TransferError::InsufficientFunds)?;
    let available = account.balance.available();
    if total > available
        && total
            > available
                + store::approvals::reserved(db, payer.profile_id, &account.id, &binding).await?
    {
        return Err(TransferError::InsufficientFunds);
    }
    let payee_here = payee_here(db, &checked).await?;
    let on_us = payee_here
        .clone()
        .filter(|a| a.currency == checked.currency && a.status.usable());
    // Money for another bank needs a rail that carries its scheme (the sandbox's, or the
    // sponsor bank's); without one the transfer is refused before anything is approved or held
    // (issue 26 point 2). Payments between the bank's own accounts need no scheme.
    if on_us.is_none()
        && !crate::providers::rails::carries(config, checked.scheme, checked.currency)
    {
        return Err(TransferError::SchemeUnavailable);
    }
    if on_us.as_ref().is_some_and(|to| to.id == account.id) {
        return Err(TransferError::SameAccount);
    }
    Ok(Plan {
        account,
        checked,
        fee,
        payee_account,
        binding,
        on_us,
        payee_here,
        own_limit: paying.own_limit,
        threshold: paying.threshold,
    })
}

/// The payee's account when it is one of this bank's, whatever its state and currency.
async fn payee_here(
    db: &Db,
    checked: &CheckedTransfer,
) -> Result<Option<BankAccount>, sqlx::Error> {
    let account = &checked.payee.account;
    let found = match (account, account.iban()) {
        (
            PayeeAccount::Uk {
                sort_code,
                account_number,
            },
            _,
        ) => store::bank_accounts::by_sort_code(db, sort_code, account_number).await?,
        (_, Some(iban)) => store::bank_accounts::by_iban_or_number(db, iban)
            .await?
            .filter(|a| a.iban == iban),
        _ => None,
    };
    Ok(found)
}

/// What a submit became.
pub enum Submitted {
    /// The transfer was made (now or by an earlier call under the same id), with what this call
    /// wrote and read when it made it (a retry answered from the first result has neither).
    Made(Box<TransferRow>, Option<Box<Fresh>>),
    /// It waits for a second approval, or was rejected.
    Waiting { id: String, state: RequestState },
}

/// What the call that made a transfer has in hand for its answer: the paying account as it
/// planned with it (the answer needs its name and IBAN) and the payer's transaction as written.
pub struct Fresh {
    pub account: BankAccount,
    pub transaction: Transaction,
}

/// Submits a transfer for the payer's profile. A retry under the same id answers the first
/// result; another body under that id is refused.
pub async fn submit(
    db: &Db,
    config: &Config,
    checker: Option<&dyn PayeeChecker>,
    payer: &Payer<'_>,
    body: &TransferBody,
) -> Result<Submitted, TransferError> {
    submit_as(db, config, checker, payer, body, None).await
}

/// As [`submit`]; with `approves`, the transfer is the second approval of a waiting request.
pub(super) async fn submit_as(
    db: &Db,
    config: &Config,
    checker: Option<&dyn PayeeChecker>,
    payer: &Payer<'_>,
    body: &TransferBody,
    approves: Option<&RequestRow>,
) -> Result<Submitted, TransferError> {
    let id = body.canonical_id().ok_or(TransferError::BadId)?;
    if body.request_id.trim().is_empty() {
        return Err(TransferError::Approval(ApprovalProblem::Missing));
    }
    if body.attachments.len() > MAX_ATTACHMENTS {
        return Err(TransferError::TooManyAttachments);
    }
    // A retry after the money moved must answer the first result even though the balance has
    // changed since: an earlier transfer under this id is looked up before the plan (and read
    // only when there is one, as is the request that waited under it). The same statement reads
    // the account the plan pays from.
    let opening = store::transfers::opening(
        db,
        &id,
        &AccountId::from(body.terms.sender.bank_account_id.trim()),
        payer.profile_id,
        body.terms.scheme.map(|scheme| scheme.as_str()),
    )
    .await?;
    let (made_before, asked_before) = (opening.made_before, opening.asked_before);
    let first = match made_before {
        true => store::transfers::find(db, &id).await?,
        false => None,
    };
    if first
        .as_ref()
        .is_some_and(|t| t.profile_id != payer.profile_id)
    {
        return Err(TransferError::IdReused);
    }
    if approves.is_none() && asked_before {
        if let Some(request) = store::approvals::find(db, &id).await? {
            if request.profile_id != payer.profile_id {
                return Err(TransferError::IdReused);
            }
            // Approved by a colleague: the transfer made then is this request's answer.
            match (request.state, &first) {
                (RequestState::Approved, Some(first)) => {
                    return Ok(Submitted::Made(Box::new(first.clone()), None))
                }
                (RequestState::Approved, None) => {}
                (state, _) => return Ok(Submitted::Waiting { id, state }),
            }
        }
    }
    let plan = match plan_from(db, config, payer, &body.terms, opening.paying).await {
        Ok(plan) => plan,
        Err(error) => {
            return match store::transfers::find(db, &id).await? {
                Some(first) => Ok(Submitted::Made(Box::new(first), None)),
                None => Err(error),
            }
        }
    };
    let payee_check = confirmed_payee(db, checker, payer, body, &plan).await?;
    let now = db.now_ms();
    let digest = transfer::request_digest(&plan.account.id, &plan.checked, &body.attachments);
    // The second approval of a waiting request does not wait again; an admin's never waits.
    if approves.is_none()
        && second_approval::must_wait(payer.is_admin, plan.threshold, plan.checked.amount)
    {
        return approvals::place(db, payer, body, &id, &plan, &digest, now).await;
    }
    let (transfer, written) = make(
        db,
        config,
        payer,
        body,
        first,
        &Made {
            id: &id,
            digest: &digest,
            plan: &plan,
            approves: approves.map(|r| r.id.as_str()),
            payee_check: payee_check
                .as_ref()
                .map(|(id, accepted)| (id.as_str(), *accepted)),
            now,
            settle_after: now
                + crate::domain::clock::ms(config.settlement.delay(plan.checked.scheme)),
        },
    )
    .await?;
    if written.is_some() && body.terms.receiver.save_as_template {
        let mut recipient = plan.checked.payee.clone();
        let alias = body.terms.receiver.alias.trim();
        recipient.alias = (!alias.is_empty()).then(|| alias.to_string());
        // The money has moved; a recipient that cannot be kept is logged, not an error.
        if let Err(error) =
            store::recipients::upsert(db, payer.profile_id, None, &recipient, now).await
        {
            tracing::error!(%error, "saving the payee as a recipient failed");
        }
    }
    let fresh = written.map(|transaction| {
        Box::new(Fresh {
            account: plan.account,
            transaction,
        })
    });
    Ok(Submitted::Made(Box::new(transfer), fresh))
}

/// One submit's facts, as its transaction writes them.
struct Made<'a> {
    id: &'a str,
    digest: &'a str,
    plan: &'a Plan,
    approves: Option<&'a str>,
    /// The Confirmation of Payee check it is sent with, and whether the payer agreed to pay
    /// despite its answer.
    payee_check: Option<(&'a str, bool)>,
    now: i64,
    /// When the scheme settles it, if it leaves the bank.
    settle_after: i64,
}

/// Confirmation of Payee's gate (issue 33 point 2): a UK local transfer is sent only with a
/// check of its payee whose answer matched, could not be had, or that the payer agreed to pay
/// despite. Answers the check's id and whether they agreed.
async fn confirmed_payee(
    db: &Db,
    checker: Option<&dyn PayeeChecker>,
    payer: &Payer<'_>,
    body: &TransferBody,
    plan: &Plan,
) -> Result<Option<(String, bool)>, TransferError> {
    let payee = &plan.checked.payee;
    let PayeeAccount::Uk {
        sort_code,
        account_number,
    } = &payee.account
    else {
        return Ok(None);
    };
    let uk = super::payee_check::UkPayee {
        sort_code: sort_code.clone(),
        account_number: account_number.clone(),
        name: payee.name.clone(),
        payee_type: payee.kind,
    };
    let consent = super::payee_check::Consent {
        check_id: body.payee_check.as_ref().map(|c| c.id.as_str()),
        accepted: body.payee_check.as_ref().is_some_and(|c| c.accepted),
    };
    let own = super::payee_check::OwnAccount::Read(plan.payee_here.as_ref());
    match super::payee_check::for_transfer(db, checker, payer.profile_id, &uk, &consent, own)
        .await?
    {
        Ok(row) => {
            let agreed = row.verdict.result.needs_consent();
            Ok(Some((row.id, agreed)))
        }
        Err(row) => Err(TransferError::PayeeNotConfirmed(Box::new(row))),
    }
}

/// The transfer under `id` if it was made for this very request; an error if the id names
/// another request or another profile's transfer.
async fn earlier(
    db: &Db,
    payer: &Payer<'_>,
    made: &Made<'_>,
) -> Result<Option<TransferRow>, TransferError> {
    let first = store::transfers::find(db, made.id).await?;
    first
        .map(|first| same_request(first, payer, made))
        .transpose()
}

fn same_request(
    first: TransferRow,
    payer: &Payer<'_>,
    made: &Made<'_>,
) -> Result<TransferRow, TransferError> {
    if first.profile_id == payer.profile_id && first.request_digest == made.digest {
        Ok(first)
    } else {
        Err(TransferError::IdReused)
    }
}

/// Makes the transfer in one database transaction, grouped with the other submits that queue
/// for the same paying account (`store::group_commit`); answers it and, when this call made it,
/// the payer's transaction it wrote. `first` is the transfer the submit found under its id when
/// it began: a retry answers it without a transaction, and a duplicate that arrives between then
/// and now loses at the INSERT (the id is the key), is rolled back and answers the winner's row.
async fn make(
    db: &Db,
    config: &Config,
    payer: &Payer<'_>,
    body: &TransferBody,
    first: Option<TransferRow>,
    made: &Made<'_>,
) -> Result<(TransferRow, Option<Transaction>), TransferError> {
    if let Some(first) = first {
        return Ok((same_request(first, payer, made)?, None));
    }
    let making = Making::of(db.backend, config, payer, body, made);
    match db.grouped(made.plan.account.id.as_str(), making).await {
        Ok((transfer, transaction)) => Ok((transfer, Some(transaction))),
        Err(error) => {
            // A concurrent duplicate that won the race (in this group or another): its result
            // is this request's answer.
            if let Some(first) = earlier(db, payer, made).await? {
                return Ok((first, None));
            }
            Err(match error {
                TransferError::Approval(_) => TransferError::Approval(
                    approval_problem(db, payer, body, &made.plan.binding, made.now).await?,
                ),
                other => other,
            })
        }
    }
}

/// One submit's writes as its account's group runs them: what `make_in` reads, owned, since the
/// group's task (spawned, so that a caller who goes away cannot leave a group half-run) may
/// outlive this call.
#[derive(Clone)]
struct Making {
    backend: store::Backend,
    limits: TransferLimits,
    profile_id: ProfileId,
    user_id: UserId,
    name: String,
    is_admin: bool,
    body: TransferBody,
    id: String,
    digest: String,
    plan: Plan,
    approves: Option<String>,
    payee_check: Option<(String, bool)>,
    now: i64,
    settle_after: i64,
}

impl Making {
    fn of(
        backend: store::Backend,
        config: &Config,
        payer: &Payer<'_>,
        body: &TransferBody,
        made: &Made<'_>,
    ) -> Self {
        Self {
            backend,
            limits: config.transfer_limits.clone(),
            profile_id: payer.profile_id.clone(),
            user_id: payer.user_id.clone(),
            name: payer.name.to_string(),
            is_admin: payer.is_admin,
            body: body.clone(),
            id: made.id.to_string(),
            digest: made.digest.to_string(),
            plan: made.plan.clone(),
            approves: made.approves.map(str::to_string),
            payee_check: made
                .payee_check
                .map(|(id, agreed)| (id.to_string(), agreed)),
            now: made.now,
            settle_after: made.settle_after,
        }
    }
}

impl store::group_commit::Step for Making {
    type Output = (TransferRow, Transaction);
    type Error = TransferError;

    fn run(
        self,
        conn: &mut sqlx::AnyConnection,
    ) -> BoxFuture<'_, Result<Self::Output, Self::Error>> {
        Box::pin(async move {
            let payer = Payer {
                profile_id: &self.profile_id,
                user_id: &self.user_id,
                name: &self.name,
                is_admin: self.is_admin,
            };
            let made = Made {
                id: &self.id,
                digest: &self.digest,
                plan: &self.plan,
                approves: self.approves.as_deref(),
                payee_check: self
                    .payee_check
                    .as_ref()
                    .map(|(id, agreed)| (id.as_str(), *agreed)),
                now: self.now,
                settle_after: self.settle_after,
            };
            make_in(conn, self.backend, &self.limits, &payer, &self.body, &made).await
        })
    }

    /// A submit's writes are all in the database, so a group's undone try can run them again.
    fn again(&self) -> Option<Self> {
        Some(self.clone())
    }
}

async fn make_in(
    conn: &mut sqlx::AnyConnection,
    backend: store::Backend,
    limits: &TransferLimits,
    payer: &Payer<'_>,
    body: &TransferBody,
    made: &Made<'_>,
) -> Result<(TransferRow, Transaction), TransferError> {
    let plan = made.plan;
    let currency = plan.account.currency;
    if let Some(request) = made.approves {
        let decided = store::approvals::decide_in(
            conn,
            request,
            RequestState::Approved,
            payer.user_id,
            made.now,
        )
        .await?;
        if !decided {
            return Err(TransferError::IdReused);
        }
    }
    let scheme = plan.checked.scheme;
    let status = if plan.on_us.is_some() {
        TransferStatus::Completed
    } else {
        TransferStatus::Pending
    };
    let p = &plan.checked.payee;
    let key = format!("transfer:{}", made.id);
    let (payer_row, payee_transaction_id) = bookings::transfer_in(
        conn,
        backend,
        &TransferBooking {
            from: &plan.account,
            to: match &plan.on_us {
                Some(payee) => PayeeSide::OnUs(payee),
                None => PayeeSide::Scheme(scheme),
            },
            amount: Money::new(plan.checked.amount, plan.checked.currency),
            fee: Money::new(plan.fee, plan.checked.currency),
            payee: Party {
                name: &p.name,
                kind: p.kind,
                account: Some(&plan.payee_account),
            },
            scheme_shown: Some(scheme),
            payer_name: payer.name,
            reference: &plan.checked.reference,
            status: status.payer_row(),
            at: made.now,
            key: Some(&key),
        },
    )
    .await?;
    let (pain_001, pacs_008) = messages(made.id, plan, made.now);
    let payee_json = stored_receiver(plan, &body.terms.receiver).to_stored();
    // The payer's approval is used, and the day's running total added to, with the transfer's
    // row, last: the total's row lock makes the profile's submits in this currency wait for each
    // other from here to commit, so the daily limit holds under concurrency, and they wait over
    // as few statements as possible. A refusal (an approval that cannot be used, a limit) rolls
    // everything back, the booking with it.
    let today = store::transfer_day_totals::Day::of(payer.profile_id, currency, made.now);
    let approval = store::mfa::ApprovalUse {
        id: body.request_id.trim(),
        user_id: payer.user_id,
        purpose: Purpose::Transfer,
        binding: &plan.binding,
        now: made.now,
    };
    let counted = store::transfers::insert_counted_in(
        conn,
        &NewTransfer {
            id: made.id,
            request_digest: made.digest,
            profile_id: payer.profile_id,
            user_id: payer.user_id,
            account: &plan.account,
            transaction_id: payer_row.id(),
            payee_transaction_id: payee_transaction_id.as_deref(),
            scheme,
            amount: plan.checked.amount,
            fee: plan.fee,
            payee_name: &p.name,
            payee_json: &payee_json,
            reference: &plan.checked.reference,
            status,
            settle_after: made.settle_after,
            pain_001: pain_001.as_deref(),
            pacs_008: pacs_008.as_deref(),
            payee_check_id: made.payee_check.map(|(id, _)| id),
            payee_risk_accepted: made.payee_check.is_some_and(|(_, accepted)| accepted),
            now: made.now,
        },
        &today,
        &approval,
        &payer_row,
    )
    .await?;
    let Some(counted) = counted else {
        return Err(TransferError::Approval(ApprovalProblem::NotApproved));
    };
    let sent_today = counted.sent_before;
    limits
        .check_for(plan.own_limit, currency, plan.checked.amount, sent_today)
        .map_err(|breach| TransferError::Limit(breach, currency))?;
    for document in &body.attachments {
        if !store::transfers::attach_in(conn, made.id, payer.profile_id, document).await? {
            return Err(TransferError::MissingAttachment);
        }
    }
    Ok((counted.transfer, counted.transaction))
}

/// Why the payer's approval does not fit these terms, read after the transaction that refused it.
pub(super) async fn approval_problem(
    db: &Db,
    payer: &Payer<'_>,
    body: &TransferBody,
    binding: &str,
    now: i64,
) -> Result<ApprovalProblem, sqlx::Error> {
    store::mfa::approval_problem(
        db,
        body.request_id.trim(),
        payer.user_id,
        Purpose::Transfer,
        binding,
        now,
    )
    .await
}

/// The ISO 20022 messages of a SEPA or SWIFT transfer that leaves the bank.
fn messages(id: &str, plan: &Plan, now: i64) -> (Option<String>, Option<String>) {
    let scheme = plan.checked.scheme;
    if scheme == Scheme::Local || plan.on_us.is_some() {
        return (None, None);
    }
    let p = &plan.checked.payee;
    let fields = p.account.fields();
    let created_at = london::iso_time(now - now.rem_euclid(1000));
    let execution_date = london::day_of(now);
    let payment = Payment {
        id,
        scheme,
        created_at: &created_at,
        execution_date: &execution_date,
        amount: plan.checked.amount,
        currency: plan.account.currency.code(),
        debtor_name: &plan.account.name,
        debtor_iban: &plan.account.iban,
        debtor_bic: &plan.account.bic,
        creditor_name: &p.name,
        creditor_iban: p.account.iban(),
        creditor_account_number: fields.iban.filter(|_| fields.routing_code.is_some()),
        creditor_routing_code: fields.routing_code,
        creditor_bic: fields.bic.unwrap_or_default(),
        creditor_address: p.account.address(),
        reference: &plan.checked.reference,
    };
    (
        Some(iso20022::pain_001(&payment)),
        Some(iso20022::pacs_008(&payment)),
    )
}

/// The payee as stored with the transfer: what Repeat Transfer prefills.
fn stored_receiver(plan: &Plan, asked: &Receiver) -> Receiver {
    let p = &plan.checked.payee;
    let fields = p.account.fields();
    let text = |value: Option<&str>| value.unwrap_or_default().to_string();
    let is_number = fields.routing_code.is_some();
    Receiver {
        name: p.name.clone(),
        kind: Some(p.kind),
        iban: text(fields.iban.filter(|_| !is_number)),
        account_number: text(fields.iban.filter(|_| is_number)),
        routing_code: text(fields.routing_code),
        uk_sort_code: text(fields.uk_sort_code),
        uk_account_number: text(fields.uk_account_number),
        bic: text(fields.bic),
        save_as_template: false,
        alias: asked.alias.trim().to_string(),
        swift_address: asked.swift_address.clone(),
    }
}
