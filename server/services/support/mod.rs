//! The bank's support (issue 31): what customers send it.

pub mod contact;
