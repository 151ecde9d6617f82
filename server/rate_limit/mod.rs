//! One rate-limit policy for the whole bank: the table below names every limit with the kind of
//! key it counts, how many hits it allows and over which window. Call sites name a limit from it,
//! never a number. Counts live where every bank process sees them: in Redis when
//! `BANK_REDIS_URL` is set, else in the database on PostgreSQL; only the embedded SQLite bank (one
//! process by construction) counts in memory.

mod memory;
mod redis;

use std::sync::Arc;
use std::time::Duration;

use crate::config::Config;
use crate::domain::auth::email::Email;
use crate::domain::clock::Clock;
use crate::store::{self, Backend, Db};

/// What a limit counts against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyKind {
    /// The caller's address (an IPv6 /64), after trusted proxies.
    Ip,
    /// An email address someone typed: the account it would reach.
    Email,
    /// A signed-in or identified user.
    User,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    LoginPerIp,
    LoginPerAccount,
    CodeChecksPerIp,
    CodeResendsPerUser,
    RefreshPerIp,
    SignupEmailsPerIp,
    SignupEmailsPerAddress,
    SignupChecksPerIp,
    SignupAccountsPerIp,
    ForgotPerIp,
    ForgotPerAccount,
    ResetPerIp,
    CompanySearchesPerUser,
    AddressSearchesPerUser,
    PayeeChecksPerUser,
    IdentityTokensPerUser,
    TransferApprovalsPerUser,
    ExchangeQuotesPerUser,
    UploadChunksPerUser,
    InvitationsPerUser,
    InvitationsPerAddress,
    RecipientsPerUser,
    InvoiceEmailsPerUser,
    InvoiceEmailsPerAddress,
    FinanceApplicationsPerUser,
    ContactMessagesPerUser,
    CallBacksPerIp,
    ChatMessagesPerUser,
    ReferralInvitesPerUser,
    ReferralInvitesPerAddress,
    StaffLogInsPerIp,
}

pub struct Policy {
    pub limit: Limit,
    pub name: &'static str,
    pub key: KeyKind,
    pub count: u32,
    pub window: Duration,
}

const MINUTE: u64 = 60;

const fn policy(
    limit: Limit,
    name: &'static str,
    key: KeyKind,
    count: u32,
    minutes: u64,
) -> Policy {
    Policy {
        limit,
        name,
        key,
        count,
        window: Duration::from_secs(minutes * MINUTE),
    }
}

