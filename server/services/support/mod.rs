//! The bank's support (issue 31): what customers send it, and its chat with them.

pub mod call_back;
pub mod chat;
pub mod contact;
