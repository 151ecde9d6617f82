//! Transfers (SPEC §7 POST /v2/transactions; issue 11): a transfer is planned from the request
//! (account, scheme, payee, fee, the approval's binding), approved with an SMS code or a passkey
//! bound to its terms (`approval`), and submitted exactly once under the client's id.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::recipients::{offer_for, require_full};
use crate::api::accounts::bank_accounts::owned;
use crate::api::accounts::transactions::{view, TransactionView};
use crate::api::error::{ApiJson, AppError};
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
use crate::domain::london;
use crate::domain::payments::approval;
use crate::domain::payments::iso20022::{self, Payment};
use crate::domain::payments::payee::Scheme;
use crate::domain::payments::receiver::Receiver;
use crate::domain::payments::recipient::RecipientInput;
use crate::domain::payments::transfer::{self, CheckedTransfer, TransferInput, WRONG_AMOUNT};
use crate::store::bank_accounts::BankAccount;
use crate::store::bookings::{BookingError, Party};
use crate::store::mfa::ApprovalProblem;
use crate::store::transfers::{NewTransfer, SubmitError, TransferRow};
use crate::store::{self, now_ms};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new().routes(routes!(create))
}

/// SPEC §3 Transfer request `sender`.
#[derive(serde::Serialize, serde::Deserialize, utoipa::ToSchema, Default, Clone)]
#[serde(rename_all = "camelCase", default)]
pub struct Sender {
    pub bank_account_id: String,
}

/// The terms of a transfer: what an approval is asked for and what a submit carries.
#[derive(serde::Serialize, serde::Deserialize, utoipa::ToSchema, Default, Clone)]
#[serde(rename_all = "camelCase", default)]
pub struct TransferTermsBody {
    /// A decimal string, e.g. "1250.00": parsed exactly, never through floating point.
    pub amount: String,
    pub sender: Sender,
    pub receiver: Receiver,
    /// The payment reference.
    pub details: String,
    pub scheme: Option<Scheme>,
}

/// SPEC §3 "Transfer request".
#[derive(serde::Serialize, serde::Deserialize, utoipa::ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct TransferBody {
    /// A UUID the client makes once per transfer: the idempotency key.
    pub id: String,
    /// The approval (POST /v2/auth/mfa/generate with purpose transfer, then /mfa/verify).
    pub request_id: String,
    #[serde(flatten)]
    pub terms: TransferTermsBody,
    /// Ids of finished uploads of type txn_attch.
    pub attachments: Vec<String>,
}

/// A transfer ready to approve or submit.
pub struct Plan {
    pub account: BankAccount,
    pub checked: CheckedTransfer,
    pub fee: i64,
    pub payee_account: String,
    pub binding: String,
    pub on_us: Option<BankAccount>,
}

impl Plan {
    pub fn terms(&self) -> approval::TransferTerms<'_> {
        self.checked
            .terms(&self.account.id, &self.payee_account, self.fee)
    }
}

fn recipient_input(body: &TransferTermsBody) -> RecipientInput {
    let r = &body.receiver;
    // A SWIFT payee named by account number travels in the IBAN field of the recipient rules.
    let iban = if r.iban.trim().is_empty() {
        r.account_number.clone()
    } else {
        r.iban.clone()
    };
    RecipientInput {
        scheme: body.scheme,
        name: r.name.clone(),
        kind: r.kind,
        alias: r.alias.clone(),
        iban,
        uk_sort_code: r.uk_sort_code.clone(),
        uk_account_number: r.uk_account_number.clone(),
        bic: r.bic.clone(),
        routing_code: r.routing_code.clone(),
        reference: body.details.clone(),
        currency: None,
        swift_address: r.swift_address.clone(),
    }
}

