//! SPEC §6: admin has full access everywhere; otherwise rights come from 'section:level' strings
//! ('transaction:r', 'invoice:rw', ...), where a section is allowed if the right exists and full
//! access requires 'rw'. Roles none and card_user load no accounts.

crate::domain::named_enum! {
    /// SPEC §6 roles; admin is shown as Account Owner.
    pub enum Role {
        None = "none",
        Admin = "admin",
        Director = "director",
        Cfo = "cfo",
        Accountant = "accountant",
        Custom = "custom",
        CardUser = "card_user",
        User = "user",
    }
}

crate::domain::named_enum! {
    /// SPEC §3 "Profile" type.
    pub enum ProfileType {
        Business = "business",
        Personal = "personal",
    }
}

impl Role {
    /// An unknown stored role grants nothing.
    pub fn stored(text: &str) -> Self {
        Self::parse(text).unwrap_or_else(|| {
            tracing::error!(role = text, "unknown stored role, treated as none");
            Self::None
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    Read,
    Full,
}

crate::domain::named_enum! {
    /// SPEC §6 sections a right may name.
    pub enum Section {
        Transaction = "transaction",
        Invoice = "invoice",
        Mortgage = "mortgage",
        Loan = "loan",
        Merchant = "merchant",
        Factoring = "factoring",
        Card = "card",
        CardOrder = "card_order",
    }
}

/// SPEC §6: a right to a section, read or full; written `section:r` or `section:rw` where it is
/// stored and where the API carries it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Right {
    pub section: Section,
    pub level: Level,
}

impl Right {
    pub const fn read(section: Section) -> Self {
        Self {
            section,
            level: Level::Read,
        }
    }

    pub const fn full(section: Section) -> Self {
        Self {
            section,
            level: Level::Full,
        }
    }

    /// A right as written; none for a section or level SPEC does not name.
    pub fn parse(text: &str) -> Option<Self> {
        let (section, level) = text.split_once(':')?;
        let level = match level {
            "rw" => Level::Full,
            "r" => Level::Read,
            _ => return None,
        };
        Some(Self {
            section: Section::parse(section)?,
            level,
        })
    }

    pub fn text(self) -> String {
        let level = match self.level {
            Level::Read => "r",
            Level::Full => "rw",
        };
        format!("{}:{level}", self.section)
    }

    /// Whether holding this right grants `wanted`: its section, at its level or below.
    fn grants(self, wanted: Right) -> bool {
        self.section == wanted.section && (wanted.level == Level::Read || self.level == Level::Full)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Access {
    role: Role,
    rights: Vec<Right>,
}

impl Access {
    /// The access a member's stored role and rights give. A stored right this code does not
    /// know grants nothing.
    pub fn new(role: Role, rights: &[String]) -> Self {
        let rights = rights.iter().filter_map(|r| Right::parse(r)).collect();
        Self { role, rights }
    }

    pub fn is_admin(&self) -> bool {
        self.role == Role::Admin
    }

    pub fn allows(&self, wanted: Right) -> bool {
        self.is_admin() || self.rights.iter().any(|held| held.grants(wanted))
    }

    /// Accounts and balances are loaded for every role but none and card_user.
    pub fn loads_accounts(&self) -> bool {
        !matches!(self.role, Role::None | Role::CardUser)
    }

    /// Transactions and statements need the transaction right on top of seeing accounts.
    pub fn reads_transactions(&self) -> bool {
        self.loads_accounts() && self.allows(Right::read(Section::Transaction))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn access(role: &str, rights: &[&str]) -> Access {
        Access::new(
            Role::parse(role).unwrap(),
            &rights.iter().map(|r| r.to_string()).collect::<Vec<_>>(),
        )
    }

    #[test]
    fn admin_may_do_everything() {
        let admin = access("admin", &[]);
        assert!(admin.allows(Right::full(Section::Transaction)));
        assert!(admin.reads_transactions());
    }

    #[test]
    fn rights_grant_their_section_and_level() {
        let accountant = access("accountant", &["transaction:r", "invoice:rw"]);
        assert!(accountant.allows(Right::read(Section::Transaction)));
        assert!(!accountant.allows(Right::full(Section::Transaction)));
        assert!(accountant.allows(Right::full(Section::Invoice)));
        assert!(!accountant.allows(Right::read(Section::Loan)));
        assert!(accountant.reads_transactions());
    }

    #[test]
    fn card_users_and_none_see_no_accounts() {
        for role in ["none", "card_user"] {
            let limited = access(role, &["transaction:rw"]);
            assert!(!limited.loads_accounts());
            assert!(!limited.reads_transactions());
        }
        assert!(!access("user", &[]).reads_transactions());
    }
}
