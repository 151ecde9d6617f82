//! Who may do what for a profile (SPEC §6).

pub mod access;
pub mod invitation;
pub mod rights;
pub mod team;
