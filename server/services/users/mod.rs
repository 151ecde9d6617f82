//! Users' use cases: registration, and the person's details and address.

pub mod person;
pub mod policies;
pub mod registration;
