//! Users' use cases: registration.

pub mod registration;
