//! A transfer request (SPEC §3 "Transfer request"), checked with SPEC §5 and §6 before any money
//! moves: the amount parsed exactly from its decimal string, the scheme available from the
//! paying account's currency, the payee's details per scheme (the recipient rules), and the
//! reference, which a UK local transfer must carry.

use crate::domain::ids::AccountId;
use sha2::{Digest, Sha256};

use super::approval::TransferTerms;
use super::payee::Scheme;
use super::recipient::{self, FieldErrors, Offer, Recipient, RecipientInput};
use crate::domain::accounts::money::{self, Currency};

/// SPEC §5: the amount must be positive and not above what is available.
pub const WRONG_AMOUNT: &str = "Select right amount";
const REQUIRED: &str = "Field is required";

/// What the customer asks for; `payee.reference` is the payment reference (SPEC §3 `details`).
#[derive(Debug, Clone, Default)]
pub struct TransferInput {
    pub amount: String,
    pub scheme: Option<Scheme>,
    pub payee: RecipientInput,
}

/// A transfer whose every field meets SPEC §5, from an account in `currency`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedTransfer {
    pub amount: i64,
    pub currency: Currency,
    pub scheme: Scheme,
    pub payee: Recipient,
    pub reference: String,
}

impl CheckedTransfer {
    /// The payee's account as the bank routes it, the part of the payee an approval binds.
    pub fn payee_account(&self) -> String {
        self.payee.account.routed()
    }

    /// The terms an approval binds, with the fee the scheme charges.
    pub fn terms<'a>(
        &'a self,
        from_account_id: &'a AccountId,
        payee_account: &'a str,
        fee_minor: i64,
    ) -> TransferTerms<'a> {
        TransferTerms {
            from_account_id,
            amount_minor: self.amount,
            currency: self.currency,
            payee_name: &self.payee.name,
            payee_account,
            scheme: self.scheme.as_str(),
            fee_minor,
            bic: self.payee.account.bic().unwrap_or_default(),
            reference: &self.reference,
        }
    }
}

/// Checks a transfer from an account in `currency`. The available balance is checked by the
/// caller against the amount and the fee.
pub fn check(
    input: &TransferInput,
    currency: Currency,
    swift_allowed: bool,
) -> Result<CheckedTransfer, FieldErrors> {
    let mut errors = FieldErrors::new();
    let amount = money::parse_decimal(&input.amount).filter(|minor| *minor > 0);
    if amount.is_none() {
        errors.insert("amount".into(), WRONG_AMOUNT.into());
    }
    let Some(scheme) = input.scheme else {
        errors.insert("scheme".into(), REQUIRED.into());
        return Err(errors);
    };
    // SPEC §6: SEPA only from EUR, UK local only from GBP, SWIFT from any (while allowed).
    let from = [currency];
    let offer = Offer {
        currencies: &from,
        swift_allowed,
    };
    let wrong_scheme = match scheme {
        Scheme::Local if currency != Currency::Gbp => {
            Some("UK Local Transfer is paid from a GBP account")
        }
        Scheme::Sepa if currency != Currency::Eur => {
            Some("SEPA transfers are paid from a EUR account")
        }
        _ => recipient::available(scheme, &offer).err(),
    };
    if let Some(message) = wrong_scheme {
        errors.insert("scheme".into(), message.into());
        return Err(errors);
    }
    let payee_input = RecipientInput {
        scheme: Some(scheme),
        currency: Some(currency),
        ..input.payee.clone()
    };
    let payee = match recipient::check(&payee_input, &offer) {
        Ok(payee) => Some(payee),
        Err(payee_errors) => {
            errors.extend(payee_errors);
            None
        }
    };
    // SPEC §5: the local form requires a reference.
    if scheme == Scheme::Local && input.payee.reference.trim().is_empty() {
        errors.insert("reference".into(), REQUIRED.into());
    }
    match (amount, payee) {
        (Some(amount), Some(payee)) if errors.is_empty() => Ok(CheckedTransfer {
            amount,
            currency,
            scheme,
            reference: payee.reference.clone().unwrap_or_default(),
            payee,
        }),
        _ => Err(errors),
    }
}