/// Checks a transfer for the selected profile: the right to pay, the account, SPEC §5's rules,
/// the scheme (and the swiftAllowed flag), the fee and the available balance.
pub async fn plan(
    state: &ApiState,
    profile: &SelectedProfile,
    body: &TransferTermsBody,
) -> Result<Plan, AppError> {
    require_full(profile)?;
    if body.sender.bank_account_id.trim().is_empty() {
        return Err(AppError::field("sender.bankAccountId", "Field is required"));
    }
    let account = owned(state, profile, &body.sender.bank_account_id).await?;
    let (_, swift_allowed) = offer_for(state, profile).await?;
    let input = TransferInput {
        amount: body.amount.clone(),
        scheme: body.scheme,
        payee: recipient_input(body),
    };
    let checked =
        transfer::check(&input, account.currency, swift_allowed).map_err(AppError::Fields)?;
    let fee = state
        .config
        .transfer_fees
        .fee(checked.scheme, account.currency)
        .ok_or_else(|| {
            AppError::field(
                "scheme",
                "This scheme does not carry the account's currency",
            )
        })?;
    let payee_account = checked.payee_account();
    let binding = approval::binding(&checked.terms(&account.id, &payee_account, fee));
    // A transfer waiting for its second approval holds its money: approving those very terms
    // may use what it holds.
    let reserved =
        store::approvals::reserved(&state.db, &profile.profile_id, &account.id, &binding).await?;
    if checked
        .amount
        .checked_add(fee)
        .is_none_or(|total| total > account.balance.available() + reserved)
    {
        return Err(AppError::field("amount", WRONG_AMOUNT));
    }
    let on_us = on_us(state, &checked).await?;
    // Money for another bank needs a payment scheme. Only the sandbox's exists so far, so
    // outside sandbox mode such a transfer is refused before anything is approved or held
    // (issue 26 point 2); payments between the bank's own accounts need no scheme.
    if on_us.is_none() && !state.config.sandbox {
        return Err(AppError::unavailable(
            "scheme_unavailable",
            "Payments to other banks are not available at the moment.",
        ));
    }
    if on_us.as_ref().is_some_and(|to| to.id == account.id) {
        return Err(AppError::field(
            "receiver",
            "The payee's account is the account you pay from",
        ));
    }
    Ok(Plan {
        account,
        checked,
        fee,
        payee_account,
        binding,
        on_us,
    })
}

/// The payee's account when it is one of this bank's, open, and in the transfer's currency:
/// then the money moves at once, on both sides.
async fn on_us(
    state: &ApiState,
    checked: &CheckedTransfer,
) -> Result<Option<BankAccount>, AppError> {
    let p = &checked.payee;
    let found = match (&p.uk_sort_code, &p.uk_account_number, &p.iban) {
        (Some(sort_code), Some(number), _) => {
            store::bank_accounts::by_sort_code(&state.db, sort_code, number).await?
        }
        (_, _, Some(iban)) if p.routing_code.is_none() => {
            store::bank_accounts::by_iban_or_number(&state.db, iban)
                .await?
                .filter(|a| a.iban == *iban)
        }
        _ => None,
    };
    Ok(found.filter(|a| a.currency == checked.currency && a.status.usable()))
}

/// What a submit answers (SPEC §7 POST /v2/transactions).
#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransferResult {
    /// The client's transfer id.
    id: String,
    /// pending (in the scheme), completed or returned; awaiting_approval while a second
    /// member's approval is needed (issue 13 point 6), rejected when it was refused.
    status: String,
    /// The payer's transaction; none while the transfer awaits approval or after a rejection.
    transaction: Option<TransactionView>,
}

impl TransferResult {
    pub fn transaction_id(&self) -> Option<&str> {
        self.transaction.as_ref().map(TransactionView::id)
    }

    pub(super) fn waiting(id: &str, state: &str) -> Self {
        Self {
            id: id.to_string(),
            status: if state == "rejected" {
                "rejected"
            } else {
                "awaiting_approval"
            }
            .to_string(),
            transaction: None,
        }
    }
}

pub(super) fn approval_refused(problem: ApprovalProblem) -> AppError {
    let (code, title, message) = match problem {
        ApprovalProblem::Expired => ("mfa_expired", "Request time is up", "Request time is up"),
        ApprovalProblem::OtherTransfer => (
            "approval_mismatch",
            "Approve this transfer",
            "The approval was given for another amount or payee. Please approve this transfer again.",
        ),
        ApprovalProblem::Used => (
            "approval_used",
            "Approve this transfer",
            "This approval has already been used. Please approve the transfer again.",
        ),
        ApprovalProblem::Missing | ApprovalProblem::NotApproved => (
            "approval_required",
            "Approve this transfer",
            "Please approve this transfer first.",
        ),
    };
    AppError::refused(StatusCode::FORBIDDEN, code, title, message)
}