/// Every limit of the bank, in one place.
pub const POLICIES: [Policy; 31] = [
    policy(Limit::LoginPerIp, "login-ip", KeyKind::Ip, 30, 15),
    policy(
        Limit::LoginPerAccount,
        "login-account",
        KeyKind::Email,
        10,
        15,
    ),
    // SMS codes and passkey answers of log-in approvals.
    policy(Limit::CodeChecksPerIp, "mfa-ip", KeyKind::Ip, 60, 15),
    policy(Limit::CodeResendsPerUser, "mfa-resend", KeyKind::User, 3, 5),
    policy(Limit::RefreshPerIp, "refresh-ip", KeyKind::Ip, 120, 15),
    policy(Limit::SignupEmailsPerIp, "signup-ip", KeyKind::Ip, 20, 15),
    policy(
        Limit::SignupEmailsPerAddress,
        "signup-email",
        KeyKind::Email,
        5,
        15,
    ),
    policy(
        Limit::SignupChecksPerIp,
        "signup-verify-ip",
        KeyKind::Ip,
        60,
        15,
    ),
    // Creating the account hashes a password: the limit comes before that work.
    policy(
        Limit::SignupAccountsPerIp,
        "signup-create-ip",
        KeyKind::Ip,
        20,
        15,
    ),
    policy(Limit::ForgotPerIp, "forgot-ip", KeyKind::Ip, 10, 15),
    policy(
        Limit::ForgotPerAccount,
        "forgot-account",
        KeyKind::Email,
        3,
        15,
    ),
    policy(Limit::ResetPerIp, "reset-ip", KeyKind::Ip, 20, 15),
    // A search may cost a call to the company register, whose quota the bank shares.
    policy(
        Limit::CompanySearchesPerUser,
        "company-search",
        KeyKind::User,
        120,
        15,
    ),
    // A postcode found costs a look-up from the bank's balance with the address service.
    policy(
        Limit::AddressSearchesPerUser,
        "address-search",
        KeyKind::User,
        60,
        15,
    ),
    // Each Confirmation of Payee check may cost a call to the payee's bank.
    policy(
        Limit::PayeeChecksPerUser,
        "payee-check",
        KeyKind::User,
        60,
        15,
    ),
    // Each widget token may cost a call to the identity provider.
    policy(
        Limit::IdentityTokensPerUser,
        "identity-token",
        KeyKind::User,
        30,
        15,
    ),
    // Each transfer approval sends an SMS or starts a passkey ceremony; a business paying a
    // batch of invoices asks for many in a row.
    policy(
        Limit::TransferApprovalsPerUser,
        "transfer-approval",
        KeyKind::User,
        60,
        15,
    ),
    // Each quote is a row held until a day after it expires. The converter asks every 25 s and
    // as the amount is typed: a customer comes nowhere near this; a script asking in a loop does.
    policy(
        Limit::ExchangeQuotesPerUser,
        "exchange-quote",
        KeyKind::User,
        300,
        15,
    ),
    // Each chunk of an attachment is stored until the transfer is sent or the upload swept: a
    // 10 MB file is ten chunks; a script filling the database is stopped.
    policy(
        Limit::UploadChunksPerUser,
        "document-upload",
        KeyKind::User,
        120,
        15,
    ),
    // Invitations and resends email someone else: a team is invited a few people at a time,
    // and nobody's inbox is flooded from the bank (the per-address count catches resends).
    policy(
        Limit::InvitationsPerUser,
        "invitation",
        KeyKind::User,
        30,
        60,
    ),
    policy(
        Limit::InvitationsPerAddress,
        "invitation-email",
        KeyKind::Email,
        3,
        60,
    ),
    // Saved payees are rows of the profile's list; a business adds a few at a time.
    policy(
        Limit::RecipientsPerUser,
        "recipient-save",
        KeyKind::User,
        60,
        15,
    ),
    // Invoices and credit notes email a business's clients: a busy month's billing in an hour,
    // but no client's inbox flooded by sending the same invoice again and again.
    policy(
        Limit::InvoiceEmailsPerUser,
        "invoice-email",
        KeyKind::User,
        200,
        60,
    ),
    policy(
        Limit::InvoiceEmailsPerAddress,
        "invoice-email-address",
        KeyKind::Email,
        10,
        60,
    ),
    // Each application, mortgage step and merchant form reaches a lender or an acquirer, or
    // keeps a draft: a business sends a handful, a script sending them in a loop is stopped.
    policy(
        Limit::FinanceApplicationsPerUser,
        "finance-application",
        KeyKind::User,
        30,
        60,
    ),
    // Each message is kept for support and acknowledged by email to the address given: a
    // customer writes a few; a script filling support's queue or someone's inbox is stopped.
    policy(
        Limit::ContactMessagesPerUser,
        "contact-message",
        KeyKind::User,
        5,
        60,
    ),
    // A call-back request comes from someone not signed in, and is acknowledged by email: a
    // business asks once or twice; a script filling the team's queue is stopped.
    policy(Limit::CallBacksPerIp, "call-back-ip", KeyKind::Ip, 5, 60),
    // A chat is a conversation, not a form: a person writes a line at a time, quickly; a script
    // filling support's inbox is stopped.
    policy(
        Limit::ChatMessagesPerUser,
        "chat-message",
        KeyKind::User,
        60,
        60,
    ),
    // Each referral invitation is an email to someone who is not a customer: a person invites
    // a handful of friends; nobody's inbox is filled by invitations.
    policy(
        Limit::ReferralInvitesPerUser,
        "referral-invite",
        KeyKind::User,
        20,
        60,
    ),
    policy(
        Limit::ReferralInvitesPerAddress,
        "referral-invite-address",
        KeyKind::Email,
        3,
        24 * 60,
    ),
    // The back office's passkey ceremonies (enrolment and log-in), started or answered: a
    // member of staff signs in a few times a day; guessing at staff emails is stopped.
    policy(
        Limit::StaffLogInsPerIp,
        "staff-login-ip",
        KeyKind::Ip,
        20,
        15,
    ),
];

