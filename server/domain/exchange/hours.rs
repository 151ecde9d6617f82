//! When the bank converts (SPEC §8, §9): business days 8:30–17:29 Europe/London, both minutes
//! included, so 17:29:59 is open and 17:30:00 is not. A business day is Monday to Friday and not
//! a bank holiday in England and Wales (the bundled, dated list in `bank_holidays.csv`).

use std::collections::BTreeSet;
use std::sync::OnceLock;

use jiff::civil::{Date, Weekday};
use jiff::tz::TimeZone;

/// The configured window (`BANK_EXCHANGE_HOURS`, `BANK_EXCHANGE_DAYS`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hours {
    /// Open from `open` to `last` (minutes after London midnight, both included).
    Window {
        open: u16,
        last: u16,
        every_day: bool,
    },
    /// Closed whatever the time: an operator's switch.
    Closed,
}

impl Hours {
    /// SPEC §9: business days 8:30–17:29.
    pub const SPEC: Hours = Hours::Window {
        open: 8 * 60 + 30,
        last: 17 * 60 + 29,
        every_day: false,
    };

    /// `08:30-17:29` or `closed`, and whether weekends and holidays count (`every`) or not
    /// (`business`).
    pub fn parse(window: &str, days: &str) -> Result<Self, &'static str> {
        let every_day = match days {
            "business" => false,
            "every" => true,
            _ => return Err("expected business or every"),
        };
        if window == "closed" {
            return Ok(Hours::Closed);
        }
        let minute = |text: &str| -> Option<u16> {
            let (h, m) = text.split_once(':')?;
            let (h, m): (u16, u16) = (h.parse().ok()?, m.parse().ok()?);
            (h < 24 && m < 60 && text.len() == 5).then_some(h * 60 + m)
        };
        let (open, last) = window
            .split_once('-')
            .and_then(|(a, b)| Some((minute(a)?, minute(b)?)))
            .filter(|(open, last)| open <= last)
            .ok_or("expected HH:MM-HH:MM (London time, the last minute included) or closed")?;
        Ok(Hours::Window {
            open,
            last,
            every_day,
        })
    }

    /// Whether the bank converts at this instant.
    pub fn is_open(&self, now_ms: i64) -> bool {
        let Hours::Window {
            open,
            last,
            every_day,
        } = *self
        else {
            return false;
        };
        let Ok(instant) = jiff::Timestamp::from_millisecond(now_ms) else {
            return false;
        };
        let zone = TimeZone::get("Europe/London").expect("the bundled zone database knows London");
        let local = instant.to_zoned(zone);
        let minute = local.hour() as u16 * 60 + local.minute() as u16;
        (every_day || is_business_day(local.date())) && (open..=last).contains(&minute)
    }
}

fn holidays() -> &'static BTreeSet<Date> {
    static DAYS: OnceLock<BTreeSet<Date>> = OnceLock::new();
    DAYS.get_or_init(|| {
        include_str!("bank_holidays.csv")
            .lines()
            .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
            .map(|line| {
                let day = line.split(',').next().unwrap_or_default();
                day.parse()
                    .expect("bank_holidays.csv holds yyyy-mm-dd dates")
            })
            .collect()
    })
}

/// The last day the bundled holiday list covers.
pub fn holidays_known_until() -> Date {
    let last = holidays().last().copied().unwrap_or_default();
    Date::new(last.year(), 12, 31).unwrap_or(last)
}

/// Whether the holiday list covers less than half a year from `now_ms`: time to extend it.
pub fn holidays_run_out_soon(now_ms: i64) -> bool {
    let Ok(now) = jiff::Timestamp::from_millisecond(now_ms) else {
        return true;
    };
    let today = now.to_zoned(TimeZone::UTC).date();
    today
        .checked_add(jiff::Span::new().days(180))
        .map_or(true, |later| later > holidays_known_until())
}

