//! Timestamp values: a moment as nanoseconds since 1970-01-01T00:00:00 UTC,
//! the representation Puppet uses (`Puppet::Pops::Time::Timestamp`). Spec:
//! "Timestamp". The calendar (dates, weekdays, weeks, offsets) comes from
//! `jiff`; Puppet's printing and parsing rules are in `format::strftime` and
//! `convert::strptime`.

use jiff::civil::{Date, DateTime, Time};
use jiff::tz::TimeZone;
use jiff::{Span, Unit};

use crate::error::CoreError;

/// Nanoseconds in a second.
pub const NANOS_PER_SEC: i128 = 1_000_000_000;

/// The current time (`Timestamp()` / `Timestamp.new()`).
pub fn now() -> i128 {
    jiff::Timestamp::now().as_nanosecond()
}

/// A timestamp `seconds` after the epoch.
pub fn from_seconds(seconds: i64) -> i128 {
    i128::from(seconds) * NANOS_PER_SEC
}

/// A timestamp from fractional seconds; Puppet truncates below a nanosecond
/// (`(seconds * 1_000_000_000).to_i`).
pub fn from_float_seconds(seconds: f64) -> Result<i128, CoreError> {
    let nanos = (seconds * 1e9).trunc();
    if !nanos.is_finite() || nanos.abs() >= 1.7e38 {
        return Err(CoreError::Operand(format!("The value {seconds} is out of range for a Timestamp")));
    }
    Ok(nanos as i128)
}

/// The wall-clock date and time of `nanos` at a fixed offset from UTC (in
/// seconds east), with the sub-second part in the `DateTime`. The day count
/// goes through jiff's civil calendar rather than `jiff::Timestamp`, whose
/// range stops a day short of the years ±9999 that Puppet still prints.
pub fn civil(nanos: i128, offset_seconds: i32) -> Result<DateTime, CoreError> {
    let local = nanos.checked_add(i128::from(offset_seconds) * NANOS_PER_SEC).ok_or_else(out_of_range)?;
    let seconds = local.div_euclid(NANOS_PER_SEC);
    let days = i32::try_from(seconds.div_euclid(86_400)).map_err(|_| out_of_range())?;
    let date =
        epoch().checked_add(Span::new().try_days(days).map_err(|_| out_of_range())?).map_err(|_| out_of_range())?;
    let of_day = seconds.rem_euclid(86_400);
    // `of_day` < 86 400 and the fraction < 10^9: each part fits its type.
    let time = Time::new(
        (of_day / 3_600) as i8,
        (of_day / 60 % 60) as i8,
        (of_day % 60) as i8,
        local.rem_euclid(NANOS_PER_SEC) as i32,
    )
    .map_err(|_| out_of_range())?;
    Ok(date.to_datetime(time))
}

/// The timestamp of a wall-clock date and time at a fixed offset from UTC.
pub fn from_civil(dt: DateTime, offset_seconds: i32) -> Result<i128, CoreError> {
    let days = epoch().until((Unit::Day, dt.date())).map_err(|_| out_of_range())?.get_days();
    let t = dt.time();
    let seconds =
        i128::from(days) * 86_400 + i128::from(t.hour()) * 3_600 + i128::from(t.minute()) * 60 + i128::from(t.second())
            - i128::from(offset_seconds);
    Ok(seconds * NANOS_PER_SEC + i128::from(t.subsec_nanosecond()))
}

fn epoch() -> Date {
    Date::constant(1970, 1, 1)
}

fn out_of_range() -> CoreError {
    CoreError::Operand("The Timestamp is outside the years -9999 to 9999".into())
}

/// The UTC offset (seconds east) of the machine's own time zone at `nanos`,
/// for Puppet's time zone `'current'`.
pub fn local_offset(nanos: i128) -> i32 {
    jiff::Timestamp::from_nanosecond(nanos).map_or(0, |ts| TimeZone::system().to_offset(ts).seconds())
}

/// `a + b` nanoseconds, or Puppet's overflow error.
pub fn add(a: i128, b: i128) -> Result<i128, CoreError> {
    a.checked_add(b).ok_or_else(|| CoreError::Operand("Timestamp arithmetic overflowed".into()))
}

/// Formats with Puppet's `'%FT%T.%N %Z'` in UTC.
pub fn format_default(nanos: i128) -> String {
    let secs = nanos.div_euclid(NANOS_PER_SEC);
    let frac = nanos.rem_euclid(NANOS_PER_SEC);
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{frac:09} UTC", rem / 3_600, rem / 60 % 60, rem % 60)
}

/// The proleptic Gregorian date of a day count since 1970-01-01.
fn civil_from_days(z: i128) -> (i128, i128, i128) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i128::from(m <= 2), m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_round_trips() {
        let dt = civil(1_474_636_455_123_456_789, -5 * 3600).unwrap();
        assert_eq!(dt.to_string(), "2016-09-23T08:14:15.123456789");
        assert_eq!(from_civil(dt, -5 * 3600).unwrap(), 1_474_636_455_123_456_789);
        assert_eq!(from_float_seconds(1.5).unwrap(), 1_500_000_000);
        assert!(from_float_seconds(f64::INFINITY).is_err());
        assert!(civil(i128::MAX, 0).is_err());
        assert!(civil(i128::MAX, 3600).is_err());
        assert_eq!(civil(253_402_300_799 * NANOS_PER_SEC, 0).unwrap().to_string(), "9999-12-31T23:59:59");
        assert_eq!(civil(-62_135_596_800 * NANOS_PER_SEC, 0).unwrap().to_string(), "0001-01-01T00:00:00");
    }
}
