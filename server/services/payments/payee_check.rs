//! Confirmation of Payee's use cases (issue 33 point 2): a payer's check of a UK account, and the
//! gate every UK local transfer passes before its money moves. The bank answers about its own
//! accounts from its own records (the profile the account belongs to: its name and whether it is
//! a business); everyone else's bank is asked through the checker (ClearBank, or the sandbox's
//! rules). Each check is kept; a transfer keeps the check it was sent with and whether the payer
//! agreed to pay despite it.

use crate::domain::ids::ProfileId;
use crate::domain::payments::payee_check::{compare, Verdict};
use crate::domain::payments::recipient::PayeeType;
use crate::domain::profiles::access::ProfileType;
use crate::providers::payee_check::{PayeeChecker, PayeeQuery};
use crate::store::bank_accounts::BankAccount;
use crate::store::payee_checks::NewCheck;
pub use crate::store::payee_checks::PayeeCheckRow;
use crate::store::{self, Db};

/// A check asks about this: a UK account and the name and type the payer gave.
#[derive(Debug, Clone)]
pub struct UkPayee {
    pub sort_code: String,
    pub account_number: String,
    pub name: String,
    pub payee_type: PayeeType,
}

/// A check stays good for the transfer it was made for this long.
const FRESH_MS: i64 = 24 * 60 * 60 * 1000;

/// The bank's own account under the payee's sort code and number, when the caller has looked it
/// up already (a transfer's plan has).
#[derive(Clone, Copy)]
pub enum OwnAccount<'a> {
    Unread,
    Read(Option<&'a BankAccount>),
}

/// Checks `payee` and keeps the answer.
pub async fn check(
    db: &Db,
    checker: Option<&dyn PayeeChecker>,
    profile_id: &ProfileId,
    payee: &UkPayee,
    own: OwnAccount<'_>,
) -> Result<PayeeCheckRow, sqlx::Error> {
    let id = uuid::Uuid::now_v7().to_string();
    let own = match own {
        OwnAccount::Read(account) => account.cloned(),
        OwnAccount::Unread => {
            store::bank_accounts::by_sort_code(db, &payee.sort_code, &payee.account_number).await?
        }
    };
    let (verdict, answered_by) = match own {
        Some(account) => {
            let held = store::profiles::name_and_type(db, &account.profile_id).await?;
            let verdict = match held {
                Some((name, kind)) => {
                    let held_type = match kind {
                        ProfileType::Business => PayeeType::Company,
                        ProfileType::Personal => PayeeType::Private,
                    };
                    compare(&payee.name, payee.payee_type, &name, held_type)
                }
                None => Verdict::unavailable(),
            };
            (verdict, "bank")
        }
        None => match checker {
            Some(checker) => {
                let query = PayeeQuery {
                    sort_code: payee.sort_code.clone(),
                    account_number: payee.account_number.clone(),
                    name: payee.name.clone(),
                    payee_type: payee.payee_type,
                    check_id: id.replace('-', ""),
                };
                let verdict = checker.check(&query).await;
                if let Some(party) = checker.party() {
                    let outcome = match verdict.result {
                        crate::domain::payments::payee_check::PayeeCheckResult::Unavailable => {
                            Err("no answer from the payee's bank")
                        }
                        _ => Ok(()),
                    };
                    crate::services::outside_parties::answered(db, party, &outcome).await;
                }
                (verdict, checker.name())
            }
            None => (Verdict::unavailable(), "none"),
        },
    };
    let now = db.now_ms();
    store::payee_checks::insert(
        db,
        &NewCheck {
            id: &id,
            profile_id,
            sort_code: &payee.sort_code,
            account_number: &payee.account_number,
            name: &payee.name,
            payee_type: payee.payee_type,
            verdict: &verdict,
            answered_by,
            now,
        },
    )
    .await?;
    Ok(PayeeCheckRow {
        id,
        sort_code: payee.sort_code.clone(),
        account_number: payee.account_number.clone(),
        name: payee.name.clone(),
        payee_type: payee.payee_type,
        verdict,
        created_at: now,
    })
}

/// What the payer's transfer says of its check: the check they reviewed and whether they
/// agreed to pay despite its answer.
pub struct Consent<'a> {
    pub check_id: Option<&'a str>,
    pub accepted: bool,
}

/// The gate of a UK local transfer: the check the payer reviewed, if it is theirs, fresh and of
/// this very payee (else a new one, so a client that skipped it is checked all the same, and
/// no agreement given to another check counts for it); `Err` with the check when its answer
/// needs the payer's agreement and they did not give it.
pub async fn for_transfer(
    db: &Db,
    checker: Option<&dyn PayeeChecker>,
    profile_id: &ProfileId,
    payee: &UkPayee,
    consent: &Consent<'_>,
    own: OwnAccount<'_>,
) -> Result<Result<PayeeCheckRow, PayeeCheckRow>, sqlx::Error> {
    let reviewed = match consent.check_id.map(str::trim).filter(|id| !id.is_empty()) {
        Some(id) => store::payee_checks::of_profile(db, profile_id, id).await?,
        None => None,
    }
    .filter(|row| {
        row.sort_code == payee.sort_code
            && row.account_number == payee.account_number
            && row.name == payee.name
            && row.payee_type == payee.payee_type
            && db.now_ms() - row.created_at < FRESH_MS
    });
    // The payer's word holds only for the check they were shown.
    let (row, accepted) = match reviewed {
        Some(row) => (row, consent.accepted),
        None => (check(db, checker, profile_id, payee, own).await?, false),
    };
    if row.verdict.result.needs_consent() && !accepted {
        return Ok(Err(row));
    }
    Ok(Ok(row))
}

/// The check a transfer was sent with.
pub async fn of_transfer(
    db: &Db,
    transfer: &store::transfers::TransferRow,
) -> Result<Option<PayeeCheckRow>, sqlx::Error> {
    match &transfer.payee_check_id {
        Some(id) => store::payee_checks::find(db, id).await,
        None => Ok(None),
    }
}
