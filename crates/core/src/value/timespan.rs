//! Timespan values: a signed count of nanoseconds. Spec: "Timespan" —
//! created from seconds, fields or strings with `%D %H %M %S %L %N` formats,
//! and printed with the same directives (`strftime`), where the largest unit in
//! a format takes the whole span (`%H` of two days is `48`).

use crate::error::CoreError;
use crate::types::time::{TimeBound, TIMESPAN_FORMATS};

const NANOS: [(char, i128); 6] = [
    ('D', 86_400_000_000_000),
    ('H', 3_600_000_000_000),
    ('M', 60_000_000_000),
    ('S', 1_000_000_000),
    ('L', 1_000_000),
    ('N', 1),
];

/// One parsed directive of a timespan format.
#[derive(Clone, Copy)]
struct Directive {
    flag: Option<char>,
    width: Option<usize>,
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
        let mut width = None;
        while let Some(d) = chars.next_if(char::is_ascii_digit) {
            let w = width.unwrap_or(0usize).saturating_mul(10).saturating_add(d.to_digit(10).unwrap_or(0) as usize);
            // Ruby's `format`, which Puppet pads with, refuses widths past INT_MAX.
            if w > crate::format::MAX_WIDTH {
                return Err(CoreError::Operand("width too big".into()));
            }
            width = Some(w);
        }
        match chars.next() {
            Some('%') => text.push('%'),
            Some(letter @ ('D' | 'H' | 'M' | 'S' | 'L' | 'N')) => {
                if !text.is_empty() {
                    out.push(Piece::Text(std::mem::take(&mut text)));
                }
                out.push(Piece::Field(Directive { flag, width, letter }));
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

/// Formats `nanos` with `fmt`, as Puppet's `strftime` does for a Timespan.
pub fn strftime(nanos: i128, fmt: &str) -> Result<String, CoreError> {
    let pieces = pieces(fmt)?;
    let largest = pieces
        .iter()
        .filter_map(|p| match p {
            Piece::Field(d) if d.letter != 'N' => Some(unit(d.letter)),
            _ => None,
        })
        .max();
    let negative = nanos < 0;
    let total = nanos.abs();
    let mut out = String::new();
    if negative {
        out.push('-');
    }
    for piece in &pieces {
        let Piece::Field(d) = piece else {
            if let Piece::Text(t) = piece {
                out.push_str(t);
            }
            continue;
        };
        if d.letter == 'N' {
            let digits = d.width.unwrap_or(9).min(9);
            let whole_field = largest.is_none();
            let fraction = if whole_field {
                total / 10i128.pow(9 - digits as u32)
            } else {
                (total % 1_000_000_000) / 10i128.pow(9 - digits as u32)
            };
            let text = if whole_field {
                fraction.to_string()
            } else {
                crate::format::pad::left(&fraction.to_string(), digits, '0')
            };
            // A fraction drops (`-`) or blanks (`_`) its trailing zeros; a
            // whole-span count is never padded by those flags.
            let trimmed = text.trim_end_matches('0');
            out.push_str(&match (d.flag, whole_field) {
                (Some('-'), false) => {
                    if trimmed.is_empty() {
                        "0".to_string()
                    } else {
                        trimmed.to_string()
                    }
                }
                (Some('_'), false) => crate::format::pad::right(trimmed, digits, ' '),
                (Some('_'), true) => crate::format::pad::right(&text, digits, ' '),
                _ => text,
            });
            continue;
        }
        let u = unit(d.letter);
        let value = if Some(u) == largest {
            total / u
        } else {
            let above = NANOS.iter().map(|(_, n)| *n).filter(|n| *n > u).min().unwrap_or(i128::MAX);
            (total % above) / u
        };
        let default_width = match d.letter {
            'D' => 1,
            'L' => 3,
            _ => 2,
        };
        let text = value.to_string();
        let width = d.width.unwrap_or(default_width);
        out.push_str(&match d.flag {
            Some('-') => text,
            Some('_') => crate::format::pad::left(&text, width, ' '),
            _ => crate::format::pad::left(&text, width, '0'),
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
    let defaults: Vec<String> = TIMESPAN_FORMATS.split(", ").map(str::to_string).collect();
    let list = if formats.is_empty() { &defaults } else { formats };
    // A fraction means nothing without a larger unit before it.
    for f in list {
        let fields: Vec<char> = pieces(f)?
            .iter()
            .filter_map(|p| match p {
                Piece::Field(d) => Some(d.letter),
                Piece::Text(_) => None,
            })
            .collect();
        if !fields.is_empty() && fields.iter().all(|l| matches!(l, 'L' | 'N')) {
            return Err(CoreError::Operand(
                "Format specifiers %L and %N denotes fractions and must be used together with a specifier of higher magnitude"
                    .into(),
            ));
        }
    }
    list.iter().find_map(|f| parse_one(text, f)).map(|nanos| TimeBound { nanos, float: false }).ok_or_else(|| {
        CoreError::Operand(format!("Unable to parse '{text}' using any of the formats {}", list.join(", ")))
    })
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
