//! An application and where it may go (SPEC §3 Loan application and Merchant application, §4
//! Loan and Merchant states). The bank never decides an outcome itself: a provider's decision
//! moves an application, and only along the arrows below; anything else is refused, so a late
//! or replayed webhook cannot take an approved loan back to review.

use time::{Date, Month};

use crate::domain::profiles::access::Section;
use crate::domain::profiles::rights::Rule;

crate::domain::named_enum! {
    /// SPEC §3 loan application types: factoring and mortgages follow the loan's states.
    pub enum Product {
        Business = "business",
        Mortgage = "mortgage",
        Factoring = "factoring",
        Merchant = "merchant",
    }
}

crate::domain::named_enum! {
    /// SPEC §4 Loan: applied, in_review, pre_approved ('Eligible for a loan'), approved,
    /// rejected. Mortgages and factoring advances move the same way.
    pub enum LoanState {
        Applied = "applied",
        InReview = "in_review",
        PreApproved = "pre_approved",
        Approved = "approved",
        Rejected = "rejected",
    }
}

crate::domain::named_enum! {
    /// SPEC §4 Merchant: none ('Start Applying') is no application at all; then pending,
    /// additional_info_required, agreement_sent, active, rejected.
    pub enum MerchantState {
        Pending = "pending",
        AdditionalInfoRequired = "additional_info_required",
        AgreementSent = "agreement_sent",
        Active = "active",
        Rejected = "rejected",
    }
}

/// SPEC §8: the notice when a further loan is asked for too soon.
pub const TOO_SOON: &str =
    "Another loan can be applied for not earlier than three months after the initial application.";

impl LoanState {
    /// Where a provider's decision may take an application in this state: forward only, and
    /// nowhere once it is approved or rejected.
    pub fn may_become(self, next: LoanState) -> bool {
        use LoanState::*;
        matches!(
            (self, next),
            (Applied, InReview | PreApproved | Rejected)
                | (InReview, PreApproved | Rejected)
                | (PreApproved, Approved | Rejected)
        )
    }

    pub fn is_final(self) -> bool {
        matches!(self, LoanState::Approved | LoanState::Rejected)
    }

    /// SPEC §4: what the status screen shows. A just-applied application reads as under review
    /// with a provider that reviews (youlend), otherwise as eligible.
    pub fn shown(self, provider: &str) -> LoanState {
        match self {
            LoanState::Applied if provider == "youlend" => LoanState::InReview,
            LoanState::Applied => LoanState::PreApproved,
            other => other,
        }
    }

    /// SPEC §4's label for the state as shown.
    pub fn label(self) -> &'static str {
        match self {
            LoanState::Applied => "Applied",
            LoanState::InReview => "In review",
            LoanState::PreApproved => "Eligible for a loan",
            LoanState::Approved => "Approved",
            LoanState::Rejected => "Rejected",
        }
    }
}

impl MerchantState {
    /// Where the acquirer's decision, or the business answering its questions, may take a
    /// merchant application.
    pub fn may_become(self, next: MerchantState) -> bool {
        use MerchantState::*;
        matches!(
            (self, next),
            (Pending, AdditionalInfoRequired | AgreementSent | Rejected)
                | (AdditionalInfoRequired, Pending | Rejected)
                | (AgreementSent, Active | Rejected)
        )
    }

    pub fn is_final(self) -> bool {
        matches!(self, MerchantState::Active | MerchantState::Rejected)
    }

    /// SPEC §4 labels; the status view shows while an application exists and is not active.
    pub fn label(self) -> &'static str {
        match self {
            MerchantState::Pending => "Pending",
            MerchantState::AdditionalInfoRequired => "Additional information required",
            MerchantState::AgreementSent => "Agreement sent",
            MerchantState::Active => "Active",
            MerchantState::Rejected => "Rejected",
        }
    }
}

impl Product {
    /// Seeing the applications: the same as applying, with the right's read level.
    pub const fn read_rule(self) -> Rule {
        self.rule().read_level()
    }

    /// SPEC §6 who may apply: loans and mortgages need the loan right's full level, a business
    /// and a UK (GBP) primary account; factoring a business with a UK primary account and the
    /// factoring right; merchant acquiring the merchant right and a business.
    pub const fn rule(self) -> Rule {
        match self {
            Product::Business => Rule::full(Section::Loan).business().uk_primary(),
            Product::Mortgage => Rule::full(Section::Loan).business().uk_primary(),
            Product::Factoring => Rule::full(Section::Factoring).business().uk_primary(),
            Product::Merchant => Rule::full(Section::Merchant).business(),
        }
    }
}