pub fn is_business_day(day: Date) -> bool {
    !matches!(day.weekday(), Weekday::Saturday | Weekday::Sunday) && !holidays().contains(&day)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> i64 {
        text.parse::<jiff::Timestamp>().unwrap().as_millisecond()
    }

    #[test]
    fn open_from_8_30_to_the_end_of_17_29_london_time_in_winter() {
        // Monday 23 November 2026, GMT: London is UTC.
        let hours = Hours::SPEC;
        assert!(!hours.is_open(at("2026-11-23T08:29:59Z")));
        assert!(hours.is_open(at("2026-11-23T08:30:00Z")));
        assert!(hours.is_open(at("2026-11-23T17:29:59Z")));
        assert!(!hours.is_open(at("2026-11-23T17:30:00Z")));
    }

    #[test]
    fn in_summer_time_the_window_is_an_hour_earlier_in_utc() {
        // Wednesday 1 July 2026, BST (UTC+1).
        let hours = Hours::SPEC;
        assert!(!hours.is_open(at("2026-07-01T07:29:00Z")));
        assert!(hours.is_open(at("2026-07-01T07:30:00Z")));
        assert!(hours.is_open(at("2026-07-01T16:29:00Z")));
        assert!(!hours.is_open(at("2026-07-01T16:30:00Z")));
        assert!(hours.is_open(at("2026-07-01T08:30:00Z")));
    }

    #[test]
    fn both_sides_of_the_clock_changes() {
        let hours = Hours::SPEC;
        // Friday 27 March 2026 is GMT; Monday 30 March 2026 is BST.
        assert!(hours.is_open(at("2026-03-27T08:30:00Z")));
        assert!(!hours.is_open(at("2026-03-27T07:30:00Z")));
        assert!(hours.is_open(at("2026-03-30T07:30:00Z")));
        assert!(!hours.is_open(at("2026-03-30T16:30:00Z")));
        // Friday 23 October 2026 is BST; Monday 26 October 2026 is GMT.
        assert!(hours.is_open(at("2026-10-23T07:30:00Z")));
        assert!(!hours.is_open(at("2026-10-23T16:30:00Z")));
        assert!(!hours.is_open(at("2026-10-26T08:29:00Z")));
        assert!(hours.is_open(at("2026-10-26T17:29:00Z")));
    }

    #[test]
    fn closed_at_weekends_and_on_bank_holidays() {
        let hours = Hours::SPEC;
        assert!(!hours.is_open(at("2026-11-21T12:00:00Z")), "Saturday");
        assert!(!hours.is_open(at("2026-11-22T12:00:00Z")), "Sunday");
        assert!(!hours.is_open(at("2026-12-25T12:00:00Z")), "Christmas Day");
        // Boxing Day 2026 is a Saturday: the bank holiday is Monday 28 December.
        assert!(!hours.is_open(at("2026-12-28T12:00:00Z")));
        assert!(hours.is_open(at("2026-12-29T12:00:00Z")));
        // Easter 2027: Good Friday 26 March, Easter Monday 29 March (BST from the 28th).
        assert!(!hours.is_open(at("2027-03-26T12:00:00Z")));
        assert!(!hours.is_open(at("2027-03-29T12:00:00Z")));
        assert!(hours.is_open(at("2027-03-30T12:00:00Z")));
        // Every day (sandbox demos) opens weekends and holidays too.
        let every = Hours::parse("08:30-17:29", "every").unwrap();
        assert!(every.is_open(at("2026-12-25T12:00:00Z")));
    }

    #[test]
    fn configuration_is_a_window_or_closed() {
        assert_eq!(Hours::parse("08:30-17:29", "business"), Ok(Hours::SPEC));
        assert_eq!(Hours::parse("closed", "business"), Ok(Hours::Closed));
        assert!(!Hours::Closed.is_open(at("2026-11-23T12:00:00Z")));
        for bad in ["8:30-17:29", "17:30-08:30", "08:30", "24:00-24:30", ""] {
            assert!(Hours::parse(bad, "business").is_err(), "{bad}");
        }
        assert!(Hours::parse("08:30-17:29", "weekdays").is_err());
    }

    #[test]
    fn the_holiday_list_is_dated() {
        assert_eq!(holidays_known_until(), Date::new(2030, 12, 31).unwrap());
        assert!(!holidays_run_out_soon(at("2026-11-23T12:00:00Z")));
        assert!(holidays_run_out_soon(at("2030-08-01T12:00:00Z")));
        assert!(holidays().len() > 50);
    }
}
