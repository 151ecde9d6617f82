//! Where a payee's money goes, one shape per payment type (SPEC §3 Recipient, checked by §5):
//! a UK account is a sort code and an account number, a SEPA account an IBAN and its bank's BIC,
//! a SWIFT account an IBAN or an account number with its routing code, a BIC and the payee's
//! address. No combination of optional fields can stand for half of one and half of another.

use super::payee::Scheme;
use super::recipient::SwiftAddress;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PayeeAccount {
    Uk {
        sort_code: String,
        account_number: String,
    },
    Sepa {
        iban: String,
        bic: String,
    },
    Swift {
        account: SwiftAccountNumber,
        bic: String,
        address: SwiftAddress,
    },
}

/// A SWIFT payee's account: an IBAN where the country has them, else a local number that a
/// routing code (SPEC §5: required with an account number) leads to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SwiftAccountNumber {
    Iban(String),
    Local {
        number: String,
        routing_code: String,
    },
}

/// The account as the API's flat fields and the store's columns carry it: `iban` holds a SWIFT
/// account number too, told apart by its routing code.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AccountFields<'a> {
    pub iban: Option<&'a str>,
    pub uk_sort_code: Option<&'a str>,
    pub uk_account_number: Option<&'a str>,
    pub bic: Option<&'a str>,
    pub routing_code: Option<&'a str>,
}

impl PayeeAccount {
    pub fn scheme(&self) -> Scheme {
        match self {
            Self::Uk { .. } => Scheme::Local,
            Self::Sepa { .. } => Scheme::Sepa,
            Self::Swift { .. } => Scheme::Swift,
        }
    }

    /// The account as the bank routes it, the part of the payee an approval binds:
    /// `sortcode-number`, `number/routing` or the IBAN.
    pub fn routed(&self) -> String {
        match self {
            Self::Uk {
                sort_code,
                account_number,
            } => format!("{sort_code}-{account_number}"),
            Self::Sepa { iban, .. }
            | Self::Swift {
                account: SwiftAccountNumber::Iban(iban),
                ..
            } => iban.clone(),
            Self::Swift {
                account:
                    SwiftAccountNumber::Local {
                        number,
                        routing_code,
                    },
                ..
            } => format!("{number}/{routing_code}"),
        }
    }

    /// The IBAN, when the account is one.
    pub fn iban(&self) -> Option<&str> {
        match self {
            Self::Sepa { iban, .. }
            | Self::Swift {
                account: SwiftAccountNumber::Iban(iban),
                ..
            } => Some(iban),
            _ => None,
        }
    }

    /// The BIC of the payee's bank (SEPA and SWIFT).
    pub fn bic(&self) -> Option<&str> {
        match self {
            Self::Uk { .. } => None,
            Self::Sepa { bic, .. } | Self::Swift { bic, .. } => Some(bic),
        }
    }

    /// The payee's postal address, which SWIFT transfers carry.
    pub fn address(&self) -> Option<&SwiftAddress> {
        match self {
            Self::Swift { address, .. } => Some(address),
            _ => None,
        }
    }

