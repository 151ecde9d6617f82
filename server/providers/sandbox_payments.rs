//! Sandbox money in (DESIGN.md §6): an inbound payment from a named payer, as if it had arrived
//! through the account's scheme, booked through the ledger. Used by the `money-in` command of the
//! binary and the sandbox page.

use crate::domain::accounts::money::Money;
use crate::domain::accounts::money::{self, Currency};
use crate::domain::payments::payee::Scheme;
use crate::domain::payments::recipient::PayeeType;
use crate::store::bookings::{self, BookingError, Party};
use crate::store::{self, Db};

#[derive(Debug, thiserror::Error)]
pub enum MoneyInError {
    #[error("No account has that IBAN or account number")]
    UnknownAccount,
    #[error("Enter an amount above zero with at most two decimals")]
    Amount,
    #[error("Enter the payer's name")]
    Payer,
    #[error("A sandbox payment is at most 1,000,000,000.00")]
    TooLarge,
    #[error("The reference is up to 140 characters")]
    Reference,
    #[error("The account is not active")]
    NotActive,
    #[error("No activation fee has that reference")]
    UnknownFee,
    #[error("The activation fee is {0}: pay it in full")]
    FeeShort(String),
    #[error("The activation fee could not be recorded")]
    Fee,
    #[error(transparent)]
    Booking(#[from] BookingError),
    #[error(transparent)]
    Sql(#[from] sqlx::Error),
}

/// The largest sandbox payment: far from what a balance can hold, so no sum of them overflows.
const MAX_MINOR: i64 = 100_000_000_000;

pub struct Credited {
    pub transaction_id: String,
    pub iban: String,
    pub amount: String,
    /// The account is not one of the bank's: the money is held in suspense.
    pub in_suspense: bool,
}

pub async fn credit(
    db: &Db,
    account: &str,
    amount: &str,
    payer: &str,
    reference: &str,
) -> Result<Credited, MoneyInError> {
    credit_at(db, account, amount, payer, reference, db.now_ms()).await
}

/// As [`credit`], booked at a given instant (the CLI's `--at`, to try how days are cut).
pub async fn credit_at(
    db: &Db,
    account: &str,
    amount: &str,
    payer: &str,
    reference: &str,
    at_ms: i64,
) -> Result<Credited, MoneyInError> {
    let minor = money::parse_decimal(amount)
        .filter(|m| *m > 0)
        .ok_or(MoneyInError::Amount)?;
    if minor > MAX_MINOR {
        return Err(MoneyInError::TooLarge);
    }
    if reference.chars().count() > 140 {
        return Err(MoneyInError::Reference);
    }
    let payer = payer.trim();
    if payer.is_empty() || payer.len() > 140 {
        return Err(MoneyInError::Payer);
    }
    if is_fee_collection(account) {
        return pay_fee(db, minor, reference).await;
    }
    let Some(account) = store::bank_accounts::by_iban_or_number(db, account).await? else {
        return to_suspense(db, account, minor, payer, reference, at_ms).await;
    };
    let scheme = match account.currency {
        Currency::Gbp => Scheme::Local,
        Currency::Eur => Scheme::Sepa,
        _ => Scheme::Swift,
    };
    let reference = match reference.trim() {
        "" => "Sandbox payment",
        text => text,
    };
    let party = Party {
        name: payer,
        kind: PayeeType::Company,
        account: None,
    };
    let transaction_id = bookings::inbound(
        db,
        &account,
        Money::new(minor, account.currency),
        scheme,
        party,
        reference,
        at_ms,
    )
    .await
    .map_err(|error| match error {
        BookingError::AccountNotUsable => MoneyInError::NotActive,
        other => other.into(),
    })?;
    Ok(Credited {
        transaction_id: transaction_id.into(),
        iban: account.iban,
        amount: money::display(minor, account.currency),
        in_suspense: false,
    })
}

/// A valid IBAN that names no account of the bank: the money arrived through the scheme of the
/// IBAN's country and waits in suspense (DESIGN.md §5) until it is matched or sent back. Text
/// that is no IBAN at all names nothing the scheme could have delivered.
async fn to_suspense(
    db: &Db,
    account: &str,
    minor: i64,
    payer: &str,
    reference: &str,
    at_ms: i64,
) -> Result<Credited, MoneyInError> {
    use iban::IbanLike;
    let iban =
        crate::domain::payments::payee::iban(account).map_err(|_| MoneyInError::UnknownAccount)?;
    let country = &iban.electronic_str()[..2];
    let (currency, scheme) = match country {
        "GB" => (Currency::Gbp, Scheme::Local),
        "CH" => (Currency::Chf, Scheme::Swift),
        "AL" => (Currency::All, Scheme::Swift),
        c if crate::domain::payments::fees::in_sepa(c) => (Currency::Eur, Scheme::Sepa),
        _ => (Currency::Usd, Scheme::Swift),
    };
    let id = bookings::to_suspense(
        db,
        &bookings::Unmatched {
            scheme,
            amount: Money::new(minor, currency),
            account_text: iban.electronic_str(),
            payer,
            reference,
            at: at_ms,
        },
    )
    .await?;
    Ok(Credited {
        transaction_id: id,
        iban: iban.electronic_str().to_string(),
        amount: money::display(minor, currency),
        in_suspense: true,
    })
}

fn is_fee_collection(account: &str) -> bool {
    use crate::domain::accounts::identifiers::{gb_iban, FEE_COLLECTION_NUMBER};
    let cleaned: String = account
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .collect::<String>()
        .to_uppercase();
    cleaned == FEE_COLLECTION_NUMBER || cleaned == gb_iban(FEE_COLLECTION_NUMBER)
}

/// A transfer to the bank's fee collection account: the reference names the activation fee it
/// pays (issue 10: "the fee is recognised when an inbound payment with that reference arrives").
/// A second payment of a paid fee is kept in suspense for a refund, never counted twice.
async fn pay_fee(db: &Db, minor: i64, reference: &str) -> Result<Credited, MoneyInError> {
    use crate::domain::onboarding::fee;
    use crate::store::registration_fees;
    let found = match fee::find_reference(reference) {
        Some(reference) => registration_fees::by_reference(db, &reference).await?,
        None => None,
    };
    let fee = found.ok_or(MoneyInError::UnknownFee)?;
    if minor != fee.amount_minor {
        return Err(MoneyInError::FeeShort(money::display(
            fee.amount_minor,
            fee.currency,
        )));
    }
    let payment = format!("transfer-{}", uuid::Uuid::now_v7());
    let scheme = if fee.currency == Currency::Gbp {
        "local"
    } else {
        "sepa"
    };
    crate::services::onboarding::fee::settle(
        db,
        &fee,
        crate::domain::onboarding::fee::FeePayment::Transfer,
        &payment,
        scheme,
    )
    .await
    .map_err(|error| {
        tracing::error!(?error, "activation fee not settled");
        MoneyInError::Fee
    })?;
    Ok(Credited {
        transaction_id: payment,
        iban: crate::domain::accounts::identifiers::gb_iban(
            crate::domain::accounts::identifiers::FEE_COLLECTION_NUMBER,
        ),
        amount: money::display(minor, fee.currency),
        in_suspense: false,
    })
}
