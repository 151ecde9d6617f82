//! The back office (DESIGN.md §1 `backoffice`, issue 32): the bank's own staff, what each role
//! may do, and what their actions record. Staff are not customers: nothing here knows profiles.

pub mod audit;
pub mod identity;
pub mod proposals;
pub mod staff;
pub mod suspense;
