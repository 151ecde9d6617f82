//! Engagement's use cases: the feature flags as they stand, promos, system events and surveys
//! (SPEC §3 settings), referrals and reviews.

pub mod events;
pub mod features;
pub mod promos;
pub mod referrals;
pub mod reviews;
