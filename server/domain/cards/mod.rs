//! Payment cards (issue 14): the bank's own sandbox card programme. Numbers and codes
//! (`number`, `cvv`), numbers sealed at rest (`sealed`), the card's life and ordering rules
//! (`status`), and controls, limits and the authorisation decision (`controls`).

pub mod access;
pub mod authorization;
pub mod controls;
pub mod cvv;
pub mod embossing;
pub mod number;
pub mod pin;
pub mod sealed;
pub mod shipping;
pub mod status;
