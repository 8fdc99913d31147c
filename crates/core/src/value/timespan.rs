//! Timespan values: a signed count of nanoseconds. Spec: "Timespan" —
//! created from seconds, fields or strings with `%D %H %M %S %L %N` formats,
//! and printed with the same directives (`strftime`), where the largest unit in
//! a format takes the whole span (`%H` of two days is `48`).

use crate::error::CoreError;
use std::hash::{Hash, Hasher};
use std::sync::OnceLock;

use crate::value::timestamp::NANOS_PER_SEC;
use crate::value::Value;

const NANOS: [(char, i128); 6] = [
    ('D', 86_400_000_000_000),
    ('H', 3_600_000_000_000),
    ('M', 60_000_000_000),
    ('S', 1_000_000_000),
    ('L', 1_000_000),
    ('N', 1),
];

/// One directive of a timespan format, as parsing reads it.
#[derive(Clone, Copy)]
struct Directive {
    flag: Option<char>,
    letter: char,
}

enum Piece {
    Text(String),
    Field(Directive),
}

fn pieces(fmt: &str) -> Result<Vec<Piece>, CoreError> {
    let mut out = Vec::new();
    let mut text = String::new();
    let mut chars = fmt.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            text.push(c);
            continue;
        }
        let flag = chars.next_if(|c| matches!(c, '-' | '_' | '0'));
        // A width does not matter to reading.
        while chars.next_if(char::is_ascii_digit).is_some() {}
        match chars.next() {
            Some('%') => text.push('%'),
            Some(letter @ ('D' | 'H' | 'M' | 'S' | 'L' | 'N')) => {
                if !text.is_empty() {
                    out.push(Piece::Text(std::mem::take(&mut text)));
                }
                out.push(Piece::Field(Directive { flag, letter }));
            }
            other => {
                return Err(CoreError::Operand(format!(
                    "Timespan format '{fmt}': unknown directive '%{}'",
                    other.map(String::from).unwrap_or_default()
                )))
            }
        }
    }
    if !text.is_empty() {
        out.push(Piece::Text(text));
    }
    Ok(out)
}

fn unit(letter: char) -> i128 {
    NANOS.iter().find(|(l, _)| *l == letter).map_or(1, |(_, n)| *n)
}

/// One directive of a timespan format as Puppet's `FormatParser` reads it:
/// the pad character (`None` after `-`, a space after `_`, else `0`), the
/// width, the letter, and whether it takes the whole span (the first
/// directive of the largest unit does).
struct Segment {
    pad: Option<char>,
    width: Option<usize>,
    letter: char,
    total: bool,
}

enum Part {
    Text(String),
    Value(Segment),
}

/// The order of magnitude Puppet ranks a directive by.
fn ordinal(letter: char) -> usize {
    "NLSMHD".find(letter).unwrap_or(0)
}

/// Puppet's `FormatParser#internal_parse`, with its error for a bad directive.
fn segments(fmt: &str) -> Result<Vec<Part>, CoreError> {
    let bad = |start: usize, position: usize| {
        let expression: String = fmt.chars().skip(start).take(position - start).collect();
        CoreError::Operand(format!("Bad format specifier '{expression}' in '{fmt}', at position {position}"))
    };
    let mut parts: Vec<Part> = Vec::new();
    let mut text = String::new();
    // None: literal text; Some(false): after '%'; Some(true): after a pad flag or digit.
    let mut state: Option<bool> = None;
    let (mut pad, mut width, mut start) = (Some('0'), None::<usize>, 0);
    let mut last = 0;
    for (position, c) in fmt.chars().enumerate() {
        last = position;
        let Some(in_width) = state else {
            if c == '%' {
                state = Some(false);
                (pad, width, start) = (Some('0'), None, position);
            } else {
                text.push(c);
            }
            continue;
        };
        match c {
            '%' => {
                text.push('%');
                state = None;
            }
            '-' | '_' if !in_width => {
                pad = if c == '-' { None } else { Some(' ') };
                state = Some(true);
            }
            'D' | 'H' | 'M' | 'S' | 'L' | 'N' => {
                if !text.is_empty() {
                    parts.push(Part::Text(std::mem::take(&mut text)));
                }
                parts.push(Part::Value(Segment { pad, width, letter: c, total: false }));
                state = None;
            }
            '0' if !in_width => {
                pad = Some('0');
                state = Some(true);
            }
            d if d.is_ascii_digit() => {
                let w = width.unwrap_or(0).saturating_mul(10).saturating_add(d as usize - '0' as usize);
                // Ruby's `format`, which Puppet pads with, refuses widths past INT_MAX.
                if w > crate::format::spec::MAX_WIDTH {
                    return Err(CoreError::Operand("width too big".into()));
                }
                width = Some(w);
                state = Some(true);
            }
            _ => return Err(bad(start, position)),
        }
    }
    if state.is_some() {
        return Err(bad(start, last));
    }
    if !text.is_empty() {
        parts.push(Part::Text(text));
    }
    let highest = parts
        .iter()
        .filter_map(|p| match p {
            Part::Value(s) => Some(ordinal(s.letter)),
            Part::Text(_) => None,
        })
        .max();
    if let Some(h) = highest {
        if let Some(Part::Value(s)) = parts.iter_mut().find(|p| matches!(p, Part::Value(s) if ordinal(s.letter) == h)) {
            s.total = true;
        }
    }
    Ok(parts)
}

