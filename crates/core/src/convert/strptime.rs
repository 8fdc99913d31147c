//! Reading a Timestamp from a string with a format, as Puppet does: Ruby's
//! `DateTime.strptime`. Spec: "Timestamp" (the directive table) and
//! "Timestamp from String and patterns consisting of format directives".
//!
//! Ruby's reader differs from jiff's `strptime` in what Puppet users rely on:
//! `%Z` reads zone names (`EST`, `Eastern Standard Time`), `%c`, `%x`, `%r`
//! and `%v` read the C locale's forms, a space reads any run of white space,
//! `%L`/`%N` read a fraction of any length, and flags (`%-d`) are not
//! directives at all. So this module reads the format itself; jiff builds
//! and checks the date.

use jiff::civil::{Date, Time};

use super::{invalid, ConvertError};
use crate::value::timestamp::{from_civil, NANOS_PER_SEC};
use crate::value::zone;

/// What a format read from the string (Ruby's `Date._strptime` hash).
#[derive(Default)]
struct Fields {
    year: Option<i64>,
    century: Option<i64>,
    short_year: Option<i64>,
    month: Option<i64>,
    day: Option<i64>,
    hour: Option<i64>,
    minute: Option<i64>,
    second: Option<i64>,
    nanos: Option<i64>,
    pm: Option<bool>,
    offset: Option<i32>,
    zone: bool,
    zone_text: String,
}

/// Directives that read digits: before one of them, a number stops at its
/// usual width (`%Y%m%d` reads `20160904`).
const NUMERIC: &str = "CDdeFGgHIjkLlMmNQRrSsTUuVvWwXxYy";

/// Reads `text` with `fmt`: `None` when it does not fit (Puppet then tries
/// the next format), an error when it fits but names no moment (no year, an
/// unknown zone).
pub(super) fn strptime(text: &str, fmt: &str, zone: Option<i32>) -> Option<Result<i128, ConvertError>> {
    let mut fields = Fields::default();
    let rest = read(text, fmt, &mut fields)?;
    rest.is_empty().then(|| build(fields, zone))
}

/// Reads `s` with `fmt`, returning what is left of `s`.
fn read<'s>(mut s: &'s str, fmt: &str, f: &mut Fields) -> Option<&'s str> {
    let mut chars = fmt.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        if c.is_whitespace() {
            s = s.trim_start();
            continue;
        }
        if c != '%' {
            s = s.strip_prefix(c)?;
            continue;
        }
        let Some((_, mut letter)) = chars.next() else {
            return s.strip_prefix('%');
        };
        let mut colons = 0;
        while letter == ':' {
            colons += 1;
            letter = chars.next()?.1;
        }
        if matches!(letter, 'E' | 'O') {
            let (_, next) = *chars.peek()?;
            let allowed = if letter == 'E' { "cCxXyY" } else { "deHImMSuUVwWy" };
            if allowed.contains(next) {
                chars.next();
                letter = next;
            }
        }
        let after = chars.peek().map_or(fmt.len(), |(i, _)| *i);
        let bounded = numeric_next(&fmt[after..]);
        s = match (letter, colons) {
            (_, 1..) if letter != 'z' => return None,
            ('Y', _) => signed(s, bounded.then_some(4), |n| f.year = Some(n))?,
            ('C', _) => signed(s, bounded.then_some(2), |n| f.century = Some(n))?,
            ('y', _) => digits(s, 2, 0..=99, |n| f.short_year = Some(n))?,
            ('m', _) => digits(s, 2, 1..=12, |n| f.month = Some(n))?,
            ('d' | 'e', _) => digits(s.strip_prefix(' ').unwrap_or(s), 2, 1..=31, |n| f.day = Some(n))?,
            ('H' | 'k', _) => digits(s.strip_prefix(' ').unwrap_or(s), 2, 0..=24, |n| f.hour = Some(n))?,
            ('I' | 'l', _) => digits(s.strip_prefix(' ').unwrap_or(s), 2, 1..=12, |n| f.hour = Some(n))?,
            ('M', _) => digits(s, 2, 0..=59, |n| f.minute = Some(n))?,
            ('S', _) => digits(s, 2, 0..=60, |n| f.second = Some(n))?,
            ('L' | 'N', _) => fraction(s, bounded.then_some(if letter == 'L' { 3 } else { 9 }), f)?,
            ('s' | 'Q' | 'G', _) => signed(s, (letter == 'G' && bounded).then_some(4), |_| ())?,
            ('j', _) => digits(s, 3, 1..=366, |_| ())?,
            ('g', _) => digits(s, 2, 0..=99, |_| ())?,
            ('V', _) => digits(s, 2, 1..=53, |_| ())?,
            ('u', _) => digits(s, 1, 1..=7, |_| ())?,
            ('w', _) => digits(s, 1, 0..=6, |_| ())?,
            ('U' | 'W', _) => digits(s, 2, 0..=53, |_| ())?,
            ('A' | 'a', _) => name(s, &WEEKDAYS).map(|(_, rest)| rest)?,
            ('B' | 'b' | 'h', _) => {
                let (index, rest) = name(s, &MONTHS)?;
                f.month = Some(index as i64 + 1);
                rest
            }
            ('p' | 'P', _) => meridian(s, f)?,
            ('Z' | 'z', _) => zone(s, f)?,
            ('n' | 't', _) => s.trim_start(),
            ('%', _) => s.strip_prefix('%')?,
            ('c', _) => read(s, "%a %b %e %H:%M:%S %Y", f)?,
            ('D' | 'x', _) => read(s, "%m/%d/%y", f)?,
            ('F', _) => read(s, "%Y-%m-%d", f)?,
            ('T' | 'X', _) => read(s, "%H:%M:%S", f)?,
            ('R', _) => read(s, "%H:%M", f)?,
            ('r', _) => read(s, "%I:%M:%S %p", f)?,
            ('v', _) => read(s, "%e-%b-%Y", f)?,
            ('+', _) => read(s, "%a %b %e %H:%M:%S %Z %Y", f)?,
            // Anything else (flags such as `%-d` included) must appear as is.
            _ => s.strip_prefix(&fmt[at..after])?,
        };
    }
    Some(s)
}

