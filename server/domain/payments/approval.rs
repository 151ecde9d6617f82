//! Strong customer authentication with dynamic linking (PSD2 RTS art. 5, issue 11 point 3): an
//! approval is bound to everything that changes what the payer pays or where the money goes:
//! the paying account, amount, currency, fee (so the scheme, issue 26 point 8), payee, payee's
//! account and bank, and the reference. The binding is a hash of those terms, stored with the
//! approval request and compared at submit; the SMS states the total and the payee.

use crate::domain::ids::AccountId;
use sha2::{Digest, Sha256};

use crate::domain::accounts::money::{self, Currency};

/// What an approval approves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransferTerms<'a> {
    pub from_account_id: &'a AccountId,
    pub amount_minor: i64,
    pub currency: Currency,
    pub payee_name: &'a str,
    /// The payee's account as the bank routes it: an IBAN, or sort code and account number, or
    /// an account number with its routing code.
    pub payee_account: &'a str,
    /// The scheme it travels by (`local`, `sepa`, `swift`): it sets the fee.
    pub scheme: &'a str,
    /// The fee in minor units of the currency, debited with the amount.
    pub fee_minor: i64,
    /// The payee's bank (empty for UK local).
    pub bic: &'a str,
    pub reference: &'a str,
}

impl TransferTerms<'_> {
    /// What leaves the paying account: the amount and its fee.
    pub fn total_minor(&self) -> i64 {
        self.amount_minor.saturating_add(self.fee_minor)
    }
}

/// The hash an approval is bound to. Each field is length-prefixed, so no two different sets of
/// terms can run together into the same text.
pub fn binding(terms: &TransferTerms<'_>) -> String {
    let amount = terms.amount_minor.to_string();
    let fee = terms.fee_minor.to_string();
    let fields = [
        terms.from_account_id,
        amount.as_str(),
        terms.currency.code(),
        terms.payee_name.trim(),
        terms.payee_account,
        terms.scheme,
        fee.as_str(),
        terms.bic,
        terms.reference,
    ];
    let mut hash = Sha256::new();
    hash.update(b"transfer-approval-v2");
    for field in fields {
        hash.update((field.len() as u64).to_be_bytes());
        hash.update(field.as_bytes());
    }
    base64::Engine::encode(
        &base64::engine::general_purpose::URL_SAFE_NO_PAD,
        hash.finalize(),
    )
}

/// The SMS that carries the code: the person sees what they approve, the total that leaves
/// their account first.
pub fn sms_text(terms: &TransferTerms<'_>, code: &str, trading_name: &str) -> String {
    let fee = if terms.fee_minor > 0 {
        format!(
            " ({} + {} fee)",
            money::display(terms.amount_minor, terms.currency),
            money::display(terms.fee_minor, terms.currency)
        )
    } else {
        String::new()
    };
    format!(
        "Approve {}{fee} to {} with code {code}. {trading_name} will never ask you for this code.",
        money::display(terms.total_minor(), terms.currency),
        terms.payee_name.trim()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terms() -> TransferTerms<'static> {
        static ACCOUNT: std::sync::LazyLock<AccountId> =
            std::sync::LazyLock::new(|| AccountId::from("acc-1"));
        TransferTerms {
            from_account_id: &ACCOUNT,
            amount_minor: 125_000,
            currency: Currency::Gbp,
            payee_name: "Acme Ltd",
            payee_account: "200000-55779911",
            scheme: "local",
            fee_minor: 20,
            bic: "",
            reference: "Invoice 42",
        }
    }

    #[test]
    fn an_approval_binds_the_amount_currency_and_payee() {
        let first = binding(&terms());
        assert_eq!(first, binding(&terms()));
        assert_ne!(
            first,
            binding(&TransferTerms {
                amount_minor: 125_001,
                ..terms()
            })
        );
        assert_ne!(
            first,
            binding(&TransferTerms {
                currency: Currency::Eur,
                ..terms()
            })
        );
        assert_ne!(
            first,
            binding(&TransferTerms {
                payee_name: "Acme Ltd.",
                ..terms()
            })
        );
        assert_ne!(
            first,
            binding(&TransferTerms {
                payee_account: "200000-55779912",
                ..terms()
            })
        );
        assert_ne!(
            first,
            binding(&TransferTerms {
                from_account_id: &AccountId::from("acc-2"),
                ..terms()
            })
        );
    }

    #[test]
    fn an_approval_binds_what_the_payer_pays_and_the_payees_bank() {
        let first = binding(&terms());
        for other in [
            TransferTerms {
                scheme: "swift",
                ..terms()
            },
            TransferTerms {
                fee_minor: 1_500,
                ..terms()
            },
            TransferTerms {
                bic: "COBADEFFXXX",
                ..terms()
            },
            TransferTerms {
                reference: "Invoice 43",
                ..terms()
            },
        ] {
            assert_ne!(first, binding(&other), "{other:?}");
        }
    }

    #[test]
    fn the_sms_states_what_is_approved() {
        assert_eq!(
            sms_text(&terms(), "123456", "Harbour"),
            "Approve £1,250.20 (£1,250.00 + £0.20 fee) to Acme Ltd with code 123456. Harbour will never ask you for this code."
        );
    }
}
