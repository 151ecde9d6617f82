//! HTTP tests through the real router (no socket), one test binary.

mod accounts;
mod activation;
mod api;
mod auth;
mod client_identity;
mod codes;
mod connections;
mod contract;
mod helpers;
mod identity;
mod ledger;
mod onboarding;
mod onboarding_pages;
mod outbox;
mod pages;
mod passkeys;
mod password_reset;
mod profiles;
mod rate_limits;
mod recipients;
mod robustness;
mod sessions;
mod signup;
mod spec_rules;
mod statements;
mod transfer_fees;
