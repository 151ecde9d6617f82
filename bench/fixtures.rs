//! Customers and approvals made straight in the store, for the benchmarks and the crash test
//! (`#[path]`-included there): a business with a funded GBP account, and transfer approvals
//! already verified, as the SMS step would leave them.
#![allow(dead_code)]

use bank::domain::accounts::money::Currency;
use bank::domain::auth::email::Email;
use bank::domain::auth::mfa::{Method, Purpose};
use bank::domain::ids::{AccountId, ProfileId, UserId};
use bank::domain::onboarding::kyc::KycStatus;
use bank::domain::payments::approval;
use bank::domain::payments::payee::Scheme;
use bank::domain::payments::recipient::{PayeeType, RecipientInput};
use bank::domain::payments::transfer::{self, TransferInput};
use bank::domain::profiles::access::{ProfileType, Role};
use bank::store::bank_accounts::{BankAccount, NewAccount};
use bank::store::{self, Db};

pub struct Business {
    pub user_id: UserId,
    pub profile_id: ProfileId,
    pub account: BankAccount,
}

/// A business customer whose checks are done: `phone` ("7700900999") gets the codes; the GBP
/// account holds `funds` (pounds, a decimal).
pub async fn funded_business(
    db: &Db,
    email: &str,
    phone: &str,
    name: &str,
    password_hash: &str,
    funds: &str,
) -> anyhow::Result<Business> {
    let user_id = store::users::create(
        db,
        &store::users::NewUser {
            email: &Email::parse(email).map_err(|e| anyhow::anyhow!("{e}"))?,
            password_hash,
            name: "Bench",
            surname: "Customer",
            phone_code: Some("+44"),
            phone_number: Some(phone),
            mfa_method: Method::Sms,
            onboarding_flow: None,
            kyc_status: KycStatus::Completed,
        },
    )
    .await?;
    let profile_id = store::profiles::create(db, ProfileType::Business, name).await?;
    store::profiles::add_member(db, &profile_id, &user_id, Role::Admin, &[], true).await?;
    let account = gbp_account(db, &profile_id, name).await?;
    bank::providers::sandbox_payments::credit(db, &account.iban, funds, "Funding", "")
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(Business {
        user_id,
        profile_id,
        account,
    })
}

/// An active primary GBP account of the profile.
pub async fn gbp_account(
    db: &Db,
    profile_id: &ProfileId,
    name: &str,
) -> anyhow::Result<BankAccount> {
    let mut tx = db.begin_write().await?;
    let account_id = store::bank_accounts::open(
        &mut tx,
        &NewAccount {
            profile_id,
            currency: Currency::Gbp,
            name,
            is_primary: true,
            status: bank::domain::accounts::status::AccountStatus::Active,
            activates_at: None,
            created_at: db.now_ms(),
        },
    )
    .await?;
    tx.commit().await?;
    store::bank_accounts::by_id(db, &account_id)
        .await?
        .ok_or_else(|| anyhow::anyhow!("account"))
}

/// The payee of the benchmarks' transfers: a company's UK account at another bank.
const ACME_NAME: &str = "Acme Ltd";
const ACME_SORT_CODE: &str = "200000";
const ACME_ACCOUNT_NUMBER: &str = "55779911";

/// What an approval of £`amount` by UK local transfer from `account_id` to Acme Ltd is bound to.
pub fn acme_binding(account_id: &AccountId, amount: &str) -> anyhow::Result<String> {
    let checked = transfer::check(
        &TransferInput {
            amount: amount.into(),
            scheme: Some(Scheme::Local),
            payee: RecipientInput {
                name: ACME_NAME.into(),
                kind: Some(PayeeType::Company),
                uk_sort_code: ACME_SORT_CODE.into(),
                uk_account_number: ACME_ACCOUNT_NUMBER.into(),
                reference: "Invoice".into(),
                ..Default::default()
            },
        },
        Currency::Gbp,
        true,
    )
    .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    // The bank's published UK local fee: the approval binds what the payer pays.
    let fee = bank::domain::payments::fees::FeeTable::defaults()
        .fee(Scheme::Local, Currency::Gbp)
        .unwrap_or_default();
    Ok(approval::binding(&checked.terms(
        account_id,
        &checked.payee_account(),
        fee,
    )))
}

/// The body of that transfer, as the app posts it.
pub fn acme_transfer(
    id: &str,
    request_id: &str,
    account_id: &AccountId,
    amount: &str,
) -> serde_json::Value {
    serde_json::json!({
        "id": id, "requestId": request_id, "amount": amount,
        "sender": {"bankAccountId": account_id},
        "receiver": {"name": ACME_NAME, "type": "company",
            "ukSortCode": ACME_SORT_CODE, "ukAccountNumber": ACME_ACCOUNT_NUMBER},
        "details": "Invoice", "scheme": "local"
    })
}

/// A Confirmation of Payee check of Acme Ltd's account made for the profile, as the
/// transfer's `payeeCheck` names it: the payer agrees to pay when its answer asks them to.
pub async fn acme_check(
    db: &Db,
    checker: Option<&dyn bank::providers::payee_check::PayeeChecker>,
    profile_id: &ProfileId,
) -> anyhow::Result<serde_json::Value> {
    use bank::services::payments::payee_check::{check, OwnAccount, UkPayee};
    let payee = UkPayee {
        sort_code: ACME_SORT_CODE.to_string(),
        account_number: ACME_ACCOUNT_NUMBER.to_string(),
        name: ACME_NAME.to_string(),
        payee_type: PayeeType::Company,
    };
    let row = check(db, checker, profile_id, &payee, OwnAccount::Unread).await?;
    // The request's own type, so the body follows the API if its fields change.
    let consent = bank::domain::payments::request::PayeeConsentBody {
        id: row.id,
        accepted: row.verdict.result.needs_consent(),
    };
    Ok(serde_json::to_value(consent)?)
}

/// `count` approvals of the bound transfer, already verified.
pub async fn verified_approvals(
    db: &Db,
    user_id: &UserId,
    binding: &str,
    count: usize,
) -> anyhow::Result<Vec<String>> {
    let mut ids = Vec::with_capacity(count);
    for _ in 0..count {
        let request = store::mfa::create(
            db,
            &store::mfa::NewRequest {
                user_id,
                purpose: Purpose::Transfer,
                method: Method::Sms,
                code: "000000",
                challenge: None,
                lifetime_ms: 3_600_000,
                binding: Some(binding),
            },
            db.now_ms(),
        )
        .await?;
        ids.push(request.id);
    }
    sqlx::query(
        "UPDATE mfa_requests SET status = 'verified' WHERE user_id = $1 AND binding = $2 \
         AND status IN ('pending', 'expired')",
    )
    .bind(user_id)
    .bind(binding)
    .execute(&db.pool)
    .await?;
    Ok(ids)
}
