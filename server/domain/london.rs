//! The bank is British: days are cut and times are shown in Europe/London, whatever the
//! server's own time zone. A payment at 00:30 BST on 1 July belongs to 1 July, although it is
//! still 30 June in UTC. The zone rules come bundled (jiff's copy of the IANA database), so
//! they do not depend on the machine's files.

use jiff::civil;
use jiff::tz::TimeZone;

fn zone() -> TimeZone {
    TimeZone::get("Europe/London").expect("the bundled time-zone database knows Europe/London")
}

/// The first millisecond of a London day given as `yyyy-MM-dd` (SPEC §9), or of the day after
/// it when `end` (so the day is `[start, end)`; callers subtract one for an inclusive bound).
fn day_edge(text: &str, next: bool) -> Option<i64> {
    let date: civil::Date = text.parse().ok()?;
    if text.len() != 10 {
        return None;
    }
    let date = if next { date.tomorrow().ok()? } else { date };
    let zoned = date.to_zoned(zone()).ok()?;
    Some(zoned.timestamp().as_millisecond())
}

/// A day `yyyy-MM-dd` as its first or last millisecond in London.
pub fn day_bound(text: &str, end: bool) -> Option<i64> {
    if end {
        day_edge(text, true).map(|next| next - 1)
    } else {
        day_edge(text, false)
    }
}

fn zoned(ms: i64) -> Option<jiff::Zoned> {
    Some(jiff::Timestamp::from_millisecond(ms).ok()?.to_zoned(zone()))
}

/// The London day of an instant, `yyyy-MM-dd`.
pub fn day_of(ms: i64) -> String {
    zoned(ms).map(|z| z.date().to_string()).unwrap_or_default()
}

/// Today in London, as a `time` date for the rules that count years (birth dates).
pub fn today(now_ms: i64) -> time::Date {
    let date = zoned(now_ms).map(|z| z.date()).unwrap_or_default();
    time::Date::from_calendar_date(
        i32::from(date.year()),
        time::Month::try_from(date.month() as u8).unwrap_or(time::Month::January),
        date.day() as u8,
    )
    .unwrap_or(time::Date::MIN)
}

/// An instant as London wall time with its offset, `2026-07-01T00:30:00+01:00`: what
/// documents print, so that the date part is the customer's date.
pub fn local_time(ms: i64) -> String {
    zoned(ms)
        .map(|z| z.strftime("%Y-%m-%dT%H:%M:%S%:z").to_string())
        .unwrap_or_default()
}

/// An instant as the API writes it: RFC 3339 in UTC (the browser shows it in London time).
pub fn iso_time(ms: i64) -> String {
    time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .ok()
        .and_then(|t| {
            t.format(&time::format_description::well_known::Rfc3339)
                .ok()
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utc_ms(text: &str) -> i64 {
        text.parse::<jiff::Timestamp>().unwrap().as_millisecond()
    }

    #[test]
    fn half_past_midnight_bst_on_1_july_is_1_july() {
        let payment = utc_ms("2026-06-30T23:30:00Z");
        assert_eq!(day_of(payment), "2026-07-01");
        assert_eq!(local_time(payment), "2026-07-01T00:30:00+01:00");
        assert!(day_bound("2026-07-01", false).unwrap() <= payment);
        assert!(payment > day_bound("2026-06-30", true).unwrap());
    }

    #[test]
    fn days_around_both_clock_changes() {
        // Spring forward, 29 March 2026: the day has 23 hours.
        let start = day_bound("2026-03-29", false).unwrap();
        let end = day_bound("2026-03-29", true).unwrap();
        assert_eq!(start, utc_ms("2026-03-29T00:00:00Z"));
        assert_eq!(end + 1 - start, 23 * 3_600_000);
        assert_eq!(
            day_bound("2026-03-30", false).unwrap(),
            utc_ms("2026-03-29T23:00:00Z")
        );
        // Fall back, 25 October 2026: 25 hours, and the day after starts at midnight GMT.
        let start = day_bound("2026-10-25", false).unwrap();
        let end = day_bound("2026-10-25", true).unwrap();
        assert_eq!(start, utc_ms("2026-10-24T23:00:00Z"));
        assert_eq!(end + 1 - start, 25 * 3_600_000);
        assert_eq!(day_of(utc_ms("2026-10-25T23:59:59Z")), "2026-10-25");
        assert_eq!(day_of(utc_ms("2026-10-26T00:00:00Z")), "2026-10-26");
        // Winter: London is UTC.
        assert_eq!(
            day_bound("2026-01-15", false).unwrap(),
            utc_ms("2026-01-15T00:00:00Z")
        );
        assert_eq!(
            local_time(utc_ms("2026-01-15T09:05:00Z")),
            "2026-01-15T09:05:00+00:00"
        );
    }

    #[test]
    fn only_real_days_in_the_spec_format() {
        for bad in [
            "2026-02-30",
            "01/07/2026",
            "2026-7-1",
            "",
            "2026-07-01T00:00",
        ] {
            assert_eq!(day_bound(bad, false), None, "{bad}");
        }
        assert_eq!(
            today(utc_ms("2026-06-30T23:30:00Z")).to_string(),
            "2026-07-01"
        );
    }
}
