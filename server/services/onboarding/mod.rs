//! Onboarding's use cases.

pub mod fee;
