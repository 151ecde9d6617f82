//! Banking rules, free of HTTP and SQL. One folder per area, named as in DESIGN.md §1.

/// A closed set of names as SPEC writes them (statuses, roles, flows, methods): serialised as
/// those names, described in the OpenAPI document as an enum, and parsed without a fallback, so
/// an unknown value is refused at the edge and never mistaken for a known one.
macro_rules! named_enum {
    ($(#[$meta:meta])* $vis:vis enum $name:ident { $($(#[$vmeta:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord,
            serde::Serialize, serde::Deserialize, utoipa::ToSchema,
        )]
        // SPEC's names are the variants in snake_case; `named_enums_serialise_as_spec_names`
        // checks that serde and `as_str` agree. (A per-variant `rename` from this macro would
        // reach serde but not utoipa, which would then document the Rust names.)
        #[serde(rename_all = "snake_case")]
        $vis enum $name {
            $( $(#[$vmeta])* $variant ),+
        }

        impl $name {
            pub const ALL: &'static [Self] = &[$(Self::$variant),+];

            pub fn as_str(self) -> &'static str {
                match self {
                    $(Self::$variant => $text),+
                }
            }

            pub fn parse(text: &str) -> Option<Self> {
                match text {
                    $($text => Some(Self::$variant),)+
                    _ => None,
                }
            }
        }

        impl $crate::domain::Named for $name {
            const TYPE: &'static str = stringify!($name);

            fn from_name(text: &str) -> Option<Self> {
                Self::parse(text)
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}
pub(crate) use named_enum;

/// A closed set of names (the `named_enum!` types): what the store decodes a column into, so an
/// unknown stored value is an error rather than a default.
pub trait Named: Sized {
    const TYPE: &'static str;
    fn from_name(text: &str) -> Option<Self>;
}
pub mod accounts;
pub mod audit;
pub mod auth;
pub mod backoffice;
pub mod cards;
pub mod clock;
pub mod engagement;
pub mod exchange;
pub mod ids;
pub mod invoices;
pub mod lending;
pub mod london;
pub mod messages;
pub mod names;
pub mod onboarding;
pub mod paging;
pub mod payments;
pub mod policies;
pub mod profiles;
pub mod support;
pub mod xml;

/// For tests of named enums: serde and `as_str` agree on every value.
#[cfg(test)]
pub(crate) fn check_names<T: serde::Serialize + Copy>(all: &[T], text: impl Fn(T) -> &'static str) {
    for value in all {
        assert_eq!(
            serde_json::to_value(value).unwrap(),
            serde_json::Value::from(text(*value))
        );
    }
}

#[cfg(test)]
mod tests {
    use super::check_names as check;

    #[test]
    fn named_enums_serialise_as_spec_names() {
        use super::accounts::status::AccountStatus;
        use super::accounts::transaction_kinds::{TransactionStatus, TransactionType};
        use super::auth::mfa::{MfaMethod, MfaPurpose, MfaStatus};
        use super::onboarding::kyc::{KycStatus, OnboardingFlow};
        use super::profiles::access::{ProfileType, Role};
        check(KycStatus::ALL, KycStatus::as_str);
        check(OnboardingFlow::ALL, OnboardingFlow::as_str);
        check(Role::ALL, Role::as_str);
        check(ProfileType::ALL, ProfileType::as_str);
        check(MfaMethod::ALL, MfaMethod::as_str);
        check(MfaPurpose::ALL, MfaPurpose::as_str);
        check(MfaStatus::ALL, MfaStatus::as_str);
        check(AccountStatus::ALL, AccountStatus::as_str);
        check(TransactionType::ALL, TransactionType::as_str);
        check(TransactionStatus::ALL, TransactionStatus::as_str);
        use super::exchange::ConversionType;
        use super::profiles::invitation::{InvitationState, Purpose};
        use super::profiles::team::MemberStatus;
        check(ConversionType::ALL, ConversionType::as_str);
        check(InvitationState::ALL, InvitationState::as_str);
        check(Purpose::ALL, Purpose::as_str);
        check(MemberStatus::ALL, MemberStatus::as_str);
        use super::cards::controls::{DeclineReason, LimitType};
        use super::cards::status::{CardAction, CardStatus, ClosureReason, OrderCondition};
        check(CardStatus::ALL, CardStatus::as_str);
        check(CardAction::ALL, CardAction::as_str);
        check(ClosureReason::ALL, ClosureReason::as_str);
        check(OrderCondition::ALL, OrderCondition::as_str);
        check(LimitType::ALL, LimitType::as_str);
        check(DeclineReason::ALL, DeclineReason::as_str);
        use super::cards::shipping::ShippingType;
        check(ShippingType::ALL, ShippingType::as_str);
        use super::cards::authorization::AuthorizationStatus;
        use super::onboarding::review::Review;
        use super::payments::second_approval::RequestState;
        use super::profiles::access::Section;
        check(AuthorizationStatus::ALL, AuthorizationStatus::as_str);
        check(Review::ALL, Review::as_str);
        check(RequestState::ALL, RequestState::as_str);
        check(Section::ALL, Section::as_str);
    }
}
