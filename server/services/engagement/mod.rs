//! Engagement's use cases: the feature flags as they stand, promos, and the system settings
//! (SPEC §3).

pub mod features;
pub mod promos;
pub mod referrals;
pub mod reviews;
pub mod settings;
