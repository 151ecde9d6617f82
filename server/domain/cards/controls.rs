//! Card controls and limits (SPEC §2 "controls (online payments, ATM withdrawals,
//! contactless)", §3 limit types) and the decision on a network's authorisation (issue 14
//! point 4). Cards are GBP cards (SPEC §6: cards need a UK primary account), so limits are GBP
//! minor units, per day in London.

use super::status::CardStatus;

named_enum! {
    /// SPEC §3 limit types; each is also a control that can be switched off.
    pub enum LimitType {
        ContactlessPayment = "contactless_payment",
        AtmCashWithdrawal = "atm_cash_withdrawal",
        OnlinePurchase = "online_purchase",
    }
}

impl LimitType {
    /// The daily limit of a new card, in pence.
    pub fn default_daily(self) -> i64 {
        match self {
            Self::ContactlessPayment => 50_000,
            Self::AtmCashWithdrawal => 30_000,
            Self::OnlinePurchase => 200_000,
        }
    }

    /// The most a holder may set, in pence: above it the bank's own risk limits apply.
    pub fn ceiling(self) -> i64 {
        match self {
            Self::ContactlessPayment => 200_000,
            Self::AtmCashWithdrawal => 100_000,
            Self::OnlinePurchase => 2_000_000,
        }
    }

    /// SPEC §2's names of the controls.
    pub fn label(self) -> &'static str {
        match self {
            Self::ContactlessPayment => "Contactless",
            Self::AtmCashWithdrawal => "ATM withdrawals",
            Self::OnlinePurchase => "Online payments",
        }
    }
}

named_enum! {
    /// Why an authorisation was declined (shown on the declined transaction).
    pub enum DeclineReason {
        CardNotActive = "card_not_active",
        CardExpired = "card_expired",
        ControlOff = "control_off",
        LimitExceeded = "limit_exceeded",
        InsufficientFunds = "insufficient_funds",
    }
}

impl DeclineReason {
    pub fn message(self) -> &'static str {
        match self {
            Self::CardNotActive => "The card is frozen or not active",
            Self::CardExpired => "The card has expired",
            Self::ControlOff => "This kind of payment is switched off for the card",
            Self::LimitExceeded => "The card's daily limit would be exceeded",
            Self::InsufficientFunds => "Insufficient funds",
        }
    }
}

/// What the bank knows when an authorisation arrives.
#[derive(Debug, Clone, Copy)]
pub struct Facts {
    pub status: CardStatus,
    pub expired: bool,
    /// The control of the payment's kind is on.
    pub control_on: bool,
    pub daily_limit: i64,
    /// Approved today (London) for this kind, holds and captures alike, in pence.
    pub spent_today: i64,
    pub amount: i64,
    /// The account's available balance (booked − holds), in pence.
    pub available: i64,
}

/// Approve or decline, checking in the order a holder would look for the reason.
pub fn decide(facts: Facts) -> Result<(), DeclineReason> {
    if facts.status != CardStatus::Active {
        return Err(DeclineReason::CardNotActive);
    }
    if facts.expired {
        return Err(DeclineReason::CardExpired);
    }
    if !facts.control_on {
        return Err(DeclineReason::ControlOff);
    }
    if facts.spent_today.saturating_add(facts.amount) > facts.daily_limit {
        return Err(DeclineReason::LimitExceeded);
    }
    if facts.amount > facts.available {
        return Err(DeclineReason::InsufficientFunds);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts() -> Facts {
        Facts {
            status: CardStatus::Active,
            expired: false,
            control_on: true,
            daily_limit: 10_000,
            spent_today: 4_000,
            amount: 6_000,
            available: 6_000,
        }
    }

    #[test]
    fn approves_up_to_the_limit_and_the_balance_exactly() {
        assert_eq!(decide(facts()), Ok(()));
    }

    #[test]
    fn declines_frozen_expired_switched_off_over_limit_and_short() {
        let cases = [
            (
                Facts {
                    status: CardStatus::Inactive,
                    ..facts()
                },
                DeclineReason::CardNotActive,
            ),
            (
                Facts {
                    status: CardStatus::ActivationPending,
                    ..facts()
                },
                DeclineReason::CardNotActive,
            ),
            (
                Facts {
                    expired: true,
                    ..facts()
                },
                DeclineReason::CardExpired,
            ),
            (
                Facts {
                    control_on: false,
                    ..facts()
                },
                DeclineReason::ControlOff,
            ),
            (
                Facts {
                    spent_today: 4_001,
                    ..facts()
                },
                DeclineReason::LimitExceeded,
            ),
            (
                Facts {
                    available: 5_999,
                    ..facts()
                },
                DeclineReason::InsufficientFunds,
            ),
        ];
        for (case, reason) in cases {
            assert_eq!(decide(case), Err(reason), "{case:?}");
        }
    }

    #[test]
    fn defaults_sit_under_their_ceilings() {
        for kind in LimitType::ALL {
            assert!(kind.default_daily() > 0 && kind.default_daily() <= kind.ceiling());
        }
    }
}
