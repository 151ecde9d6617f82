//! SPEC §4 KYC: the statuses a customer's onboarding passes through, where each one leads, and
//! when the app is in access. The server decides all of it; the app only follows the answer.

crate::domain::named_enum! {
    /// SPEC §4 "KYC status values".
    pub enum KycStatus {
        UserDataIncomplete = "user_data_incomplete",
        ProfileIncomplete = "profile_incomplete",
        KybRequested = "kyb_requested",
        KybPending = "kyb_pending",
        ToVerify = "to_verify",
        ToComplete = "to_complete",
        NoProof = "no_proof",
        Pending = "pending",
        PendingSignoff = "pending_signoff",
        VerifyPhone = "verify_phone",
        RegistrationFeeAssigned = "registration_fee_assigned",
        RegistrationFeePending = "registration_fee_pending",
        AccountNotReady = "account_not_ready",
        Completed = "completed",
        Rejected = "rejected",
        AccountRestricted = "account_restricted",
    }
}

crate::domain::named_enum! {
    /// SPEC §3 profile user types: how a person came to the bank.
    pub enum OnboardingFlow {
        Personal = "personal",
        Business = "business",
        BusinessAdditional = "business_additional",
        UserInvited = "user_invited",
    }
}

impl KycStatus {
    /// Who signs up starts with incomplete user data.
    pub const FIRST: Self = Self::UserDataIncomplete;

    /// A stored status this code does not know (a damaged row, a newer version's) is read as
    /// under review: the app stays closed and nothing is skipped.
    pub fn stored(text: &str) -> Self {
        Self::parse(text).unwrap_or_else(|| {
            tracing::error!(
                status = text,
                "unknown stored KYC status, treated as pending"
            );
            Self::Pending
        })
    }

    /// SPEC §4: the app is accessible when the account is ready or merely restricted.
    pub fn app_in_access(self) -> bool {
        matches!(self, Self::Completed | Self::AccountRestricted)
    }

    pub fn account_ready(self) -> bool {
        self == Self::Completed
    }

    /// The label and hint the onboarding overview shows for the status.
    pub fn words(self) -> (&'static str, &'static str) {
        match self {
            Self::UserDataIncomplete => ("About You", "Tell us about yourself to continue."),
            Self::ProfileIncomplete => (
                "About Your Business",
                "Tell us about your business to continue.",
            ),
            Self::ToVerify | Self::ToComplete => {
                ("Identity verification", "Verify your identity to continue.")
            }
            Self::VerifyPhone => (
                "Phone verification",
                "Verify your phone number to continue.",
            ),
            Self::RegistrationFeeAssigned => (
                "Account Activation",
                "Pay the verification fee to activate your account.",
            ),
            Self::RegistrationFeePending => (
                "Account Activation Pending",
                "We are waiting for your payment.",
            ),
            Self::KybRequested => (
                "Business Verification",
                "We need a little more information about your business.",
            ),
            Self::KybPending => (
                "Business Verification",
                "We are reviewing your business. This usually takes one working day.",
            ),
            Self::NoProof => (
                "Proof of address needed",
                "We could not confirm your address. Our team will contact you by email.",
            ),
            Self::Completed => ("Completed", "Your account is ready."),
            Self::AccountRestricted => ("Your Account Is Temporarily Restricted", ""),
            Self::Rejected => (
                "Application declined",
                "We are unable to open an account for you. We have sent you an email with the details.",
            ),
            Self::AccountNotReady => (
                "Account being prepared",
                "We are opening your account. This takes a few minutes.",
            ),
            Self::PendingSignoff => (
                "Under review",
                "Your application is awaiting final approval.",
            ),
            Self::Pending => ("Under review", "We are reviewing your identity documents."),
        }
    }
}

crate::domain::named_enum! {
    /// SPEC §2 registration wizard: the steps after the account exists (3 and 4), where a person
    /// who leaves resumes, on any device (SPEC §7 PATCH /v1/users/registration/state).
    pub enum RegistrationState {
        PersonalDetails = "personal_details",
        PersonalAddress = "personal_address",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_ready_or_restricted_accounts_open_the_app() {
        let open: Vec<_> = KycStatus::ALL
            .iter()
            .filter(|s| s.app_in_access())
            .collect();
        assert_eq!(open, [&KycStatus::Completed, &KycStatus::AccountRestricted]);
        assert!(!KycStatus::stored("surprise").app_in_access());
        assert_eq!(KycStatus::stored("to_verify"), KycStatus::ToVerify);
    }
}
