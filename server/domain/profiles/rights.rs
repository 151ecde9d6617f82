//! SPEC §6 as one model: what a route of the bank (an API call or a page) needs of the person
//! calling it, and whether a member of a profile meets it. The table that gives every route its
//! need is `api::rights`; the app mirrors these rules only to hide what cannot be used.

use super::access::{Access, Right, Section};
use crate::domain::engagement::features::Flag;

/// What a route needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    /// Anyone: the log-in, public pages and reference data.
    Public,
    /// Anyone, the caller proving itself another way: a provider's signed webhook, an
    /// operator's token. The handler checks that proof.
    Signed,
    /// A signed-in person, whatever their profile (their own user, onboarding, passkeys).
    User,
    /// A member of the selected profile who meets the rule.
    Member(Rule),
    /// A member of the bank's staff whose role carries the duty (the back office, issue 32):
    /// never a customer's session.
    Staff(crate::domain::backoffice::staff::Duty),
}

/// SPEC §6 and §2's route guards for a member of a profile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    /// A right (admin has all of them).
    pub right: Option<Right>,
    /// Roles none and card_user load no accounts.
    pub accounts: bool,
    pub business: bool,
    /// Primary account in GBP.
    pub uk_primary: bool,
    /// The account is ready (validation complete).
    pub complete: bool,
    /// The Account Owner only.
    pub admin: bool,
    /// A feature flag of SPEC §1 that must be on.
    pub flag: Option<Flag>,
}

impl Rule {
    /// Any member of the profile.
    pub const MEMBER: Rule = Rule {
        right: None,
        accounts: false,
        business: false,
        uk_primary: false,
        complete: false,
        admin: false,
        flag: None,
    };
    /// A member whose role loads the profile's accounts.
    pub const ACCOUNTS: Rule = Rule {
        accounts: true,
        ..Rule::MEMBER
    };

    pub const fn read(section: Section) -> Rule {
        Rule {
            right: Some(Right::read(section)),
            ..Rule::ACCOUNTS
        }
    }

    pub const fn full(section: Section) -> Rule {
        Rule {
            right: Some(Right::full(section)),
            ..Rule::ACCOUNTS
        }
    }

    pub const fn owner() -> Rule {
        Rule {
            admin: true,
            ..Rule::ACCOUNTS
        }
    }

    pub const fn complete(self) -> Rule {
        Rule {
            complete: true,
            ..self
        }
    }

    /// The same rule with its right's read level: seeing what applying needs in full.
    pub const fn read_level(self) -> Rule {
        match self.right {
            Some(right) => Rule {
                right: Some(Right::read(right.section)),
                ..self
            },
            None => self,
        }
    }

    pub const fn business(self) -> Rule {
        Rule {
            business: true,
            ..self
        }
    }

    pub const fn uk_primary(self) -> Rule {
        Rule {
            uk_primary: true,
            ..self
        }
    }

    pub const fn flag(self, flag: Flag) -> Rule {
        Rule {
            flag: Some(flag),
            ..self
        }
    }

    /// Whether a member with these facts meets the rule.
    pub fn allows(&self, facts: &Facts<'_>) -> bool {
        let access = facts.access;
        (!self.accounts || access.loads_accounts())
            && self.right.is_none_or(|right| access.allows(right))
            && (!self.admin || access.is_admin())
            && (!self.business || facts.business)
            && (!self.uk_primary || facts.uk_primary)
            && (!self.complete || facts.complete)
            && self.flag.is_none_or(|flag| (facts.flag_on)(flag))
    }
}

/// What the rules are checked against: the member's access to the selected profile, and the
/// profile's and bank's state.
pub struct Facts<'a> {
    pub access: &'a Access,
    pub business: bool,
    pub uk_primary: bool,
    pub complete: bool,
    pub flag_on: &'a dyn Fn(Flag) -> bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::profiles::access::Role;

    fn facts<'a>(access: &'a Access, flags: &'a dyn Fn(Flag) -> bool) -> Facts<'a> {
        Facts {
            access,
            business: true,
            uk_primary: true,
            complete: true,
            flag_on: flags,
        }
    }

    fn access(role: Role, rights: &[&str]) -> Access {
        Access::new(
            role,
            &rights.iter().map(|r| r.to_string()).collect::<Vec<_>>(),
        )
    }

    #[test]
    fn each_role_meets_the_rules_its_rights_give() {
        let on = |_: Flag| true;
        let admin = access(Role::Admin, &[]);
        let cfo = access(Role::Cfo, &["transaction:r", "invoice:rw"]);
        let card_user = access(Role::CardUser, &["transaction:rw"]);
        let none = access(Role::None, &[]);
        let pay = Rule::full(Section::Transaction);
        let read = Rule::read(Section::Transaction);
        assert!(pay.allows(&facts(&admin, &on)));
        assert!(!pay.allows(&facts(&cfo, &on)));
        assert!(read.allows(&facts(&cfo, &on)));
        // Card users and none load no accounts, whatever rights they hold.
        assert!(!read.allows(&facts(&card_user, &on)));
        assert!(!Rule::ACCOUNTS.allows(&facts(&none, &on)));
        assert!(Rule::MEMBER.allows(&facts(&none, &on)));
        assert!(!Rule::owner().allows(&facts(&cfo, &on)));
        assert!(Rule::full(Section::Invoice).allows(&facts(&cfo, &on)));
    }

    #[test]
    fn profile_state_and_flags_narrow_a_rule() {
        let admin = access(Role::Admin, &[]);
        let on = |_: Flag| true;
        let off = |flag: Flag| flag != Flag::CurrencyExchange;
        let rule = Rule::full(Section::Transaction).flag(Flag::CurrencyExchange);
        assert!(rule.allows(&facts(&admin, &on)));
        assert!(!rule.allows(&facts(&admin, &off)));
        let personal = Facts {
            business: false,
            ..facts(&admin, &on)
        };
        assert!(!Rule::ACCOUNTS.business().allows(&personal));
        let euro = Facts {
            uk_primary: false,
            ..facts(&admin, &on)
        };
        assert!(!Rule::ACCOUNTS.uk_primary().allows(&euro));
        let pending = Facts {
            complete: false,
            ..facts(&admin, &on)
        };
        assert!(!Rule::read(Section::Transaction).complete().allows(&pending));
        assert!(Rule::read(Section::Transaction).allows(&pending));
    }
}
