//! Who may do what for a profile (SPEC §6).

pub mod access;
