//! Time zones as Puppet reads them: a zone is a fixed offset from UTC, named
//! the way Ruby's `Date._strptime(zone, '%z')` understands it (`UTC`, `EST`,
//! `+05:30`, `GMT-2`, `Eastern Standard Time`, military letters). Puppet's
//! Timestamp (`utc_offset`) takes every time zone argument through that, so
//! `'Europe/Stockholm'` is an "Illegal timezone" there, and a zone never
//! changes with daylight saving time.

use std::sync::OnceLock;

/// Abbreviations and names with their offsets in hours east of UTC (Ruby's
/// zone table, the entries in common use).
const ZONES: &[(&str, f64)] = &[
    ("ut", 0.0),
    ("gmt", 0.0),
    ("utc", 0.0),
    ("wet", 0.0),
    ("est", -5.0),
    ("edt", -4.0),
    ("cst", -6.0),
    ("cdt", -5.0),
    ("mst", -7.0),
    ("mdt", -6.0),
    ("pst", -8.0),
    ("pdt", -7.0),
    ("akst", -9.0),
    ("akdt", -8.0),
    ("hst", -10.0),
    ("hast", -10.0),
    ("hadt", -9.0),
    ("ast", -4.0),
    ("adt", -3.0),
    ("nst", -3.5),
    ("ndt", -2.5),
    ("brt", -3.0),
    ("art", -3.0),
    ("clt", -4.0),
    ("west", 1.0),
    ("bst", 1.0),
    ("cet", 1.0),
    ("met", 1.0),
    ("mewt", 1.0),
    ("mez", 1.0),
    ("wat", 1.0),
    ("cest", 2.0),
    ("mest", 2.0),
    ("mesz", 2.0),
    ("eet", 2.0),
    ("cat", 2.0),
    ("sast", 2.0),
    ("eest", 3.0),
    ("msk", 3.0),
    ("eat", 3.0),
    ("msd", 4.0),
    ("ist", 5.5),
    ("hkt", 8.0),
    ("sgt", 8.0),
    ("awst", 8.0),
    ("jst", 9.0),
    ("kst", 9.0),
    ("acst", 9.5),
    ("acdt", 10.5),
    ("aest", 10.0),
    ("aedt", 11.0),
    ("nzst", 12.0),
    ("nzdt", 13.0),
    ("idle", 12.0),
    ("idlw", -12.0),
    ("hdt", -9.0),
    ("ahst", -10.0),
    ("yst", -9.0),
    ("ydt", -8.0),
    ("idt", 3.0),
    ("irst", 3.5),
    ("pkt", 5.0),
    ("npt", 5.75),
    ("ict", 7.0),
    ("wib", 7.0),
    ("pht", 8.0),
    ("wita", 8.0),
    ("wit", 9.0),
    ("chst", 10.0),
    ("nzt", 12.0),
    ("greenwich", 0.0),
    ("india", 5.5),
    ("china", 8.0),
    ("tokyo", 9.0),
    ("korea", 9.0),
    ("us eastern", -5.0),
    ("us mountain", -7.0),
    ("eastern", -5.0),
    ("central", -6.0),
    ("mountain", -7.0),
    ("pacific", -8.0),
    ("atlantic", -4.0),
];

/// The offset of a time zone argument, as Puppet's `utc_offset` reads it
/// (`DateTime._strptime(zone, '%z')`): the zone at the start of the text, what
/// follows it ignored (`'EST foo'` is EST; `'US Eastern'` is the unknown `US`).
pub fn utc_offset(zone: &str) -> Option<i32> {
    read(zone).and_then(|(name, _)| offset_of(name))
}

/// The zone at the start of `s` as Ruby's `%z` matches it (an offset, a name
/// ending in "standard time" or "daylight time", or a word with an optional
/// " dst"), and the rest of `s`.
pub fn read(s: &str) -> Option<(&str, &str)> {
    static RE: OnceLock<Option<fancy_regex::Regex>> = OnceLock::new();
    let re = RE.get_or_init(|| {
        fancy_regex::Regex::new(
            r"(?i)\A(?:(?:gmt|utc?)?[-+]\d+(?:[,.:]\d+(?::\d+)?)?|(?-i:[[:alpha:].\s]+)(?:standard|daylight)\s+time\b|(?-i:[[:alpha:]]+)(?:\sdst)?\b)",
        )
        .ok()
    });
    let m = re.as_ref()?.find(s).ok()??;
    Some((m.as_str(), &s[m.end()..]))
}

