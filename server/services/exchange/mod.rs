//! Currency exchange's use cases (issue 12).

pub mod conversions;
pub mod quotes;
