//! `strftime` for Timestamps, as Puppet prints them: Ruby's `Time#strftime`
//! directives, flags and widths over a calendar computed by `jiff`.
//! Spec: "Timestamp" (the directive and flag tables) and "Timestamp to String".
//!
//! The directive language is Ruby's, not jiff's: Ruby pads to any width
//! (jiff clamps at 20), has `%L`, `%v` and widths on `%N` and `%z`, spells
//! `%c`/`%x`/`%r` in the C locale, and copies an unknown directive through
//! (`%Q` prints `%Q`) where jiff fails. So this module reads the format
//! itself and asks jiff only for the calendar fields.

use jiff::civil::{DateTime, Weekday};

use crate::error::CoreError;
use crate::value::timestamp::{civil, local_offset, now, NANOS_PER_SEC};
use crate::value::zone::utc_offset;

/// Widths past this are refused rather than allocated.
const MAX_WIDTH: usize = 1024;

/// The moment being printed, in the zone it is printed in, and the format
/// asked for (an incomplete directive's error shows it whole).
struct Moment<'f> {
    fmt: &'f str,
    dt: DateTime,
    nanos: i128,
    offset: i32,
    zone_name: String,
    /// Printed in UTC because no zone was asked for (Ruby's `gmt` time):
    /// `%Z` is `UTC` and `%-z` is `-0000`.
    gmt: bool,
}

/// The flags, width and colons of one directive.
#[derive(Default, Clone, Copy)]
struct Flags {
    left: bool,
    upper: bool,
    chcase: bool,
    padding: Option<char>,
    width: Option<usize>,
    colons: usize,
}

/// Formats the timestamp `nanos` with `fmt` in `zone`: none (or `''`) prints
/// UTC, `'current'` the machine's offset now, anything else the fixed offset Ruby
/// reads from it (`'EST'`, `'+01:00'`); an unknown zone is an error.
pub fn strftime(nanos: i128, fmt: &str, zone: Option<&str>) -> Result<String, CoreError> {
    let (offset, zone_name, gmt) = match zone {
        None | Some("") => (0, "UTC".to_string(), true),
        // Puppet takes the machine's offset *now* (Ruby's `Time.now.utc_offset`),
        // as a fixed offset without a name.
        Some(z) if z.eq_ignore_ascii_case("current") => (local_offset(now()), String::new(), false),
        Some(z) => match utc_offset(z) {
            Some(offset) => (offset, String::new(), false),
            None => return Err(CoreError::Operand(format!("Illegal timezone '{z}'"))),
        },
    };
    let moment = Moment { fmt, dt: civil(nanos, offset)?, nanos, offset, zone_name, gmt };
    let mut out = String::new();
    render(&moment, fmt, &mut out)?;
    Ok(out)
}

fn render(m: &Moment<'_>, fmt: &str, out: &mut String) -> Result<(), CoreError> {
    let mut rest = fmt;
    while let Some(at) = rest.find('%') {
        out.push_str(&rest[..at]);
        let directive = &rest[at..];
        let used = directive_at(m, directive, out)?;
        rest = &directive[used..];
    }
    out.push_str(rest);
    Ok(())
}

/// Prints the directive at the start of `d` (which starts with `%`) and
/// returns how many bytes it took.
fn directive_at(m: &Moment<'_>, d: &str, out: &mut String) -> Result<usize, CoreError> {
    let bytes = d.as_bytes();
    let mut i = 1;
    let mut f = Flags::default();
    while let Some(&c) = bytes.get(i) {
        match c {
            b'-' => {
                f.left = true;
                f.padding = None;
                f.width = None;
            }
            b'_' => f.padding = Some(' '),
            b'^' => f.upper = true,
            b'#' => f.chcase = true,
            b':' => f.colons += 1,
            // As in Ruby, a leading `0` both asks for zeros and starts the width.
            b'0'..=b'9' => {
                if c == b'0' {
                    f.padding = Some('0');
                }
                let digits = bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
                let width: usize = d[i..i + digits].parse().unwrap_or(usize::MAX);
                if width > MAX_WIDTH {
                    return Err(CoreError::Operand(format!("strftime: the width {width} is too large")));
                }
                f.width = Some(width);
                i += digits;
                continue;
            }
            _ => break,
        }
        i += 1;
    }
    let modifier = match bytes.get(i) {
        Some(&m @ (b'E' | b'O')) => {
            i += 1;
            Some(m)
        }
        _ => None,
    };
    let Some(letter) = d[i..].chars().next() else {
        return Err(CoreError::Operand(format!("invalid format: {}", m.fmt)));
    };
    let end = i + letter.len_utf8();
    let modifier_ok = match modifier {
        None => true,
        Some(b'E') => matches!(letter, 'c' | 'C' | 'x' | 'X' | 'y' | 'Y'),
        Some(_) => {
            matches!(letter, 'd' | 'e' | 'H' | 'k' | 'I' | 'l' | 'm' | 'M' | 'S' | 'u' | 'U' | 'V' | 'w' | 'W' | 'y')
        }
    };
    if !modifier_ok || (f.colons > 0 && letter != 'z') || !conversion(m, letter, f, out)? {
        out.push_str(&d[..end]);
    }
    Ok(end)
}