/// The ISO 20022 messages of a SEPA or SWIFT transfer that leaves the bank.
fn messages(id: &str, plan: &Plan, now: i64) -> (Option<String>, Option<String>) {
    let scheme = plan.checked.scheme;
    if scheme == Scheme::Local || plan.on_us.is_some() {
        return (None, None);
    }
    let p = &plan.checked.payee;
    let is_iban = p.routing_code.is_none();
    let created_at = crate::api::accounts::transactions::iso_time(now - now.rem_euclid(1000));
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
        creditor_iban: p.iban.as_deref().filter(|_| is_iban),
        creditor_account_number: p.iban.as_deref().filter(|_| !is_iban),
        creditor_routing_code: p.routing_code.as_deref(),
        creditor_bic: p.bic.as_deref().unwrap_or_default(),
        creditor_address: p.swift_address.as_ref(),
        reference: &plan.checked.reference,
    };
    (
        Some(iso20022::pain_001(&payment)),
        Some(iso20022::pacs_008(&payment)),
    )
}

/// The payee as stored with the transfer: what Repeat Transfer prefills.
fn stored_receiver(plan: &Plan, body: &Receiver) -> Receiver {
    let p = &plan.checked.payee;
    let is_iban = p.routing_code.is_none();
    Receiver {
        name: p.name.clone(),
        kind: Some(p.kind),
        iban: p.iban.clone().filter(|_| is_iban).unwrap_or_default(),
        account_number: p.iban.clone().filter(|_| !is_iban).unwrap_or_default(),
        routing_code: p.routing_code.clone().unwrap_or_default(),
        uk_sort_code: p.uk_sort_code.clone().unwrap_or_default(),
        uk_account_number: p.uk_account_number.clone().unwrap_or_default(),
        bic: p.bic.clone().unwrap_or_default(),
        save_as_template: false,
        alias: body.alias.trim().to_string(),
        swift_address: body.swift_address.clone(),
    }
}

/// Submits a transfer for the selected profile, and answers what it became.
pub async fn submit(
    state: &ApiState,
    profile: &SelectedProfile,
    body: &TransferBody,
) -> Result<TransferResult, AppError> {
    submit_with(state, profile, body, None).await
}

