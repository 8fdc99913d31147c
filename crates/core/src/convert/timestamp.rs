//! `Timestamp.new`: the current time, seconds since the epoch, or a string
//! read with formats (Puppet's defaults when none are given) in a time zone,
//! the last also as a hash. Spec: "Timestamp"; the signatures and errors are
//! Puppet 7's `new_timestamp`.

use super::strptime::strptime;
use super::{invalid, ConvertError};
use crate::value::timestamp::{from_float_seconds, from_seconds, local_offset, now};
use crate::value::zone::utc_offset;
use crate::Value;

/// Puppet's default formats, tried in order when no format is given.
pub(crate) const DEFAULT_FORMATS: [&str; 10] =
    ["%FT%T.%N %Z", "%FT%T %Z", "%F %T.%N %Z", "%F %T %Z", "%F %Z", "%FT%T.%N", "%FT%T", "%F %T.%N", "%F %T", "%F"];

/// The defaults without a zone, used when a time zone argument is given.
const DEFAULT_FORMATS_WITHOUT_ZONE: [&str; 5] = ["%FT%T.%N", "%FT%T", "%F %T.%N", "%F %T", "%F"];

/// Puppet's report when no signature of `new_timestamp` fits.
const SIGNATURES: &str = "The function 'new_timestamp' was called with arguments it does not accept. It expects one of:
  ()
  (Variant[Integer, Float] seconds)
  (String[1] string, Formats = Variant[String[2], Array[String[2], 1]] format?, String[1] timezone?)
  (Struct[{'string' => String[1], Optional['format'] => Formats, Optional['timezone'] => String[1]}] hash_arg)";

/// The formats to try: one (errors name it), or a list (errors name them all).
enum Formats {
    One(String),
    List(Vec<String>),
}

/// Creates a Timestamp.
pub fn timestamp(args: &[Value]) -> Result<Value, ConvertError> {
    let nanos = match args {
        [] => now(),
        [Value::Integer(i)] => from_seconds(*i),
        [Value::Float(f)] => from_float_seconds(*f).map_err(|e| invalid(e.to_string()))?,
        [Value::String(s), rest @ ..] if !s.is_empty() && rest.len() <= 2 => {
            let formats = rest.first().map(formats).transpose()?;
            let zone = match rest.get(1) {
                None => None,
                Some(Value::String(z)) if !z.is_empty() => Some(&**z),
                Some(_) => return Err(invalid(SIGNATURES)),
            };
            parse(s, formats, zone)?
        }
        [Value::Hash(h)] => {
            let known = ["string", "format", "timezone"];
            if h.keys().any(|k| !k.as_str().is_some_and(|k| known.contains(&k))) {
                return Err(invalid(SIGNATURES));
            }
            let text = match h.get(&Value::from("string")) {
                Some(Value::String(s)) if !s.is_empty() => s.clone(),
                _ => return Err(invalid(SIGNATURES)),
            };
            let formats = h.get(&Value::from("format")).map(formats).transpose()?;
            let zone = match h.get(&Value::from("timezone")) {
                None => None,
                Some(Value::String(z)) if !z.is_empty() => Some(&**z),
                Some(_) => return Err(invalid(SIGNATURES)),
            };
            parse(&text, formats, zone)?
        }
        _ => return Err(invalid(SIGNATURES)),
    };
    Ok(Value::Timestamp(nanos))
}

/// `Formats`: a String of at least 2 characters, or a non-empty Array of them.
fn formats(v: &Value) -> Result<Formats, ConvertError> {
    let format = |v: &Value| match v {
        Value::String(s) if s.chars().count() >= 2 => Ok(s.to_string()),
        _ => Err(invalid(SIGNATURES)),
    };
    match v {
        Value::Array(items) if !items.is_empty() => {
            Ok(Formats::List(items.iter().map(format).collect::<Result<_, _>>()?))
        }
        other => Ok(Formats::One(format(other)?)),
    }
}

/// Reads `text` with the first of the formats that fits, in `zone` when one
/// is given (a format must not read a zone then). Puppet's `Timestamp.parse`.
fn parse(text: &str, formats: Option<Formats>, zone: Option<&str>) -> Result<i128, ConvertError> {
    let formats = formats.unwrap_or_else(|| {
        let defaults: &[&str] = if zone.is_some() { &DEFAULT_FORMATS_WITHOUT_ZONE } else { &DEFAULT_FORMATS };
        Formats::List(defaults.iter().map(|f| f.to_string()).collect())
    });
    let list = match &formats {
        Formats::One(f) => std::slice::from_ref(f),
        Formats::List(l) => l.as_slice(),
    };
    if zone.is_some() && list.iter().any(|f| reads_zone(f)) {
        return Err(invalid(
            "Using a Timezone designator in format specification is mutually exclusive to providing an explicit timezone argument",
        ));
    }
    let offset = zone.map(zone_offset).transpose()?;
    let found = list.iter().find_map(|f| strptime(text, f, offset));
    match (found, &formats) {
        (Some(result), _) => result,
        (None, Formats::One(f)) => Err(invalid(format!("Unable to parse '{text}' using format '{f}'"))),
        (None, Formats::List(l)) => {
            Err(invalid(format!("Unable to parse '{text}' using any of the formats {}", l.join(", "))))
        }
    }
}

/// Reads a timestamp in one of Puppet's default formats (for the bounds of
/// `Timestamp['2015-03-01', …]`).
pub(crate) fn parse_default(text: &str) -> Result<i128, ConvertError> {
    parse(text, None, None)
}

/// Whether a format has a `%z` or `%Z` directive.
fn reads_zone(fmt: &str) -> bool {
    let mut chars = fmt.chars();
    while let Some(c) = chars.next() {
        if c == '%' {
            match chars.by_ref().find(|c| !matches!(c, '-' | '_' | '^' | '#' | ':' | '0'..='9')) {
                Some('z' | 'Z') => return true,
                _ => continue,
            }
        }
    }
    false
}

/// The offset of a time zone argument: `'current'` is the machine's zone now.
fn zone_offset(zone: &str) -> Result<i32, ConvertError> {
    if zone.eq_ignore_ascii_case("current") {
        return Ok(local_offset(now()));
    }
    utc_offset(zone).ok_or_else(|| invalid(format!("Illegal timezone '{zone}'")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::timestamp::format_default;

    fn ts(args: &[Value]) -> String {
        match timestamp(args) {
            Ok(Value::Timestamp(t)) => format_default(t),
            Ok(other) => format!("{other:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn signatures() {
        assert_eq!(ts(&[Value::Integer(1473150899)]), "2016-09-06T08:34:59.000000000 UTC");
        assert_eq!(ts(&["2015-03-01".into()]), "2015-03-01T00:00:00.000000000 UTC");
        assert_eq!(
            ts(&["Sunday, 28 August, 2016".into(), "%A, %d %B, %Y".into(), "EST".into()]),
            "2016-08-28T05:00:00.000000000 UTC"
        );
        assert_eq!(
            ts(&["2016".into(), "%Y %Z".into(), "EST".into()]),
            "Using a Timezone designator in format specification is mutually exclusive to providing an explicit timezone argument"
        );
        assert_eq!(ts(&["2015#03".into(), "%Y".into()]), "Unable to parse '2015#03' using format '%Y'");
        assert!(ts(&["2015".into(), Value::array(vec![])]).starts_with("The function 'new_timestamp'"));
        assert_eq!(ts(&["2015-03-01".into(), "%F".into(), "Foo".into()]), "Illegal timezone 'Foo'");
    }
}