impl Limit {
    pub fn policy(self) -> &'static Policy {
        POLICIES
            .iter()
            .find(|p| p.limit == self)
            .expect("every limit has a row in POLICIES (checked by a test)")
    }
}

/// Something a limit can count against.
pub trait Subject {
    const KIND: KeyKind;
    fn key(&self) -> String;
}

impl Subject for Email {
    const KIND: KeyKind = KeyKind::Email;
    fn key(&self) -> String {
        self.as_str().to_string()
    }
}

/// A user by id.
pub struct UserKey<'a>(pub &'a str);

impl Subject for UserKey<'_> {
    const KIND: KeyKind = KeyKind::User;
    fn key(&self) -> String {
        self.0.to_string()
    }
}

enum Counter {
    Memory(memory::Windows),
    Database(Db),
    Redis(redis::RedisCounter),
}

/// Why a hit was not counted as allowed.
#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    /// Past the limit: the caller may try again after this many seconds.
    #[error("too many requests; retry in {0} s")]
    TooMany(u64),
    /// The counter could not be read or the call site named the wrong kind of key.
    #[error(transparent)]
    Counter(#[from] anyhow::Error),
}

impl From<sqlx::Error> for Refusal {
    fn from(error: sqlx::Error) -> Self {
        Self::Counter(error.into())
    }
}

pub struct RateLimiter {
    counter: Counter,
    /// The bank's clock: windows open and end by it.
    clock: Clock,
}

impl RateLimiter {
    /// Redis when configured, else the database on PostgreSQL, else memory (embedded SQLite).
    pub fn for_config(config: &Config, db: &Db) -> anyhow::Result<Self> {
        let counter = if let Some(url) = &config.redis_url {
            Counter::Redis(redis::RedisCounter::new(url)?)
        } else if db.backend == Backend::Postgres {
            Counter::Database(db.clone())
        } else {
            Counter::Memory(memory::Windows::default())
        };
        Ok(Self {
            counter,
            clock: db.clock.clone(),
        })
    }

    pub fn in_memory() -> Self {
        Self {
            counter: Counter::Memory(memory::Windows::default()),
            clock: Clock::system(),
        }
    }

    pub fn backend_name(&self) -> &'static str {
        match self.counter {
            Counter::Memory(_) => "memory",
            Counter::Database(_) => "database",
            Counter::Redis(_) => "redis",
        }
    }

    /// Counts one hit of `limit` on `subject`; past the limit, 429 with `Retry-After`.
    pub async fn check<S: Subject>(&self, limit: Limit, subject: &S) -> Result<(), Refusal> {
        let policy = limit.policy();
        if policy.key != S::KIND {
            // A call site naming the wrong kind of key is a bug; refusing is the safe side.
            return Err(Refusal::Counter(anyhow::anyhow!(
                "limit {} counts {:?} keys, not {:?}",
                policy.name,
                policy.key,
                S::KIND
            )));
        }
        let key = format!("{}:{}", policy.name, subject.key());
        let window_ms = policy.window.as_millis() as i64;
        let now = self.clock.now_ms();
        let (hits, ends_at) = match &self.counter {
            Counter::Memory(windows) => windows.hit(&key, window_ms, now),
            Counter::Database(db) => store::rate_limits::hit(db, &key, window_ms, now).await?,
            Counter::Redis(redis) => redis.hit(&key, window_ms, now).await?,
        };
        if hits > i64::from(policy.count) {
            let left_ms = (ends_at - now).max(0);
            return Err(Refusal::TooMany((left_ms as u64).div_ceil(1000).max(1)));
        }
        Ok(())
    }

    /// Drops ended windows kept in the database; the other counters expire on their own.
    pub async fn sweep(&self) -> Result<u64, sqlx::Error> {
        match &self.counter {
            Counter::Database(db) => store::rate_limits::sweep(db, self.clock.now_ms()).await,
            Counter::Memory(windows) => {
                windows.sweep(self.clock.now_ms());
                Ok(0)
            }
            Counter::Redis(_) => Ok(0),
        }
    }
}