/// A digest of everything a request asks for, so a retry with the same id can be told apart
/// from a different request that reuses the id.
pub fn request_digest(
    from_account_id: &AccountId,
    transfer: &CheckedTransfer,
    attachments: &[String],
) -> String {
    let p = &transfer.payee;
    let account = p.account.fields();
    let address = p
        .account
        .address()
        .map(|a| {
            [
                a.country.as_str(),
                &a.address1,
                &a.building_number,
                &a.city,
                &a.postcode,
                &a.region,
            ]
            .join("\u{1f}")
        })
        .unwrap_or_default();
    let amount = transfer.amount.to_string();
    let fields = [
        from_account_id,
        amount.as_str(),
        transfer.currency.code(),
        transfer.scheme.as_str(),
        &p.name,
        p.kind.as_str(),
        account.iban.unwrap_or_default(),
        account.uk_sort_code.unwrap_or_default(),
        account.uk_account_number.unwrap_or_default(),
        account.bic.unwrap_or_default(),
        account.routing_code.unwrap_or_default(),
        &address,
        &transfer.reference,
        &attachments.join(","),
    ];
    let mut hash = Sha256::new();
    for field in fields {
        hash.update((field.len() as u64).to_be_bytes());
        hash.update(field.as_bytes());
    }
    hex::encode(hash.finalize())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::payments::recipient::PayeeType;

    fn local(amount: &str) -> TransferInput {
        TransferInput {
            amount: amount.into(),
            scheme: Some(Scheme::Local),
            payee: RecipientInput {
                name: "Acme Ltd".into(),
                kind: Some(PayeeType::Company),
                uk_sort_code: "20-00-00".into(),
                uk_account_number: "55779911".into(),
                reference: "Invoice 42".into(),
                ..Default::default()
            },
        }
    }

    #[test]
    fn a_local_transfer_is_parsed_exactly() {
        let checked = check(&local("1250.10"), Currency::Gbp, true).unwrap();
        assert_eq!(checked.amount, 125_010);
        assert_eq!(checked.payee_account(), "200000-55779911");
        assert_eq!(checked.reference, "Invoice 42");
    }

    #[test]
    fn amounts_must_be_positive_plain_decimals() {
        for bad in ["0", "0.00", "-5", "1.234", "1e3", "", "12,50"] {
            let errors = check(&local(bad), Currency::Gbp, true).unwrap_err();
            assert_eq!(errors["amount"], WRONG_AMOUNT, "{bad}");
        }
    }

    #[test]
    fn schemes_follow_the_paying_account() {
        let errors = check(&local("10"), Currency::Eur, true).unwrap_err();
        assert!(errors.contains_key("scheme"));
        let mut swift = local("10");
        swift.scheme = Some(Scheme::Swift);
        let errors = check(&swift, Currency::Usd, false).unwrap_err();
        assert_eq!(errors["scheme"], "SWIFT transfers are not available");
    }

    #[test]
    fn a_local_transfer_needs_a_reference() {
        let mut input = local("10");
        input.payee.reference.clear();
        let errors = check(&input, Currency::Gbp, true).unwrap_err();
        assert_eq!(errors["reference"], REQUIRED);
    }

    #[test]
    fn the_digest_tells_requests_apart() {
        let a = check(&local("10"), Currency::Gbp, true).unwrap();
        let b = check(&local("10.01"), Currency::Gbp, true).unwrap();
        assert_eq!(
            request_digest(&AccountId::from("acc"), &a, &[]),
            request_digest(&AccountId::from("acc"), &a, &[])
        );
        assert_ne!(
            request_digest(&AccountId::from("acc"), &a, &[]),
            request_digest(&AccountId::from("acc"), &b, &[])
        );
        assert_ne!(
            request_digest(&AccountId::from("acc"), &a, &[]),
            request_digest(&AccountId::from("acc"), &a, &["doc".into()])
        );
    }
}