/// Appends one conversion; `false` when `letter` is not one.
fn conversion(m: &Moment<'_>, letter: char, f: Flags, out: &mut String) -> Result<bool, CoreError> {
    let dt = &m.dt;
    let hour12 = match dt.hour() % 12 {
        0 => 12,
        h => h,
    };
    let year = i64::from(dt.year());
    let year_width = if year < 0 { 5 } else { 4 };
    let iso = dt.date().iso_week_date();
    let yday = i64::from(dt.day_of_year()) - 1;
    let sunday_based = i64::from(dt.weekday().to_sunday_zero_offset());
    let monday_based = i64::from(dt.weekday().to_monday_zero_offset());
    match letter {
        'Y' => number(out, f, '0', year_width, year),
        'C' => number(out, f, '0', 2, year.div_euclid(100)),
        'y' => number(out, f, '0', 2, year.rem_euclid(100)),
        'm' => number(out, f, '0', 2, dt.month().into()),
        'd' => number(out, f, '0', 2, dt.day().into()),
        'e' => number(out, f, ' ', 2, dt.day().into()),
        'j' => number(out, f, '0', 3, yday + 1),
        'H' => number(out, f, '0', 2, dt.hour().into()),
        'k' => number(out, f, ' ', 2, dt.hour().into()),
        'I' => number(out, f, '0', 2, hour12.into()),
        'l' => number(out, f, ' ', 2, hour12.into()),
        'M' => number(out, f, '0', 2, dt.minute().into()),
        'S' => number(out, f, '0', 2, dt.second().into()),
        'u' => number(out, f, '0', 1, monday_based + 1),
        'w' => number(out, f, '0', 1, sunday_based),
        'G' => number(out, f, '0', if iso.year() < 0 { 5 } else { 4 }, iso.year().into()),
        'g' => number(out, f, '0', 2, i64::from(iso.year()).rem_euclid(100)),
        'V' => number(out, f, '0', 2, iso.week().into()),
        'U' => number(out, f, '0', 2, (yday + 7 - sunday_based) / 7),
        'W' => number(out, f, '0', 2, (yday + 7 - monday_based) / 7),
        's' => {
            let secs = m.nanos.div_euclid(NANOS_PER_SEC);
            let secs = i64::try_from(secs).map_err(|_| CoreError::Operand("Timestamp out of range".into()))?;
            number(out, f, '0', 1, secs)
        }
        'L' | 'N' => {
            out.push_str(&fraction(m.nanos, f.width.filter(|w| *w > 0).unwrap_or(if letter == 'L' { 3 } else { 9 })))
        }
        'A' | 'a' => {
            let name = weekday_name(dt.weekday());
            name_text(out, f, if letter == 'A' { name } else { &name[..3] });
        }
        'B' | 'b' | 'h' => {
            let name = MONTHS[usize::from(dt.month().unsigned_abs()) - 1];
            name_text(out, f, if letter == 'B' { name } else { &name[..3] });
        }
        'p' | 'P' => {
            let lower = (letter == 'p' && f.chcase) || (letter == 'P' && !f.chcase && !f.upper);
            let word = if dt.hour() < 12 { "AM" } else { "PM" };
            text(out, f, &if lower { word.to_ascii_lowercase() } else { word.to_string() });
        }
        'Z' => {
            let name = if f.chcase { m.zone_name.to_lowercase() } else { m.zone_name.clone() };
            text(out, Flags { chcase: false, ..f }, &name);
        }
        'z' if f.colons <= 3 => zone_offset(out, m, f),
        'n' => text(out, f, "\n"),
        't' => text(out, f, "\t"),
        '%' => text(out, f, "%"),
        'c' => composite(m, out, f, "%a %b %e %H:%M:%S %Y")?,
        'D' | 'x' => composite(m, out, f, "%m/%d/%y")?,
        'F' => composite(m, out, f, "%Y-%m-%d")?,
        'T' | 'X' => composite(m, out, f, "%H:%M:%S")?,
        'R' => composite(m, out, f, "%H:%M")?,
        'r' => composite(m, out, f, "%I:%M:%S %p")?,
        // Ruby's VMS date; jiff has no such directive.
        'v' => composite(m, out, f, "%e-%^b-%4Y")?,
        _ => return Ok(false),
    }
    Ok(true)
}