pub type SharedLimiter = Arc<RateLimiter>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_limit_has_one_row() {
        let all = [
            Limit::LoginPerIp,
            Limit::LoginPerAccount,
            Limit::CodeChecksPerIp,
            Limit::CodeResendsPerUser,
            Limit::RefreshPerIp,
            Limit::SignupEmailsPerIp,
            Limit::SignupEmailsPerAddress,
            Limit::SignupChecksPerIp,
            Limit::SignupAccountsPerIp,
            Limit::ForgotPerIp,
            Limit::ForgotPerAccount,
            Limit::ResetPerIp,
            Limit::CompanySearchesPerUser,
            Limit::AddressSearchesPerUser,
            Limit::PayeeChecksPerUser,
            Limit::IdentityTokensPerUser,
            Limit::TransferApprovalsPerUser,
            Limit::ExchangeQuotesPerUser,
            Limit::UploadChunksPerUser,
            Limit::InvitationsPerUser,
            Limit::InvitationsPerAddress,
            Limit::RecipientsPerUser,
            Limit::InvoiceEmailsPerUser,
            Limit::InvoiceEmailsPerAddress,
            Limit::FinanceApplicationsPerUser,
            Limit::ContactMessagesPerUser,
            Limit::CallBacksPerIp,
            Limit::ChatMessagesPerUser,
            Limit::ReferralInvitesPerUser,
            Limit::ReferralInvitesPerAddress,
            Limit::StaffLogInsPerIp,
        ];
        assert_eq!(all.len(), POLICIES.len());
        for limit in all {
            assert_eq!(POLICIES.iter().filter(|p| p.limit == limit).count(), 1);
        }
        let mut names: Vec<_> = POLICIES.iter().map(|p| p.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), POLICIES.len(), "names key the counts apart");
    }

    struct Address(&'static str);

    impl Subject for Address {
        const KIND: KeyKind = KeyKind::Ip;
        fn key(&self) -> String {
            self.0.to_string()
        }
    }

    #[tokio::test]
    async fn the_limit_then_retry_after_and_keys_apart() {
        let limiter = RateLimiter::in_memory();
        let ip = Address("192.0.2.1");
        for _ in 0..30 {
            limiter.check(Limit::LoginPerIp, &ip).await.unwrap();
        }
        match limiter.check(Limit::LoginPerIp, &ip).await {
            Err(Refusal::TooMany(seconds)) => assert!((890..=900).contains(&seconds)),
            other => panic!("expected 429, got {other:?}"),
        }
        let other = Address("192.0.2.2");
        limiter.check(Limit::LoginPerIp, &other).await.unwrap();
        limiter
            .check(Limit::ForgotPerIp, &ip)
            .await
            .expect("another limit counts apart");
    }

    #[tokio::test]
    async fn a_key_of_the_wrong_kind_is_refused() {
        let limiter = RateLimiter::in_memory();
        assert!(matches!(
            limiter.check(Limit::LoginPerIp, &UserKey("u1")).await,
            Err(Refusal::Counter(_))
        ));
    }
}
