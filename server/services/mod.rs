//! Use cases, between the API's handlers and storage (DESIGN.md §1): one module per area, one
//! function per use case. A service runs its use case in one database transaction through
//! `store`, asks `domain` for every decision, and answers with its own error enum, which the API
//! turns into SPEC §8's answer in one place (`api/error.rs`). Jobs, webhooks and sandbox
//! providers call services, never handlers.

pub mod accounts;
pub mod auth;
pub mod backoffice;
pub mod cards;
pub mod engagement;
pub mod exchange;
pub mod invoices;
pub mod lending;
pub mod messages;
pub mod onboarding;
pub mod outside_parties;
pub mod payments;
pub mod profiles;
pub mod support;
pub mod users;

/// The bank's storage handle, as handlers pass it to services.
pub use crate::store::Db;

/// Whether a storage error means the database went away (a failover or restart), which the
/// API answers 503 with `Retry-After`: the store's one list of such errors.
pub use crate::store::database_away;
