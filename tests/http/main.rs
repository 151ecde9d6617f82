//! HTTP tests through the real router (no socket), one test binary.

mod api;
mod helpers;
mod outbox;
mod pages;
mod sessions;
