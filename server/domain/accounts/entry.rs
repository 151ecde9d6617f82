//! A journal entry: postings that sum to zero in every currency they touch.

use std::collections::BTreeMap;

use super::money::Currency;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Posting {
    pub account_id: String,
    pub currency: Currency,
    /// Signed minor units; positive raises the account's balance.
    pub amount: i64,
}

#[derive(Debug, Clone)]
pub struct Entry {
    postings: Vec<Posting>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EntryError {
    #[error("an entry needs at least two postings")]
    TooFewPostings,
    #[error("a posting of zero moves nothing")]
    ZeroPosting,
    #[error("the postings in {0} do not sum to zero")]
    Unbalanced(Currency),
    #[error("an amount is out of range")]
    Overflow,
}

impl Entry {
    pub fn new(postings: Vec<Posting>) -> Result<Self, EntryError> {
        if postings.len() < 2 {
            return Err(EntryError::TooFewPostings);
        }
        let mut sums: BTreeMap<Currency, i64> = BTreeMap::new();
        for posting in &postings {
            if posting.amount == 0 {
                return Err(EntryError::ZeroPosting);
            }
            let sum = sums.entry(posting.currency).or_default();
            *sum = sum
                .checked_add(posting.amount)
                .ok_or(EntryError::Overflow)?;
        }
        if let Some((currency, _)) = sums.into_iter().find(|(_, sum)| *sum != 0) {
            return Err(EntryError::Unbalanced(currency));
        }
        Ok(Self { postings })
    }

    /// Money moving from one account to another in one currency.
    pub fn transfer(
        from: &str,
        to: &str,
        currency: Currency,
        amount: i64,
    ) -> Result<Self, EntryError> {
        Self::new(vec![
            Posting {
                account_id: from.to_string(),
                currency,
                amount: amount.checked_neg().ok_or(EntryError::Overflow)?,
            },
            Posting {
                account_id: to.to_string(),
                currency,
                amount,
            },
        ])
    }

    /// A payment out through a scheme: the customer pays the amount and the bank's fee; the
    /// scheme's clearing account takes the amount and the bank's fee income the fee (when there
    /// is one).
    pub fn payment_out(
        customer: &str,
        clearing: &str,
        fee_income: &str,
        currency: Currency,
        amount: i64,
        fee: i64,
    ) -> Result<Self, EntryError> {
        if amount <= 0 || fee < 0 {
            return Err(EntryError::ZeroPosting);
        }
        let total = amount.checked_add(fee).ok_or(EntryError::Overflow)?;
        let mut postings = vec![
            Posting {
                account_id: customer.to_string(),
                currency,
                amount: -total,
            },
            Posting {
                account_id: clearing.to_string(),
                currency,
                amount,
            },
        ];
        if fee > 0 {
            postings.push(Posting {
                account_id: fee_income.to_string(),
                currency,
                amount: fee,
            });
        }
        Self::new(postings)
    }

    /// A conversion between two currencies through the bank's FX position in each: what leaves
    /// one account enters the position of its currency, and the other position pays out.
    pub fn conversion(
        from: (&str, &str, Currency, i64),
        to: (&str, &str, Currency, i64),
    ) -> Result<Self, EntryError> {
        let (from_account, from_position, from_currency, from_amount) = from;
        let (to_account, to_position, to_currency, to_amount) = to;
        Self::new(vec![
            Posting {
                account_id: from_account.to_string(),
                currency: from_currency,
                amount: from_amount.checked_neg().ok_or(EntryError::Overflow)?,
            },
            Posting {
                account_id: from_position.to_string(),
                currency: from_currency,
                amount: from_amount,
            },
            Posting {
                account_id: to_position.to_string(),
                currency: to_currency,
                amount: to_amount.checked_neg().ok_or(EntryError::Overflow)?,
            },
            Posting {
                account_id: to_account.to_string(),
                currency: to_currency,
                amount: to_amount,
            },
        ])
    }

    /// The entry that undoes this one: every posting with its sign turned (a returned payment
    /// gives the customer back the amount and the fee).
    pub fn reversal(&self) -> Result<Self, EntryError> {
        let postings = self
            .postings
            .iter()
            .map(|p| {
                Ok(Posting {
                    account_id: p.account_id.clone(),
                    currency: p.currency,
                    amount: p.amount.checked_neg().ok_or(EntryError::Overflow)?,
                })
            })
            .collect::<Result<Vec<_>, EntryError>>()?;
        Self::new(postings)
    }

    pub fn postings(&self) -> &[Posting] {
        &self.postings
    }
}

#[cfg(test)]
mod payment_tests {
    use super::*;

    #[test]
    fn a_payment_out_charges_amount_and_fee_and_books_the_fee_as_income() {
        let entry = Entry::payment_out("c", "clear", "fees", Currency::Gbp, 10_000, 150).unwrap();
        let amounts: Vec<_> = entry
            .postings()
            .iter()
            .map(|p| (p.account_id.as_str(), p.amount))
            .collect();
        assert_eq!(amounts, [("c", -10_150), ("clear", 10_000), ("fees", 150)]);
        let free = Entry::payment_out("c", "clear", "fees", Currency::Gbp, 10_000, 0).unwrap();
        assert_eq!(free.postings().len(), 2, "no fee, no fee posting");
        assert_eq!(
            Entry::payment_out("c", "clear", "fees", Currency::Gbp, i64::MAX, 1).unwrap_err(),
            EntryError::Overflow
        );
        assert!(Entry::payment_out("c", "clear", "fees", Currency::Gbp, 0, 5).is_err());
        assert!(Entry::payment_out("c", "clear", "fees", Currency::Gbp, 5, -1).is_err());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn posting(account: &str, currency: Currency, amount: i64) -> Posting {
        Posting {
            account_id: account.into(),
            currency,
            amount,
        }
    }

    #[test]
    fn balanced_entries_are_accepted() {
        let entry = Entry::new(vec![
            posting("customer", Currency::Gbp, -1050),
            posting("clearing", Currency::Gbp, 1000),
            posting("fees", Currency::Gbp, 50),
        ])
        .unwrap();
        assert_eq!(entry.postings().len(), 3);
    }

    #[test]
    fn each_currency_must_balance_on_its_own() {
        let conversion = Entry::new(vec![
            posting("gbp", Currency::Gbp, -10000),
            posting("fx-gbp", Currency::Gbp, 10000),
            posting("fx-eur", Currency::Eur, -11500),
            posting("eur", Currency::Eur, 11500),
        ]);
        assert!(conversion.is_ok());
        let mixed = Entry::new(vec![
            posting("gbp", Currency::Gbp, -10000),
            posting("eur", Currency::Eur, 10000),
        ]);
        assert_eq!(mixed.unwrap_err(), EntryError::Unbalanced(Currency::Gbp));
    }

    #[test]
    fn degenerate_entries_are_refused() {
        assert_eq!(
            Entry::new(vec![
                posting("a", Currency::Gbp, 0),
                posting("b", Currency::Gbp, 0)
            ])
            .unwrap_err(),
            EntryError::ZeroPosting
        );
        assert_eq!(
            Entry::new(vec![posting("a", Currency::Gbp, 1)]).unwrap_err(),
            EntryError::TooFewPostings
        );
        assert_eq!(
            Entry::transfer("a", "b", Currency::Gbp, i64::MIN).unwrap_err(),
            EntryError::Overflow
        );
    }
}