/// Formats `nanos` with `fmt`, as Puppet's `Timespan::Format` does: the
/// largest unit takes the whole span; `%L` and `%N` are fractions, written
/// left-justified in their width, without trailing zeros after `-` or `_`.
pub fn strftime(nanos: i128, fmt: &str) -> Result<String, CoreError> {
    let parts = segments(fmt)?;
    let total = nanos.abs();
    let mut out = String::new();
    if nanos < 0 {
        out.push('-');
    }
    for part in &parts {
        let s = match part {
            Part::Text(t) => {
                out.push_str(t);
                continue;
            }
            Part::Value(s) => s,
        };
        let fragment = matches!(s.letter, 'L' | 'N');
        let value = match s.letter {
            'N' => {
                let width = s.width.unwrap_or(9);
                if width < 9 {
                    let scaled = total / 10i128.pow(9 - width as u32);
                    if s.total {
                        scaled
                    } else {
                        scaled % 10i128.pow(width as u32)
                    }
                } else if s.total {
                    total
                } else {
                    total % 1_000_000_000
                }
            }
            letter => {
                let u = unit(letter);
                if s.total {
                    total / u
                } else {
                    let above = NANOS.iter().map(|(_, n)| *n).filter(|n| *n > u).min().unwrap_or(i128::MAX);
                    (total % above) / u
                }
            }
        };
        let mut digits = value.to_string();
        if fragment && !s.total && s.pad != Some('0') {
            let trimmed = digits.trim_end_matches('0');
            digits = if trimmed.is_empty() { "0".to_string() } else { trimmed.to_string() };
        }
        let default_width = match s.letter {
            'D' => 1,
            'L' => 3,
            'N' => 9,
            _ => 2,
        };
        let width = s.width.unwrap_or(default_width);
        out.push_str(&match (s.pad, fragment) {
            (None, _) => digits,
            (Some(_), true) => crate::format::pad::right(&digits, width, ' '),
            (Some(' '), false) => crate::format::pad::left(&digits, width, ' '),
            (Some(_), false) => crate::format::pad::left(&digits, width, '0'),
        });
    }
    Ok(out)
}

/// Parses `text` with `fmt`: each directive reads digits; `%N` reads a
/// fraction whose length gives its scale; a leading `-` negates.
fn parse_one(text: &str, fmt: &str) -> Option<i128> {
    let pieces = pieces(fmt).ok()?;
    let (negative, mut rest) = match text.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, text),
    };
    let mut nanos: i128 = 0;
    for piece in &pieces {
        match piece {
            Piece::Text(t) => rest = rest.strip_prefix(t.as_str())?,
            Piece::Field(d) => {
                // `%_H` reads a space-padded number.
                if d.flag == Some('_') {
                    rest = rest.trim_start_matches(' ');
                }
                let len = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
                if len == 0 {
                    return None;
                }
                let digits = &rest[..len];
                rest = &rest[len..];
                let n: i128 = digits.parse().ok()?;
                nanos +=
                    if d.letter == 'N' { n * 10i128.pow(9u32.saturating_sub(len as u32)) } else { n * unit(d.letter) };
            }
        }
    }
    rest.is_empty().then_some(if negative { -nanos } else { nanos })
}

