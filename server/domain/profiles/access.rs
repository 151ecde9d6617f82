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

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Access {
    role: Role,
    rights: Vec<(String, Level)>,
}

impl Access {
    pub fn new(role: Role, rights: &[String]) -> Self {
        let rights = rights
            .iter()
            .filter_map(|right| {
                let (section, level) = right.split_once(':')?;
                let level = match level {
                    "rw" => Level::Full,
                    "r" => Level::Read,
                    _ => return None,
                };
                Some((section.to_string(), level))
            })
            .collect();
        Self { role, rights }
    }

    pub fn is_admin(&self) -> bool {
        self.role == Role::Admin
    }

    pub fn allows(&self, section: &str, level: Level) -> bool {
        if self.is_admin() {
            return true;
        }
        self.rights
            .iter()
            .any(|(s, l)| s == section && (level == Level::Read || *l == Level::Full))
    }

    /// Accounts and balances are loaded for every role but none and card_user.
    pub fn loads_accounts(&self) -> bool {
        !matches!(self.role, Role::None | Role::CardUser)
    }

    /// Transactions and statements need the transaction right on top of seeing accounts.
    pub fn reads_transactions(&self) -> bool {
        self.loads_accounts() && self.allows("transaction", Level::Read)
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
        assert!(admin.allows("transaction", Level::Full));
        assert!(admin.reads_transactions());
    }

    #[test]
    fn rights_grant_their_section_and_level() {
        let accountant = access("accountant", &["transaction:r", "invoice:rw"]);
        assert!(accountant.allows("transaction", Level::Read));
        assert!(!accountant.allows("transaction", Level::Full));
        assert!(accountant.allows("invoice", Level::Full));
        assert!(!accountant.allows("loan", Level::Read));
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
