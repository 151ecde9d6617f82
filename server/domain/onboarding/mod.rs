pub mod addresses;
pub mod countries;
pub mod person;