/// Parses `text` with the first of `formats` that fits (Puppet's defaults
/// when none are given).
pub fn parse(text: &str, formats: &[String]) -> Result<TimeBound, CoreError> {
    let defaults: Vec<String> = DEFAULT_FORMATS.split(", ").map(str::to_string).collect();
    let list = if formats.is_empty() { &defaults } else { formats };
    parse_first(text, list).ok_or_else(|| {
        CoreError::Operand(format!("Unable to parse '{text}' using any of the formats {}", list.join(", ")))
    })?
}

/// Parses `text` with the one `format` given as a string rather than a
/// list, which Puppet names alone when the text does not fit.
pub fn parse_with(text: &str, format: &str) -> Result<TimeBound, CoreError> {
    parse_first(text, &[format.to_string()])
        .ok_or_else(|| CoreError::Operand(format!("Unable to parse '{text}' using format '{format}'")))?
}

/// The first of `list` that fits `text`, `None` when none does, or the
/// error of a format that cannot be used at all.
fn parse_first(text: &str, list: &[String]) -> Option<Result<TimeBound, CoreError>> {
    // A fraction means nothing without a larger unit before it.
    for f in list {
        let fields: Vec<char> = match pieces(f) {
            Ok(pieces) => pieces
                .iter()
                .filter_map(|p| match p {
                    Piece::Field(d) => Some(d.letter),
                    Piece::Text(_) => None,
                })
                .collect(),
            Err(e) => return Some(Err(e)),
        };
        if !fields.is_empty() && fields.iter().all(|l| matches!(l, 'L' | 'N')) {
            return Some(Err(CoreError::Operand(
                "Format specifiers %L and %N denotes fractions and must be used together with a specifier of higher magnitude"
                    .into(),
            )));
        }
    }
    list.iter().find_map(|f| parse_one(text, f)).map(|nanos| Ok(TimeBound { nanos, float: false }))
}

/// A timespan, and one end of a time range: a count of nanoseconds. Puppet keeps a bound made
/// from a Float as a float, which changes only how its fraction prints
/// (`Timespan[1.5]` is `'0-00:00:01.500000000'`, `Timespan['1.5']` is
/// `'0-00:00:01.5'`); `float` records that.
#[derive(Clone, Copy, Debug)]
pub struct TimeBound {
    /// Nanoseconds (since the epoch, for timestamps).
    pub nanos: i128,
    /// Whether Puppet holds this bound as a float.
    pub float: bool,
}

impl PartialEq for TimeBound {
    fn eq(&self, other: &Self) -> bool {
        self.nanos == other.nanos
    }
}

impl Eq for TimeBound {}

impl Hash for TimeBound {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.nanos.hash(state);
    }
}

/// Formats with Puppet's `'%D-%H:%M:%S.%-N'`.
pub fn format_default(b: TimeBound) -> String {
    let total = b.nanos.abs();
    let secs = total / NANOS_PER_SEC;
    let mut frac = (total % NANOS_PER_SEC).to_string();
    if !b.float {
        // Puppet strips the trailing zeros of an integral fraction.
        let trimmed = frac.trim_end_matches('0');
        frac = if trimmed.is_empty() { "0".into() } else { trimmed.into() };
    }
    format!(
        "{}{}-{:02}:{:02}:{:02}.{}",
        if b.nanos < 0 { "-" } else { "" },
        secs / 86_400,
        secs / 3_600 % 24,
        secs / 60 % 60,
        secs % 60,
        frac
    )
}

/// Puppet's default timespan formats, tried in this order.
pub const DEFAULT_FORMATS: &str =
    "%D-%H:%M:%S.%-N, %H:%M:%S.%-N, %M:%S.%-N, %S.%-N, %D-%H:%M:%S, %H:%M:%S, %D-%H:%M, %S";