/// Whether the format goes on with something that reads digits.
fn numeric_next(fmt: &str) -> bool {
    let mut cs = fmt.chars();
    match cs.next() {
        Some(c) if c.is_ascii_digit() => true,
        Some('%') => {
            let next = cs.next();
            let letter = if matches!(next, Some('E' | 'O')) { cs.next() } else { next };
            letter.is_some_and(|l| NUMERIC.contains(l))
        }
        _ => false,
    }
}

/// Up to `width` digits (at least one) within `range`.
fn digits(s: &str, width: usize, range: std::ops::RangeInclusive<i64>, set: impl FnOnce(i64)) -> Option<&str> {
    let len = s.bytes().take(width).take_while(u8::is_ascii_digit).count();
    let n: i64 = s.get(..len).filter(|d| !d.is_empty())?.parse().ok()?;
    range.contains(&n).then(|| set(n))?;
    Some(&s[len..])
}

/// A signed number of up to `width` digits (any number without a width).
fn signed(s: &str, width: Option<usize>, set: impl FnOnce(i64)) -> Option<&str> {
    let (negative, body) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let len = body.bytes().take(width.unwrap_or(usize::MAX)).take_while(u8::is_ascii_digit).count();
    let n: i64 = body.get(..len).filter(|d| !d.is_empty())?.parse().ok()?;
    set(if negative { -n } else { n });
    Some(&body[len..])
}

/// `%L`/`%N`: digits read as a fraction of a second, whatever their number.
fn fraction<'s>(s: &'s str, width: Option<usize>, f: &mut Fields) -> Option<&'s str> {
    let len = s.bytes().take(width.unwrap_or(usize::MAX)).take_while(u8::is_ascii_digit).count();
    if len == 0 {
        return None;
    }
    let nine: String = s[..len].chars().chain(std::iter::repeat('0')).take(9).collect();
    f.nanos = Some(nine.parse().ok()?);
    Some(&s[len..])
}

const WEEKDAYS: [&str; 7] = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// A full or three-letter name, in any case: its index and the rest.
fn name<'s>(s: &'s str, names: &[&str]) -> Option<(usize, &'s str)> {
    let starts = |prefix: &str| s.get(..prefix.len()).is_some_and(|h| h.eq_ignore_ascii_case(prefix));
    names.iter().enumerate().find_map(|(i, full)| {
        if starts(full) {
            Some((i, &s[full.len()..]))
        } else {
            starts(&full[..3]).then(|| (i, &s[3..]))
        }
    })
}

/// `AM`, `PM`, `a.m.`, `p.m.` in any case.
fn meridian<'s>(s: &'s str, f: &mut Fields) -> Option<&'s str> {
    for (word, pm) in [("am", false), ("pm", true), ("a.m.", false), ("p.m.", true)] {
        if s.get(..word.len()).is_some_and(|h| h.eq_ignore_ascii_case(word)) {
            f.pm = Some(pm);
            return Some(&s[word.len()..]);
        }
    }
    None
}

/// `%z`/`%Z`: a zone as Ruby's `_strptime` matches it; an unknown name is
/// read but gives no offset.
fn zone<'s>(s: &'s str, f: &mut Fields) -> Option<&'s str> {
    let (name, rest) = zone::read(s)?;
    f.zone = true;
    f.zone_text = name.to_string();
    f.offset = zone::offset_of(name);
    Some(rest)
}

