//! Timestamp values: a moment as nanoseconds since 1970-01-01T00:00:00 UTC,
//! the representation Puppet uses (`Puppet::Pops::Time::Timestamp`). Spec:
//! "Timestamp". The calendar (dates, weekdays, weeks, offsets) comes from
//! `jiff`; Puppet's printing and parsing rules are in `format::strftime` and
//! `convert::strptime`.

use jiff::civil::DateTime;
use jiff::tz::{Offset, TimeZone};

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
/// seconds east), with the sub-second part in the `DateTime`.
pub fn civil(nanos: i128, offset_seconds: i32) -> Result<DateTime, CoreError> {
    let out_of_range = || CoreError::Operand("The Timestamp is outside the years -9999 to 9999".into());
    let ts = jiff::Timestamp::from_nanosecond(nanos).map_err(|_| out_of_range())?;
    let offset = Offset::from_seconds(offset_seconds).map_err(|_| out_of_range())?;
    Ok(ts.to_zoned(TimeZone::fixed(offset)).datetime())
}

/// The timestamp of a wall-clock date and time at a fixed offset from UTC.
pub fn from_civil(dt: DateTime, offset_seconds: i32) -> Result<i128, CoreError> {
    let out_of_range = || CoreError::Operand("The Timestamp is outside the years -9999 to 9999".into());
    let offset = Offset::from_seconds(offset_seconds).map_err(|_| out_of_range())?;
    let ts = offset.to_timestamp(dt).map_err(|_| out_of_range())?;
    Ok(ts.as_nanosecond())
}

/// The UTC offset (seconds east) of the machine's own time zone at `nanos`,
/// for Puppet's time zone `'current'`, with the zone's abbreviation.
pub fn local_offset(nanos: i128) -> (i32, String) {
    let tz = TimeZone::system();
    match jiff::Timestamp::from_nanosecond(nanos) {
        Ok(ts) => {
            let info = tz.to_offset_info(ts);
            (info.offset().seconds(), info.abbreviation().to_string())
        }
        Err(_) => (0, String::new()),
    }
}

/// `a + b` nanoseconds, or Puppet's overflow error.
pub fn add(a: i128, b: i128) -> Result<i128, CoreError> {
    a.checked_add(b).ok_or_else(|| CoreError::Operand("Timestamp arithmetic overflowed".into()))
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
    }
}
