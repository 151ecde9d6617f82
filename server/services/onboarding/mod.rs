//! Onboarding's use cases.

pub mod fee;
pub mod review;
pub mod steps;
