//! When a transfer's money reaches the payee, as the review step promises it (issue 28 point 5).
//! SPEC names no cut-offs; these are the bank's, in Europe/London, on business days (Monday to
//! Friday, not a bank holiday in England and Wales, as `exchange::hours` counts them):
//!
//! - UK local (Faster Payments) runs every day and hour: the money arrives the same day,
//!   usually within minutes.
//! - SEPA credit transfers sent on a business day before 14:00 arrive the next business day;
//!   later, or on a day off, they leave the next business day and arrive the one after.
//! - SWIFT payments sent on a business day before 15:00 leave that day; later, the next
//!   business day. They arrive one to four business days after leaving, as the banks between
//!   take their time.

use jiff::civil::{Date, Time};
use jiff::tz::TimeZone;

use super::payee::Scheme;
use crate::domain::exchange::hours::is_business_day;

/// The days (London) between which the money arrives, both included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Arrival {
    pub earliest: Date,
    pub latest: Date,
}

const SEPA_CUT_OFF: Time = Time::constant(14, 0, 0, 0);
const SWIFT_CUT_OFF: Time = Time::constant(15, 0, 0, 0);

/// When a transfer sent at `now_ms` by `scheme` arrives.
pub fn arrival(scheme: Scheme, now_ms: i64) -> Arrival {
    let zone = TimeZone::get("Europe/London").expect("the bundled database knows Europe/London");
    let now = jiff::Timestamp::from_millisecond(now_ms)
        .unwrap_or(jiff::Timestamp::UNIX_EPOCH)
        .to_zoned(zone);
    let (today, time) = (now.date(), now.time());
    match scheme {
        Scheme::Local => Arrival {
            earliest: today,
            latest: today,
        },
        Scheme::Sepa => {
            let leaves = leaving_day(today, time, SEPA_CUT_OFF);
            let arrives = next_business_day(leaves);
            Arrival {
                earliest: arrives,
                latest: arrives,
            }
        }
        Scheme::Swift => {
            let leaves = leaving_day(today, time, SWIFT_CUT_OFF);
            Arrival {
                earliest: next_business_day(leaves),
                latest: (0..4).fold(leaves, |day, _| next_business_day(day)),
            }
        }
    }
}

/// The business day a payment leaves: today before the cut-off on a business day, else the next.
fn leaving_day(today: Date, time: Time, cut_off: Time) -> Date {
    if is_business_day(today) && time < cut_off {
        today
    } else {
        next_business_day(today)
    }
}

fn next_business_day(day: Date) -> Date {
    let mut next = day.tomorrow().unwrap_or(day);
    while !is_business_day(next) {
        next = next.tomorrow().unwrap_or(next);
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A London wall time as milliseconds.
    fn at(text: &str) -> i64 {
        let civil: jiff::civil::DateTime = text.parse().unwrap();
        civil
            .to_zoned(TimeZone::get("Europe/London").unwrap())
            .unwrap()
            .timestamp()
            .as_millisecond()
    }

    fn days(a: Arrival) -> (String, String) {
        (a.earliest.to_string(), a.latest.to_string())
    }

    #[test]
    fn local_arrives_the_same_london_day_even_at_night_and_on_sundays() {
        assert_eq!(
            days(arrival(Scheme::Local, at("2026-11-29T23:30"))),
            ("2026-11-29".into(), "2026-11-29".into())
        );
        // 00:30 BST on 1 July is still 30 June in UTC: the day is London's.
        assert_eq!(
            days(arrival(Scheme::Local, at("2026-07-01T00:30"))),
            ("2026-07-01".into(), "2026-07-01".into())
        );
    }

    #[test]
    fn sepa_arrives_the_next_business_day_before_the_cut_off_and_the_one_after_from_it() {
        // Thursday 26 November 2026.
        assert_eq!(
            days(arrival(Scheme::Sepa, at("2026-11-26T13:59"))),
            ("2026-11-27".into(), "2026-11-27".into())
        );
        // From 14:00 it leaves on Friday and arrives on Monday.
        assert_eq!(
            days(arrival(Scheme::Sepa, at("2026-11-26T14:00"))),
            ("2026-11-30".into(), "2026-11-30".into())
        );
        // A Saturday: it leaves on Monday, arrives on Tuesday.
        assert_eq!(
            days(arrival(Scheme::Sepa, at("2026-11-28T10:00"))),
            ("2026-12-01".into(), "2026-12-01".into())
        );
    }

    #[test]
    fn bank_holidays_are_not_business_days() {
        // Thursday 24 December 2026 after the cut-off: Friday is Christmas, Monday 28 December
        // the Boxing Day holiday; it leaves on Tuesday 29th and arrives on Wednesday 30th.
        assert_eq!(
            days(arrival(Scheme::Sepa, at("2026-12-24T15:00"))),
            ("2026-12-30".into(), "2026-12-30".into())
        );
    }

    #[test]
    fn swift_arrives_one_to_four_business_days_after_it_leaves() {
        // Thursday before 15:00: leaves Thursday, arrives Friday to Wednesday.
        assert_eq!(
            days(arrival(Scheme::Swift, at("2026-11-26T14:59"))),
            ("2026-11-27".into(), "2026-12-02".into())
        );
        // From 15:00 it leaves on Friday.
        assert_eq!(
            days(arrival(Scheme::Swift, at("2026-11-26T15:00"))),
            ("2026-11-30".into(), "2026-12-03".into())
        );
    }
}