/// The months' English names, January first (C's locale, as Ruby's
/// `strftime` and cf-agent's time classes name them).
pub const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// A weekday's English name.
pub fn weekday_name(w: Weekday) -> &'static str {
    match w {
        Weekday::Monday => "Monday",
        Weekday::Tuesday => "Tuesday",
        Weekday::Wednesday => "Wednesday",
        Weekday::Thursday => "Thursday",
        Weekday::Friday => "Friday",
        Weekday::Saturday => "Saturday",
        Weekday::Sunday => "Sunday",
    }
}

/// A number as Ruby's `FMT`: `-` drops padding, `_`/`0` choose the pad,
/// otherwise the directive's own pad and width.
fn number(out: &mut String, f: Flags, default_pad: char, default_width: usize, n: i64) {
    let width = if f.left { 1 } else { f.width.filter(|w| *w > 0).unwrap_or(default_width) };
    let zero = f.padding == Some('0') || (f.padding.is_none() && default_pad == '0');
    if zero {
        let digits = n.unsigned_abs().to_string();
        let sign = if n < 0 { "-" } else { "" };
        out.push_str(sign);
        out.push_str(&super::pad::left(&digits, width.saturating_sub(sign.len()), '0'));
    } else {
        out.push_str(&super::pad::left(&n.to_string(), width, ' '));
    }
}

/// A name: `#` and `^` upper-case it.
fn name_text(out: &mut String, f: Flags, name: &str) {
    let upper = f.upper || f.chcase;
    text(out, Flags { upper, ..f }, name);
}

/// Text padded on the left to the width (Ruby's `FILL_PADDING`).
fn text(out: &mut String, f: Flags, s: &str) {
    let s = if f.upper { s.to_uppercase() } else { s.to_string() };
    let len = s.chars().count();
    if let (false, Some(width)) = (f.left, f.width) {
        let pad = f.padding.unwrap_or(' ');
        out.extend((len..width).map(|_| pad));
    }
    out.push_str(&s);
}

/// A directive that stands for a format (`%c`, `%F`, `%v`): printed, then
/// upper-cased and padded as a whole.
fn composite(m: &Moment<'_>, out: &mut String, f: Flags, fmt: &str) -> Result<(), CoreError> {
    let mut inner = String::new();
    render(m, fmt, &mut inner)?;
    text(out, f, &inner);
    Ok(())
}

/// `%N` and `%L`: the first `digits` digits of the fraction of a second,
/// cut rather than rounded, and zero-extended past nanoseconds.
fn fraction(nanos: i128, digits: usize) -> String {
    let nine = format!("{:09}", nanos.rem_euclid(NANOS_PER_SEC));
    if digits <= 9 {
        nine[..digits].to_string()
    } else {
        super::pad::right(&nine, digits, '0')
    }
}