/// The timestamp the fields describe, built as Puppet builds it:
/// `Time.utc(year, mon, mday, hour, min, sec, fraction)` less the zone's
/// offset. So the year is required, a day past the month's end rolls over
/// (`2016-02-30` is March 1st), and week or day-of-year fields are read but
/// not used. The zone is `zone` when given, else the one read, else UTC.
fn build(f: Fields, zone: Option<i32>) -> Result<i128, ConvertError> {
    let missing = || invalid("no implicit conversion of nil into Integer");
    let out_of_range = || invalid("argument out of range");
    let year = match (f.year, f.century, f.short_year) {
        (Some(y), _, _) => y,
        (None, Some(c), y) => {
            c.checked_mul(100).and_then(|c| c.checked_add(y.unwrap_or(0))).ok_or_else(out_of_range)?
        }
        (None, None, Some(y)) => y + if y >= 69 { 1900 } else { 2000 },
        (None, None, None) => return Err(missing()),
    };
    let mut hour = f.hour.unwrap_or(0);
    if let Some(pm) = f.pm {
        hour = hour % 12 + if pm { 12 } else { 0 };
    }
    let (minute, second) = (f.minute.unwrap_or(0), f.second.unwrap_or(0));
    if hour == 24 && (minute, second) != (0, 0) {
        return Err(out_of_range());
    }
    let month = i8::try_from(f.month.unwrap_or(1)).map_err(|_| out_of_range())?;
    let first = Date::new(i16::try_from(year).map_err(|_| out_of_range())?, month, 1).map_err(|_| out_of_range())?;
    let start = from_civil(first.to_datetime(Time::midnight()), 0).map_err(|e| invalid(e.to_string()))?;
    let offset = match (zone, f.zone, f.offset) {
        (Some(z), _, _) => z,
        (None, _, Some(o)) => o,
        (None, true, None) => return Err(invalid(format!("Illegal timezone '{}'", f.zone_text))),
        (None, false, None) => 0,
    };
    let seconds = (f.day.unwrap_or(1) - 1) * 86_400 + hour * 3_600 + minute * 60 + second - i64::from(offset);
    Ok(start + i128::from(seconds) * NANOS_PER_SEC + i128::from(f.nanos.unwrap_or(0)))
}

#[cfg(test)]
mod tests {
    use super::strptime;
    use crate::value::timestamp::format_default;

    fn p(text: &str, fmt: &str) -> String {
        match strptime(text, fmt, None) {
            Some(Ok(t)) => format_default(t),
            Some(Err(e)) => e.to_string(),
            None => "none".into(),
        }
    }

    #[test]
    fn reads_as_ruby_does() {
        assert_eq!(p("Sunday, 28 August, 2016", "%A, %d %B, %Y"), "2016-08-28T00:00:00.000000000 UTC");
        assert_eq!(p("Jul 24, 2016, 1:20 am", "%b %d, %Y, %l:%M %P"), "2016-07-24T01:20:00.000000000 UTC");
        assert_eq!(p("16-06-21 18:23:15 UTC", "%y-%m-%d %H:%M:%S %Z"), "2016-06-21T18:23:15.000000000 UTC");
        assert_eq!(p("Wed Aug 24 12:13:14 2016 PDT", "%c %Z"), "2016-08-24T19:13:14.000000000 UTC");
        assert_eq!(p("20160904", "%Y%m%d"), "2016-09-04T00:00:00.000000000 UTC");
        assert_eq!(p("2015", "%Y"), "2015-01-01T00:00:00.000000000 UTC");
        assert_eq!(p("2016-09-04 03:04:05.5", "%F %T.%L"), "2016-09-04T03:04:05.500000000 UTC");
        assert_eq!(p("Friday, 9 February 06:00:00, 2018 EST", "%A, %-d %B %T, %Y %Z"), "none");
        assert_eq!(p("2015-03-01T11:12:13 bogus", "%FT%T"), "none");
        assert_eq!(p("2016-02-30", "%F"), "2016-03-01T00:00:00.000000000 UTC");
        assert_eq!(p("2016-09-04 24:00", "%F %H:%M"), "2016-09-05T00:00:00.000000000 UTC");
        assert_eq!(p("2016-09-04 25:00", "%F %H:%M"), "none");
        assert_eq!(p("1473150899", "%s"), "no implicit conversion of nil into Integer");
        assert_eq!(p("2016-09-04 Foo", "%F %Z"), "Illegal timezone 'Foo'");
        assert_eq!(p("20 16", "%C %y"), "2016-01-01T00:00:00.000000000 UTC");
        assert_eq!(p("999999999999999999", "%C"), "argument out of range");
        assert_eq!(p("2016-09-04 03:04:05 Eastern Standard Time", "%F %T %Z"), "2016-09-04T08:04:05.000000000 UTC");
    }
}
