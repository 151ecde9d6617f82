pub mod countries;