/// The offset in seconds east of UTC that a zone name read by [`read`] gives,
/// or `None` when Ruby would not recognise it.
pub fn offset_of(zone: &str) -> Option<i32> {
    let lower = zone.trim().to_ascii_lowercase();
    let (name, dst) = if let Some(n) = lower.strip_suffix(" standard time") {
        (n.trim_end(), false)
    } else if let Some(n) = lower.strip_suffix(" daylight time") {
        (n.trim_end(), true)
    } else if let Some(n) = lower.strip_suffix(" dst") {
        (n.trim_end(), true)
    } else {
        (lower.as_str(), false)
    };
    let base = ZONES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, hours)| (hours * 3600.0) as i32)
        .or_else(|| military(name))
        .or_else(|| numeric(name));
    base.map(|s| if dst { s + 3600 } else { s })
}

/// Single-letter military zones: `z` is UTC, `a`–`i` and `k`–`m` are +1..+12,
/// `n`–`y` are -1..-12.
fn military(name: &str) -> Option<i32> {
    let &[c] = name.as_bytes() else {
        return None;
    };
    let hours = match c {
        b'z' => 0,
        b'a'..=b'i' => i32::from(c - b'a') + 1,
        b'k'..=b'm' => i32::from(c - b'k') + 10,
        b'n'..=b'y' => -(i32::from(c - b'n') + 1),
        _ => return None,
    };
    Some(hours * 3600)
}

/// `+h`, `+hh`, `+hhmm`, `+hhmmss`, `+h:mm`, `+hh:mm:ss` and decimal hours
/// (`+5.5`), optionally after `gmt` or `utc`.
fn numeric(name: &str) -> Option<i32> {
    let rest = name.strip_prefix("gmt").or_else(|| name.strip_prefix("utc")).unwrap_or(name);
    let (sign, body) = match rest.as_bytes().first()? {
        b'+' => (1, &rest[1..]),
        b'-' => (-1, &rest[1..]),
        _ => return None,
    };
    let number = |s: &str| -> Option<i32> {
        (!s.is_empty() && s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit())).then(|| s.parse().ok()).flatten()
    };
    let seconds = if let Some((h, frac)) = body.split_once(['.', ',']) {
        let hours: i32 = number(h)?;
        let digits = frac.bytes().all(|b| b.is_ascii_digit()).then_some(frac)?;
        let fraction: f64 = format!("0.{digits}").parse().ok()?;
        hours * 3600 + (fraction * 3600.0) as i32
    } else if body.contains(':') {
        // Ruby reads `+hh:mm:ss` but keeps only the hours and minutes.
        let mut parts = body.split(':');
        let h = number(parts.next()?)?;
        let m = parts.next().map_or(Some(0), number)?;
        if parts.next().is_some_and(|s| number(s).is_none()) || parts.next().is_some() {
            return None;
        }
        h * 3600 + m * 60
    } else {
        if body.is_empty() || !body.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let (h, m, s) = match body.len() {
            1 | 2 => (body, "0", "0"),
            3 => (&body[..1], &body[1..], "0"),
            4 => (&body[..2], &body[2..], "0"),
            5 => (&body[..1], &body[1..3], &body[3..]),
            6 => (&body[..2], &body[2..4], &body[4..]),
            _ => return None,
        };
        number(h)? * 3600 + number(m)? * 60 + number(s)?
    };
    Some(sign * seconds)
}

#[cfg(test)]
mod tests {
    use super::{offset_of, utc_offset};

    #[test]
    fn zones_as_ruby_reads_them() {
        assert_eq!(offset_of("EST"), Some(-18000));
        assert_eq!(offset_of("+03:00"), Some(10800));
        assert_eq!(offset_of("UTC+3"), Some(10800));
        assert_eq!(offset_of("GMT-2"), Some(-7200));
        assert_eq!(offset_of("+0530"), Some(19800));
        assert_eq!(offset_of("-07"), Some(-25200));
        assert_eq!(offset_of("A"), Some(3600));
        assert_eq!(offset_of("Eastern Standard Time"), Some(-18000));
        assert_eq!(offset_of("+05:30:30"), Some(19800));
        assert_eq!(offset_of("Europe/Stockholm"), None);
        assert_eq!(offset_of("Foo"), None);
        assert_eq!(offset_of("+5.5"), Some(19800));
        assert_eq!(utc_offset("EST foo"), Some(-18000));
        assert_eq!(utc_offset("US Eastern"), None);
        assert_eq!(utc_offset("India Standard Time"), Some(19800));
        assert_eq!(utc_offset("CET DST"), Some(7200));
    }
}
