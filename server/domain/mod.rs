//! Banking rules, free of HTTP and SQL. One folder per area, named as in DESIGN.md §1.
pub mod accounts;
pub mod auth;
pub mod engagement;
pub mod london;
pub mod onboarding;
pub mod paging;
pub mod profiles;