/// Puppet's default timespan formats as patterns; in each, the first field may
/// exceed its usual maximum, and the fraction is in the last group.
fn timespan_patterns() -> &'static [(fancy_regex::Regex, [i128; 4], bool)] {
    static PATTERNS: OnceLock<Vec<(fancy_regex::Regex, [i128; 4], bool)>> = OnceLock::new();
    PATTERNS.get_or_init(|| {
        const DAY: i128 = 86_400 * NANOS_PER_SEC;
        const HOUR: i128 = 3_600 * NANOS_PER_SEC;
        const MIN: i128 = 60 * NANOS_PER_SEC;
        const SEC: i128 = NANOS_PER_SEC;
        let spec: [(&str, [i128; 4], bool); 8] = [
            (r"([0-9]+)-([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2})\.([0-9]{1,9})", [DAY, HOUR, MIN, SEC], true),
            (r"([0-9]+):([0-9]{1,2}):([0-9]{1,2})\.([0-9]{1,9})", [HOUR, MIN, SEC, 0], true),
            (r"([0-9]+):([0-9]{1,2})\.([0-9]{1,9})", [MIN, SEC, 0, 0], true),
            (r"([0-9]+)\.([0-9]{1,9})", [SEC, 0, 0, 0], true),
            (r"([0-9]+)-([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2})", [DAY, HOUR, MIN, SEC], false),
            (r"([0-9]+):([0-9]{1,2}):([0-9]{1,2})", [HOUR, MIN, SEC, 0], false),
            (r"([0-9]+)-([0-9]{1,2}):([0-9]{1,2})", [DAY, HOUR, MIN, 0], false),
            (r"([0-9]+)", [SEC, 0, 0, 0], false),
        ];
        spec.iter()
            .filter_map(|(re, mults, frac)| {
                let re = fancy_regex::Regex::new(&format!(r"\A-?{re}\z")).ok()?;
                Some((re, *mults, *frac))
            })
            .collect()
    })
}

/// Parses a timespan with Puppet's default formats; `None` when none fits.
pub fn parse_default(s: &str) -> Option<TimeBound> {
    for (re, mults, frac) in timespan_patterns() {
        let Ok(Some(caps)) = re.captures(s) else {
            continue;
        };
        let groups: Vec<&str> = (1..caps.len()).filter_map(|i| caps.get(i).map(|m| m.as_str())).collect();
        let (whole, fraction) =
            if *frac { (&groups[..groups.len() - 1], groups.last().copied()) } else { (&groups[..], None) };
        let mut nanos: i128 = 0;
        for (g, m) in whole.iter().zip(mults.iter()) {
            nanos += g.parse::<i128>().unwrap_or(0) * m;
        }
        if let Some(f) = fraction {
            let n: i128 = f.parse().unwrap_or(0);
            nanos += n * 10i128.pow(9 - f.len() as u32);
        }
        return Some(TimeBound { nanos: if s.starts_with('-') { -nanos } else { nanos }, float: false });
    }
    None
}

/// A timespan from `{days => 1, hours => 2, ...}`; every field is optional.
pub fn from_fields(h: &crate::value::HashMap) -> TimeBound {
    let field = |name: &str| -> i128 {
        match h.get(&Value::from(name)) {
            Some(Value::Integer(i)) => i128::from(*i),
            _ => 0,
        }
    };
    let nanos = ((((field("days") * 24 + field("hours")) * 60 + field("minutes")) * 60 + field("seconds")) * 1000
        + field("milliseconds"))
        * 1000
        * 1000
        + field("microseconds") * 1000
        + field("nanoseconds");
    let negative = matches!(h.get(&Value::from("negative")), Some(Value::Boolean(true)));
    TimeBound { nanos: if negative { -nanos } else { nanos }, float: false }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn largest_unit_takes_the_whole_span() {
        let three_hours = 3 * 3_600_000_000_000;
        assert_eq!(strftime(three_hours, "%H").unwrap(), "03");
        assert_eq!(strftime(three_hours, "%-H").unwrap(), "3");
        assert_eq!(strftime(three_hours, "%10H").unwrap(), "0000000003");
        assert_eq!(strftime(3_000_000_000, "%L").unwrap(), "3000");
        assert_eq!(strftime(3000, "%_N").unwrap(), "3000     ");
        assert_eq!(strftime(3_000_000_000, "%_3N").unwrap(), "3000");
    }

    #[test]
    fn formats_parse() {
        let day = 86_400_000_000_000i128;
        assert_eq!(
            parse("1d11h23m", &["%Dd%Hh%Mm".into()]).unwrap().nanos,
            day + 11 * 3_600_000_000_000 + 23 * 60_000_000_000
        );
        assert_eq!(parse("3-11:00", &[]).unwrap().nanos, 3 * day + 11 * 3_600_000_000_000);
        assert!(parse("x", &[]).is_err());
    }
}
