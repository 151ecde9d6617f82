//! Quoting a conversion (SPEC §7 `/v1/bank/currency-exchange/rate`): priced exactly from the
//! rate book's mid-market rate and the bank's spread (`domain::exchange::pricing`), and, while
//! the bank is converting (SPEC §9 hours), held for `BANK_EXCHANGE_QUOTE_S` so any bank process
//! can execute it. A quote it replaces can no longer be executed.

use rust_decimal::Decimal;

use crate::config::Config;
use crate::domain::accounts::money::{Currency, Money};
use crate::domain::exchange::pricing::{self, PriceError};
use crate::domain::exchange::ConversionType;
use crate::domain::ids::{ProfileId, UserId};
use crate::providers::rates::RateBook;
use crate::store::bank_accounts::BankAccount;
use crate::store::exchanges::QuoteRow;
use crate::store::{self, Db};

/// What the customer asks to convert, between two of their profile's accounts.
pub struct QuoteAsk<'a> {
    pub profile_id: &'a ProfileId,
    pub user_id: &'a UserId,
    pub from: &'a BankAccount,
    pub to: &'a BankAccount,
    pub kind: ConversionType,
    /// Minor units: what leaves (direct) or what arrives (inverse).
    pub amount: i64,
    /// The quote this one replaces.
    pub replaces: Option<&'a str>,
    pub now: i64,
}

/// A priced conversion; `held` when it can be executed (the bank is converting).
pub struct Quote {
    pub from_amount: Money,
    pub to_amount: Money,
    /// The customer's rate, the spread included.
    pub rate: Decimal,
    pub rates_as_of: String,
    pub held: Option<Held>,
}

/// A quote kept for execution: its id and when it stops being executable.
pub struct Held {
    pub id: String,
    pub expires_at: i64,
}

#[derive(Debug, thiserror::Error)]
pub enum QuoteError {
    /// No live rate for the pair (the ECB does not quote the lek, or the book is stale).
    #[error("no live rate from {0} to {1}")]
    RateUnavailable(Currency, Currency),
    #[error("the amount is below the minimum")]
    BelowMinimum,
    /// More than the account holds, or more than can be priced.
    #[error("the amount is not right")]
    WrongAmount,
    #[error(transparent)]
    Storage(#[from] sqlx::Error),
}

pub async fn give(
    db: &Db,
    config: &Config,
    rates: &RateBook,
    ask: &QuoteAsk<'_>,
) -> Result<Quote, QuoteError> {
    let (from, to) = (ask.from.currency, ask.to.currency);
    let unavailable = || QuoteError::RateUnavailable(from, to);
    let table = rates.current().ok_or_else(unavailable)?;
    let mid = table.mid(from, to).ok_or_else(unavailable)?;
    let spread = config.exchange.spreads.of(from, to);
    let rate = pricing::customer_rate(mid, spread).ok_or_else(unavailable)?;
    let priced = pricing::price(ask.kind, ask.amount, rate).map_err(|e| match e {
        PriceError::TooSmall => QuoteError::BelowMinimum,
        PriceError::TooLarge => QuoteError::WrongAmount,
    })?;
    if priced.from_amount > ask.from.balance.available() {
        return Err(QuoteError::WrongAmount);
    }
    let mut quote = Quote {
        from_amount: Money::new(priced.from_amount, from),
        to_amount: Money::new(priced.to_amount, to),
        rate,
        rates_as_of: table.as_of.clone(),
        held: None,
    };
    if let Some(previous) = ask.replaces {
        store::exchanges::withdraw(db, previous, ask.profile_id, ask.now).await?;
    }
    if config.exchange.hours.is_open(ask.now) {
        let held = Held {
            id: uuid::Uuid::new_v4().to_string(),
            expires_at: ask.now + crate::domain::clock::ms(config.exchange.quote_lifetime),
        };
        store::exchanges::insert_quote(
            db,
            &QuoteRow {
                id: held.id.clone(),
                profile_id: ask.profile_id.clone(),
                user_id: ask.user_id.clone(),
                from_account_id: ask.from.id.clone(),
                to_account_id: ask.to.id.clone(),
                conversion_type: ask.kind,
                from_amount: quote.from_amount,
                to_amount: quote.to_amount,
                rate: rate.normalize().to_string(),
                mid_rate: mid.normalize().to_string(),
                rates_as_of: table.as_of.clone(),
                created_at: ask.now,
                expires_at: held.expires_at,
            },
        )
        .await?;
        quote.held = Some(held);
    }
    Ok(quote)
}
