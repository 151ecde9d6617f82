//! The bank's support (issue 31): what customers send it.

pub mod call_back;
pub mod contact;