/// As [`submit`]; with `approves`, the transfer is the second approval of a waiting request.
pub async fn submit_with(
    state: &ApiState,
    profile: &SelectedProfile,
    body: &TransferBody,
    approves: Option<&store::approvals::RequestRow>,
) -> Result<TransferResult, AppError> {
    require_full(profile)?;
    let id = uuid::Uuid::parse_str(body.id.trim())
        .map_err(|_| AppError::field("id", "A new transfer needs a fresh UUID"))?
        .hyphenated()
        .to_string();
    if body.request_id.trim().is_empty() {
        return Err(approval_refused(ApprovalProblem::Missing));
    }
    if body.attachments.len() > 10 {
        return Err(AppError::field("attachments", "Attach up to 10 files"));
    }
    // A retry after the money moved must answer the first result even though the balance has
    // changed since: an earlier transfer under this id is looked up before the plan.
    if let Some(first) = store::transfers::find(&state.db, &id).await? {
        if first.profile_id != profile.profile_id {
            return Err(conflict());
        }
    }
    if approves.is_none() {
        if let Some(request) = store::approvals::find(&state.db, &id).await? {
            if request.profile_id != profile.profile_id {
                return Err(conflict());
            }
            if request.state != "approved" {
                return Ok(TransferResult::waiting(&id, &request.state));
            }
            // Approved by a colleague: the transfer made then is this request's answer.
            if let Some(first) = store::transfers::find(&state.db, &id).await? {
                return result(state, profile, &first).await;
            }
        }
    }
    let plan = match plan(state, profile, &body.terms).await {
        Ok(plan) => plan,
        Err(error) => {
            return match store::transfers::find(&state.db, &id).await? {
                Some(first) => result(state, profile, &first).await,
                None => Err(error),
            }
        }
    };
    let now = now_ms();
    let digest = transfer::request_digest(&plan.account.id, &plan.checked, &body.attachments);
    // Issue 13 point 6: above the owner's threshold, anyone but an Account Owner waits for a
    // second member's approval; the money is held meanwhile.
    if approves.is_none() && !profile.access.is_admin() {
        let threshold = store::approvals::threshold(
            &state.db,
            &profile.profile_id,
            plan.account.currency.code(),
        )
        .await?;
        if threshold.is_some_and(|t| plan.checked.amount > t) {
            return super::approvals::place(state, profile, body, &id, &plan, &digest, now).await;
        }
    }
    let (pain_001, pacs_008) = messages(&id, &plan, now);
    let receiver = stored_receiver(&plan, &body.terms.receiver);
    let payee_json = receiver.to_stored();
    let day_start = london::day_bound(&london::day_of(now), false).unwrap_or(now);
    let p = &plan.checked.payee;
    let submitted = store::transfers::submit(
        &state.db,
        &NewTransfer {
            id: &id,
            request_digest: &digest,
            profile_id: &profile.profile_id,
            user_id: &profile.user_id,
            account: &plan.account,
            on_us: plan.on_us.as_ref(),
            scheme: plan.checked.scheme.as_str(),
            amount: plan.checked.amount,
            fee: plan.fee,
            payee: Party {
                name: &p.name,
                kind: p.kind.as_str(),
                account: Some(&plan.payee_account),
            },
            payee_json: &payee_json,
            payer_name: &profile.name,
            reference: &plan.checked.reference,
            approval_id: body.request_id.trim(),
            binding: &plan.binding,
            attachments: &body.attachments,
            pain_001: pain_001.as_deref(),
            pacs_008: pacs_008.as_deref(),
            limits: &state.config.transfer_limits,
            day_start,
            settle_after: now + state.config.settlement.delay_ms(plan.checked.scheme),
            now,
            approves: approves.map(|r| r.id.as_str()),
        },
    )
    .await;
    let submitted = match submitted {
        Ok(submitted) => submitted,
        Err(SubmitError::Conflict) => return Err(conflict()),
        Err(SubmitError::Approval) => {
            let problem = store::mfa::approval_problem(
                &state.db,
                body.request_id.trim(),
                &profile.user_id,
                crate::domain::auth::mfa::Purpose::Transfer,
                &plan.binding,
                now,
            )
            .await?;
            return Err(approval_refused(problem));
        }
        Err(SubmitError::Attachment) => {
            return Err(AppError::field(
                "attachments",
                "An attachment is missing. Please upload it again.",
            ))
        }
        Err(SubmitError::Limit(breach)) => {
            return Err(AppError::refused(
                StatusCode::UNPROCESSABLE_ENTITY,
                "limit_exceeded",
                "Limit exceeded",
                &breach.message(plan.account.currency),
            ))
        }
        Err(SubmitError::Booking(BookingError::InsufficientFunds)) => {
            return Err(AppError::field("amount", WRONG_AMOUNT))
        }
        Err(SubmitError::Booking(BookingError::AccountNotUsable)) => {
            return Err(AppError::refused(
                StatusCode::CONFLICT,
                "account_not_active",
                "Account not active",
                "This account cannot send money at the moment.",
            ))
        }
        Err(SubmitError::Booking(other)) => return Err(AppError::Internal(other.into())),
        Err(SubmitError::Sql(error)) => return Err(error.into()),
    };
    if submitted.created && body.terms.receiver.save_as_template {
        let mut recipient = plan.checked.payee.clone();
        let alias = body.terms.receiver.alias.trim();
        recipient.alias = (!alias.is_empty()).then(|| alias.to_string());
        // The money has moved; a recipient that cannot be kept is logged, not an error.
        if let Err(error) =
            store::recipients::upsert(&state.db, &profile.profile_id, None, &recipient, now).await
        {
            tracing::error!(%error, "saving the payee as a recipient failed");
        }
    }
    result(state, profile, &submitted.transfer).await
}

pub(super) fn conflict() -> AppError {
    AppError::refused(
        StatusCode::CONFLICT,
        "transfer_id_reused",
        "Transfer already made",
        "This transfer id belongs to another transfer. Please start a new transfer.",
    )
}

async fn result(
    state: &ApiState,
    profile: &SelectedProfile,
    transfer: &TransferRow,
) -> Result<TransferResult, AppError> {
    let account = owned(state, profile, &transfer.bank_account_id).await?;
    let txn = store::transactions::by_id(&state.db, &transfer.transaction_id)
        .await?
        .ok_or(AppError::NotFound)?;
    Ok(TransferResult {
        id: transfer.id.clone(),
        status: transfer.status.as_str().to_string(),
        transaction: Some(view(&txn, &account)),
    })
}

/// Sends money (SPEC §7 POST /v2/transactions). The id makes it idempotent: a retry with the
/// same body answers the first result; another body under the same id is refused.
#[utoipa::path(post, path = "/v2/transactions", tag = "payments", request_body = TransferBody,
    responses((status = 200, body = TransferResult)))]
async fn create(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(body): ApiJson<TransferBody>,
) -> Result<Json<TransferResult>, AppError> {
    Ok(Json(submit(&state, &profile, &body).await?))
}
