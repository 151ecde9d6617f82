//! Finance a business applies for through the bank (issue 30): business loans, mortgages,
//! factoring and merchant acquiring, one application model. Each product's SPEC §4 states, the
//! moves a provider's decision may make (with its reason), who may apply (SPEC §6), and the
//! three-month rule between loan applications (SPEC §8).

pub mod application;
pub mod factoring;
pub mod loan;
pub mod merchant;
pub mod mortgage;
