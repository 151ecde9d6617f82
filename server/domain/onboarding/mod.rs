pub mod addresses;
pub mod business;
pub mod business_options;
pub mod countries;
pub mod journey;
pub mod kyc;
pub mod person;
pub mod phone;
