//! Calendar dates in UTC, for the archive's times (unix seconds): the proleptic Gregorian
//! calendar, by the days-from-civil algorithm (H. Hinnant), with no time zone database.

/// A day of the calendar (UTC).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Date {
    pub year: i64,
    pub month: u32,
    pub day: u32,
}

impl Date {
    /// `YYYY-MM-DD`, a day that exists (years 1970 to 9999); anything else is `None`.
    pub fn parse(text: &str) -> Option<Date> {
        let b = text.as_bytes();
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
            return None;
        }
        let digits = |s: &str| -> Option<u32> {
            if s.bytes().all(|c| c.is_ascii_digit()) {
                s.parse().ok()
            } else {
                None
            }
        };
        let year = i64::from(digits(text.get(0..4)?)?);
        let month = digits(text.get(5..7)?)?;
        let day = digits(text.get(8..10)?)?;
        let date = Date { year, month, day };
        ((1970..=9999).contains(&year) && (1..=12).contains(&month) && (1..=days_in_month(year, month)).contains(&day))
            .then_some(date)
    }

    /// The unix time of this day's first second.
    pub fn start(&self) -> i64 {
        days_from_civil(self.year, self.month, self.day) * 86_400
    }

    /// The day holding the unix time `seconds`.
    pub fn of(seconds: i64) -> Date {
        let (year, month, day) = civil_from_days(seconds.div_euclid(86_400));
        Date { year, month, day }
    }
}

impl std::fmt::Display for Date {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// `YYYY-MM-DD HH:MM UTC` for a unix time.
pub fn format_time(seconds: i64) -> String {
    let in_day = seconds.rem_euclid(86_400);
    format!("{} {:02}:{:02} UTC", Date::of(seconds), in_day / 3600, in_day % 3600 / 60)
}

fn leap(year: i64) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

fn days_in_month(year: i64, month: u32) -> u32 {
    match month {
        2 if leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a date.
fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date of a number of days since 1970-01-01.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = (if mp < 10 { mp + 3 } else { mp - 9 }) as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_unix_times() {
        let d = |t: &str| Date::parse(t).unwrap();
        assert_eq!(d("1970-01-01").start(), 0);
        assert_eq!(d("2000-03-01").start(), 951_868_800);
        assert_eq!(d("2024-02-29").start(), 1_709_164_800);
        assert_eq!(Date::of(1_709_164_800 + 86_399), d("2024-02-29"));
        assert_eq!(Date::of(1_709_164_800 + 86_400), d("2024-03-01"));
        assert_eq!(format_time(1_709_164_800 + 3600 + 120), "2024-02-29 01:02 UTC");
        // Every day of four centuries goes there and back.
        let mut day = d("1970-01-01");
        for n in 0..(400 * 366) {
            let back = Date::of(n * 86_400);
            assert_eq!(back.start(), n * 86_400);
            assert!(back >= day);
            day = back;
        }
        assert_eq!(day.to_string(), "2370-10-30");
    }

    #[test]
    fn only_real_days_parse() {
        for bad in [
            "",
            "2024-2-29",
            "2023-02-29",
            "1900-02-29",
            "2024-13-01",
            "2024-00-10",
            "2024-04-31",
            "24-04-30",
            "2024-04-3a",
            "+024-04-30",
            "2024/04/30",
            "1969-12-31",
            "2024-04-30 ",
        ] {
            assert_eq!(Date::parse(bad), None, "{bad}");
        }
        assert!(Date::parse("2000-02-29").is_some());
        assert!(Date::parse("9999-12-31").is_some());
    }
}
