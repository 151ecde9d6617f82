pub mod addresses;
pub mod countries;
pub mod kyc;
pub mod person;