    pub fn fields(&self) -> AccountFields<'_> {
        match self {
            Self::Uk {
                sort_code,
                account_number,
            } => AccountFields {
                uk_sort_code: Some(sort_code),
                uk_account_number: Some(account_number),
                ..AccountFields::default()
            },
            Self::Sepa { iban, bic } => AccountFields {
                iban: Some(iban),
                bic: Some(bic),
                ..AccountFields::default()
            },
            Self::Swift { account, bic, .. } => match account {
                SwiftAccountNumber::Iban(iban) => AccountFields {
                    iban: Some(iban),
                    bic: Some(bic),
                    ..AccountFields::default()
                },
                SwiftAccountNumber::Local {
                    number,
                    routing_code,
                } => AccountFields {
                    iban: Some(number),
                    bic: Some(bic),
                    routing_code: Some(routing_code),
                    ..AccountFields::default()
                },
            },
        }
    }

    /// The account that stored fields of `scheme` describe; None when they do not make one
    /// (a damaged row), so the store can refuse it loudly instead of guessing.
    pub fn from_fields(
        scheme: Scheme,
        fields: AccountFields<'_>,
        address: Option<SwiftAddress>,
    ) -> Option<Self> {
        let text = |value: Option<&str>| value.filter(|v| !v.is_empty()).map(str::to_string);
        Some(match scheme {
            Scheme::Local => Self::Uk {
                sort_code: text(fields.uk_sort_code)?,
                account_number: text(fields.uk_account_number)?,
            },
            Scheme::Sepa => Self::Sepa {
                iban: text(fields.iban)?,
                bic: text(fields.bic)?,
            },
            Scheme::Swift => Self::Swift {
                account: match text(fields.routing_code) {
                    Some(routing_code) => SwiftAccountNumber::Local {
                        number: text(fields.iban)?,
                        routing_code,
                    },
                    None => SwiftAccountNumber::Iban(text(fields.iban)?),
                },
                bic: text(fields.bic)?,
                address: address?,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn address() -> SwiftAddress {
        SwiftAddress {
            country: "US".into(),
            address1: "Park Avenue".into(),
            building_number: "383".into(),
            city: "New York".into(),
            postcode: String::new(),
            region: String::new(),
        }
    }

    #[test]
    fn each_shape_reads_back_from_its_fields() {
        let accounts = [
            PayeeAccount::Uk {
                sort_code: "200000".into(),
                account_number: "55779911".into(),
            },
            PayeeAccount::Sepa {
                iban: "DE89370400440532013000".into(),
                bic: "COBADEFFXXX".into(),
            },
            PayeeAccount::Swift {
                account: SwiftAccountNumber::Local {
                    number: "123456789".into(),
                    routing_code: "021000021".into(),
                },
                bic: "CHASUS33".into(),
                address: address(),
            },
            PayeeAccount::Swift {
                account: SwiftAccountNumber::Iban("DE89370400440532013000".into()),
                bic: "COBADEFFXXX".into(),
                address: address(),
            },
        ];
        for account in accounts {
            let again = PayeeAccount::from_fields(
                account.scheme(),
                account.fields(),
                account.address().cloned(),
            );
            assert_eq!(again.as_ref(), Some(&account));
        }
    }

    #[test]
    fn fields_that_make_no_account_are_refused() {
        let half_uk = AccountFields {
            uk_sort_code: Some("200000"),
            ..AccountFields::default()
        };
        assert_eq!(
            PayeeAccount::from_fields(Scheme::Local, half_uk, None),
            None
        );
        let sepa_without_bic = AccountFields {
            iban: Some("DE89370400440532013000"),
            ..AccountFields::default()
        };
        assert_eq!(
            PayeeAccount::from_fields(Scheme::Sepa, sepa_without_bic, None),
            None
        );
        let swift_without_address = AccountFields {
            iban: Some("DE89370400440532013000"),
            bic: Some("COBADEFFXXX"),
            ..AccountFields::default()
        };
        assert_eq!(
            PayeeAccount::from_fields(Scheme::Swift, swift_without_address, None),
            None
        );
    }

    #[test]
    fn the_routed_account_names_what_an_approval_binds() {
        let uk = PayeeAccount::Uk {
            sort_code: "200000".into(),
            account_number: "55779911".into(),
        };
        assert_eq!(uk.routed(), "200000-55779911");
        let local = PayeeAccount::Swift {
            account: SwiftAccountNumber::Local {
                number: "123456789".into(),
                routing_code: "021000021".into(),
            },
            bic: "CHASUS33".into(),
            address: address(),
        };
        assert_eq!(local.routed(), "123456789/021000021");
        assert_eq!(local.iban(), None);
    }
}
