//! Whether Ruby accepts the date or the timestamp Psych's patterns matched
//! (`Date.strptime`, `Time.utc` and `Time.new`): Psych keeps the text as a
//! string where Ruby raises `ArgumentError` (`2001-02-30`, hour 25), so the
//! answer decides between a Date or Time and a string. Apart from
//! [`psych_scalar`](super::psych_scalar) because calendars are a concept of
//! their own.

use std::sync::LazyLock;

use regex::Regex;

use super::plain_scalar::PlainScalar;

/// Whether `Date.strptime` accepts the day: Ruby's default calendar is
/// Julian before 15 October 1582 (so 1500-02-29 exists) and Gregorian from
/// then on, and the ten days between do not exist.
pub(super) fn is_calendar_date(year: i64, month: i64, day: i64) -> bool {
    let julian = (year, month, day) < (1582, 10, 15);
    if (year, month) == (1582, 10) && (5..15).contains(&day) {
        return false;
    }
    let leap = if julian { year % 4 == 0 } else { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 };
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&day)
}

static DATE_PART: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\A-?[0-9]{4}-([0-9]{1,2})-([0-9]{1,2})").expect("a valid constant pattern"));
static TIME_PART: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"([0-9]+):([0-9]+):([0-9]+)(?:\.[0-9]*)?[ \t\n\x0B\x0C\r]*(Z|[-+][0-9]+(?::[0-9][0-9])?)?")
        .expect("a valid constant pattern")
});
static ZONE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\A([-+]?[0-9]{1,2}):?([0-9]{1,2})?\z").expect("a valid constant pattern"));

/// Psych's `parse_time` of text its timestamp pattern matched: a Time, or
/// the string where Ruby refuses a field, or what Psych raises when the
/// date and the time are apart by a tab (its split looks for a space or a
/// `T` only).
pub(super) fn time(text: &str) -> PlainScalar<'static> {
    let Some(split) = text.find([' ', 't', 'T']) else {
        return PlainScalar::Unconvertible("undefined method `match' for nil:NilClass".into());
    };
    let (date, time) = (&text[..split], &text[split + 1..]);
    let number = |s: &str| s.parse::<i64>().unwrap_or(i64::MAX);
    let (Some(d), Some(t)) = (DATE_PART.captures(date), TIME_PART.captures(time)) else {
        return PlainScalar::String;
    };
    let (month, day) = (number(&d[1]), number(&d[2]));
    let (hour, min, sec) = (number(&t[1]), number(&t[2]), number(&t[3]));
    let fields = (1..=12).contains(&month)
        && (1..=31).contains(&day)
        && (hour < 24 || (hour == 24 && min == 0 && sec == 0))
        && min < 60
        && sec <= 60;
    let offset_ok = match t.get(4).map(|m| m.as_str()) {
        None | Some("Z") => true,
        Some(zone) => ZONE.captures(zone).is_some_and(|z| {
            let hours = number(&z[1]);
            let minutes = z.get(2).map_or(0, |m| number(m.as_str()));
            let offset = hours * 3600;
            let offset = if offset < 0 { offset - minutes * 60 } else { offset + minutes * 60 };
            offset.abs() < 86_400
        }),
    };
    if fields && offset_ok {
        PlainScalar::Time
    } else {
        PlainScalar::String
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calendars_switch_in_1582() {
        assert!(is_calendar_date(1500, 2, 29) && !is_calendar_date(1900, 2, 29));
        assert!(!is_calendar_date(1582, 10, 10) && is_calendar_date(1582, 10, 15));
    }

    #[test]
    fn fields_ruby_refuses_keep_the_text() {
        assert_eq!(time("2001-12-14T24:00:00Z"), PlainScalar::Time);
        assert_eq!(time("2001-12-14T24:00:01Z"), PlainScalar::String);
        assert_eq!(time("2001-12-14T21:59:43+530"), PlainScalar::String);
    }
}