/// `day` plus `months` calendar months, on the same day of the month or, where that month is
/// shorter, its last day (31 August + 3 months is 30 November).
pub fn add_months(day: Date, months: u32) -> Date {
    let index = day.year() * 12 + (day.month() as i32 - 1) + months as i32;
    let (year, month) = (index.div_euclid(12), index.rem_euclid(12) as u8 + 1);
    let month = Month::try_from(month).expect("1 to 12");
    let last = month.length(year);
    Date::from_calendar_date(year, month, day.day().min(last)).expect("a day of the month")
}

/// SPEC §8: a further loan may be applied for from three months after the application before
/// it (London days), not before.
pub fn may_apply_again(last_applied: Date, today: Date) -> bool {
    today >= add_months(last_applied, 3)
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    const LOAN_STATES: [LoanState; 5] = [
        LoanState::Applied,
        LoanState::InReview,
        LoanState::PreApproved,
        LoanState::Approved,
        LoanState::Rejected,
    ];

    #[test]
    fn a_loan_moves_forward_only_and_stops_when_decided() {
        let allowed: Vec<(LoanState, LoanState)> = LOAN_STATES
            .iter()
            .flat_map(|from| LOAN_STATES.iter().map(move |to| (*from, *to)))
            .filter(|(from, to)| from.may_become(*to))
            .collect();
        use LoanState::*;
        assert_eq!(
            allowed,
            [
                (Applied, InReview),
                (Applied, PreApproved),
                (Applied, Rejected),
                (InReview, PreApproved),
                (InReview, Rejected),
                (PreApproved, Approved),
                (PreApproved, Rejected),
            ]
        );
        for state in LOAN_STATES {
            assert_eq!(state.is_final(), matches!(state, Approved | Rejected));
            assert!(!state.may_become(state), "{state:?} to itself");
        }
    }

    #[test]
    fn a_merchant_application_goes_through_questions_and_an_agreement() {
        use MerchantState::*;
        let all = [
            Pending,
            AdditionalInfoRequired,
            AgreementSent,
            Active,
            Rejected,
        ];
        let allowed: Vec<(MerchantState, MerchantState)> = all
            .iter()
            .flat_map(|from| all.iter().map(move |to| (*from, *to)))
            .filter(|(from, to)| from.may_become(*to))
            .collect();
        assert_eq!(
            allowed,
            [
                (Pending, AdditionalInfoRequired),
                (Pending, AgreementSent),
                (Pending, Rejected),
                (AdditionalInfoRequired, Pending),
                (AdditionalInfoRequired, Rejected),
                (AgreementSent, Active),
                (AgreementSent, Rejected),
            ]
        );
        assert!(Active.is_final() && Rejected.is_final() && !AgreementSent.is_final());
    }

    #[test]
    fn applied_shows_as_the_provider_treats_it() {
        assert_eq!(LoanState::Applied.shown("youlend"), LoanState::InReview);
        assert_eq!(LoanState::Applied.shown("sandbox"), LoanState::PreApproved);
        assert_eq!(LoanState::PreApproved.label(), "Eligible for a loan");
        assert_eq!(LoanState::Approved.shown("youlend"), LoanState::Approved);
    }

    #[test]
    fn months_are_added_to_the_calendar_clamped_to_the_month() {
        assert_eq!(add_months(date!(2026 - 08 - 31), 3), date!(2026 - 11 - 30));
        assert_eq!(add_months(date!(2026 - 11 - 30), 3), date!(2027 - 02 - 28));
        assert_eq!(add_months(date!(2027 - 11 - 30), 3), date!(2028 - 02 - 29));
        assert_eq!(add_months(date!(2026 - 12 - 15), 1), date!(2027 - 01 - 15));
    }

    #[test]
    fn a_further_loan_waits_three_months_to_the_day() {
        let first = date!(2026 - 11 - 26);
        assert!(!may_apply_again(first, date!(2027 - 02 - 25)));
        assert!(may_apply_again(first, date!(2027 - 02 - 26)));
        assert!(!may_apply_again(first, first));
        let end_of_month = date!(2026 - 11 - 30);
        assert!(!may_apply_again(end_of_month, date!(2027 - 02 - 27)));
        assert!(may_apply_again(end_of_month, date!(2027 - 02 - 28)));
    }

    #[test]
    fn who_may_apply_follows_spec_6() {
        let loan = Product::Business.rule();
        assert_eq!(loan, Product::Mortgage.rule());
        assert_ne!(loan, Product::Merchant.rule());
        assert_ne!(Product::Factoring.rule(), Product::Merchant.rule());
    }
}
