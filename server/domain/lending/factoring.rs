//! Factoring (issue 30 point 5): a business borrows against invoices it has sent and not been
//! paid for yet, in pounds, each due far enough ahead for the lender to collect.

use time::{Date, Duration};

/// An invoice must be due at least this many days after today (London) to be financed.
pub const MIN_DAYS_TO_DUE: i64 = 7;

/// The first due date an invoice may have to be financed today.
pub fn due_from(today: Date) -> Date {
    today + Duration::days(MIN_DAYS_TO_DUE)
}

/// What a factor advances against invoices: 90% of what is outstanding, in whole pence down.
pub fn advance(outstanding: i64) -> i64 {
    outstanding * 9 / 10
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn invoices_due_a_week_ahead_or_later() {
        assert_eq!(due_from(date!(2026 - 11 - 26)), date!(2026 - 12 - 03));
        assert_eq!(due_from(date!(2026 - 12 - 28)), date!(2027 - 01 - 04));
        assert_eq!(advance(100_001), 90_000);
    }
}