/// `%z`, `%:z`, `%::z` and `%:::z` (minutes and seconds only when not zero)
/// as Ruby prints them: the width counts the whole offset, the hours take
/// the extra digits, and `_` pads them with spaces.
fn zone_offset(out: &mut String, m: &Moment<'_>, f: Flags) {
    let negative = m.offset < 0 || (m.gmt && f.left);
    let off = m.offset.unsigned_abs();
    let minutes = off % 3600 / 60;
    let seconds = off % 60;
    // The characters after the hours: `mm`, `:mm`, `:mm:ss`, or for `%:::z`
    // whichever of those it prints.
    let fixed = match f.colons {
        0 => 3,
        1 => 4,
        2 => 7,
        _ if minutes == 0 && seconds == 0 => 1,
        _ if seconds == 0 => 4,
        _ => 7,
    };
    let given = f.width.unwrap_or(0);
    let hours_width = if given <= fixed + 2 { 2 } else { given - fixed };
    let sign = if negative { '-' } else { '+' };
    let hours = off / 3600;
    if f.padding == Some(' ') {
        out.push_str(&super::pad::left(&format!("{sign}{hours}"), hours_width + 1, ' '));
    } else {
        out.push(sign);
        out.push_str(&super::pad::left(&hours.to_string(), hours_width, '0'));
    }
    match f.colons {
        0 => out.push_str(&format!("{minutes:02}")),
        1 => out.push_str(&format!(":{minutes:02}")),
        2 => out.push_str(&format!(":{minutes:02}:{seconds:02}")),
        _ if minutes == 0 && seconds == 0 => {}
        _ if seconds == 0 => out.push_str(&format!(":{minutes:02}")),
        _ => out.push_str(&format!(":{minutes:02}:{seconds:02}")),
    }
}

#[cfg(test)]
mod tests {
    use super::strftime;

    const T: i128 = 1_473_001_445_123_456_789; // 2016-09-04T15:04:05.123456789 UTC, a Sunday

    fn f(fmt: &str) -> String {
        strftime(T, fmt, None).unwrap()
    }

    #[test]
    fn ruby_directives() {
        assert_eq!(f("%Y-%m-%d %H:%M:%S.%L %z %Z"), "2016-09-04 15:04:05.123 +0000 UTC");
        assert_eq!(f("%C %y %j %e %k %l %I %P %p"), "20 16 248  4 15  3 03 pm PM");
        assert_eq!(
            f("%A %a %B %b %h %u %w %G %g %V %U %W %s"),
            "Sunday Sun September Sep Sep 7 0 2016 16 35 36 35 1473001445"
        );
        assert_eq!(
            f("%c|%D|%F|%v|%x|%X|%r|%R|%T"),
            "Sun Sep  4 15:04:05 2016|09/04/16|2016-09-04| 4-SEP-2016|09/04/16|15:04:05|03:04:05 PM|15:04|15:04:05"
        );
        assert_eq!(f("%N %3N %12N %5L %-N"), "123456789 123 123456789000 12345 123456789");
        assert_eq!(f("%Q %Ez %+ %5% %Oy %EY"), "%Q %Ez %+     % 16 2016");
    }

    #[test]
    fn ruby_flags_and_widths() {
        assert_eq!(
            f("%-d|%_d|%0e|%^a|%#A|%#p|%#P|%^p|%10Y|%-10Y|%_10Y|%010a|%10p"),
            "4| 4|04|SUN|SUNDAY|pm|PM|PM|0000002016|2016|      2016|0000000Sun|        PM"
        );
        assert_eq!(
            f("%10z|%-z|%_z|%_10z|%10:z|%#Z|%^c"),
            "+000000000|-0000| +000|      +000|+000000:00|utc|SUN SEP  4 15:04:05 2016"
        );
    }

    #[test]
    fn zones() {
        assert_eq!(strftime(T, "%F %T %z %:z [%Z]", Some("EST")).unwrap(), "2016-09-04 10:04:05 -0500 -05:00 []");
        assert_eq!(strftime(T, "%-z %_z %-:z %10::z", Some("+05:30")).unwrap(), "+0530  +530 +05:30 +005:30:00");
        assert_eq!(strftime(T, "%_10z", Some("-05:00")).unwrap(), "      -500");
        assert_eq!(strftime(T, "%:::z|%::::z", Some("+05:30")).unwrap(), "+05:30|%::::z");
        assert_eq!(strftime(T, "%:::z", Some("EST")).unwrap(), "-05");
        assert_eq!(strftime(T, "%z %-z", Some("UTC")).unwrap(), "+0000 +0000");
        assert_eq!(strftime(T, "%F", Some("")).unwrap(), "2016-09-04");
        assert_eq!(
            strftime(T, "%F", Some("Europe/Stockholm")).unwrap_err().to_string(),
            "Illegal timezone 'Europe/Stockholm'"
        );
    }
}
