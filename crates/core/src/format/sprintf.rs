//! `sprintf`: Ruby's `Kernel#format`, which Puppet's `sprintf` calls with the
//! Puppet values converted to Ruby ones — so `%s` shows containers in Ruby's
//! inspect form (`{"foo"=>1}`), and `%<name>d` / `%{name}` take values from a
//! hash argument.

use super::number::{format_float, format_integer};
use super::spec::{FormatError, Spec};
use crate::ruby_compat::{inspect as ruby_inspect, to_s as ruby_to_s};
use crate::Value;

fn formatted(spec: &Spec, v: &Value) -> Result<String, FormatError> {
    // Puppet passes an undef argument to Ruby's format as an empty string.
    let empty = Value::from("");
    let v = if v.is_undef() { &empty } else { v };
    let bad = || FormatError::BadFormats(format!("sprintf: '{}' cannot format a {}", spec.source, v.type_name()));
    // Ruby's `Integer()` and `Float()` fail on text that is no number with
    // the text inspected; a Binary is converted as its Base64 text.
    let invalid = |kind: &str, text: &str| {
        FormatError::BadFormats(format!("invalid value for {kind}(): {}", ruby_inspect(&Value::from(text))))
    };
    let text = match v {
        Value::String(s) => Some(s.to_string()),
        Value::Binary(_) => Some(ruby_to_s(v)),
        _ => None,
    };
    match spec.letter {
        // `%c` takes a string's only character.
        'c' if text.is_some() => {
            let text = text.unwrap_or_default();
            let mut chars = text.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => Ok(spec.pad(c.to_string())),
                _ => Err(FormatError::BadFormats("%c requires a character".into())),
            }
        }
        'd' | 'i' | 'u' | 'x' | 'X' | 'o' | 'b' | 'B' | 'c' => match (v, text) {
            (Value::Integer(n), _) => format_integer(spec, *n),
            // An out-of-range float saturates here only to fail as `invalid character`.
            (Value::Float(f), _) if spec.letter == 'c' => format_integer(spec, f.trunc() as i64),
            (Value::Float(f), _) => format_float(spec, *f),
            // Ruby's `Integer()` reads the string, prefixes included.
            (_, Some(s)) => crate::convert::parse_integer(s.trim(), None)
                .map_err(|_| invalid("Integer", &s))
                .and_then(|n| format_integer(spec, n)),
            _ => Err(bad()),
        },
        'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => match (v, text) {
            (Value::Integer(n), _) => format_float(spec, *n as f64),
            (Value::Float(f), _) => format_float(spec, *f),
            (_, Some(s)) => crate::convert::parse_float(s.trim())
                .map_err(|_| invalid("Float", &s))
                .and_then(|f| format_float(spec, f)),
            _ => Err(bad()),
        },
        's' | 'p' => {
            let text = if spec.letter == 'p' { ruby_inspect(v) } else { ruby_to_s(v) };
            Ok(spec.pad(spec.truncate(text)))
        }
        other => Err(FormatError::BadFormats(format!("malformed format string - %{other}"))),
    }
}

/// Splits a leading `N$` (the argument to format, counted from 1) off a
/// directive's flags and width.
fn positional(body: &str) -> (Option<usize>, &str) {
    let digits = body.chars().take_while(char::is_ascii_digit).count();
    match body[digits..].strip_prefix('$') {
        Some(rest) if digits > 0 => (body[..digits].parse().ok(), rest),
        _ => (None, body),
    }
}

/// Replaces each `*` (or `*N$`) of a width or precision by the integer
/// argument it takes; a negative width left-justifies, as in Ruby.
fn resolve_stars(
    body: &str,
    take: &mut dyn FnMut(Option<usize>) -> Result<Value, FormatError>,
) -> Result<String, FormatError> {
    let mut out = String::new();
    let mut left = false;
    let mut rest = body;
    while let Some(star) = rest.find('*') {
        out.push_str(&rest[..star]);
        let after = &rest[star + 1..];
        let (at, after) = positional(after);
        let n = match take(at)? {
            Value::Integer(n) => n,
            other => {
                return Err(FormatError::BadFormats(format!(
                    "sprintf: a '*' width or precision needs an Integer, got {}",
                    other.type_name()
                )))
            }
        };
        let is_precision = out.ends_with('.');
        if n < 0 && !is_precision {
            left = true;
        }
        out.push_str(&n.unsigned_abs().to_string());
        rest = after;
    }
    out.push_str(rest);
    Ok(if left { format!("-{out}") } else { out })
}

/// Formats `args` by `fmt`.
pub fn sprintf(fmt: &str, args: &[Value]) -> Result<String, FormatError> {
    let mut out = String::new();
    let mut next = args.iter();
    let named = |name: &str| -> Result<Value, FormatError> {
        match args.first() {
            Some(Value::Hash(h)) => h
                .get(&Value::from(name))
                .cloned()
                .ok_or_else(|| FormatError::BadFormats(format!("key<{name}> not found"))),
            _ => Err(FormatError::BadFormats("sprintf: a named reference needs a hash argument".into())),
        }
    };
    let mut rest = fmt;
    while let Some(at) = rest.find('%') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        if let Some(after) = rest.strip_prefix("%%") {
            out.push('%');
            rest = after;
            continue;
        }
        if let Some(body) = rest.strip_prefix("%{") {
            let end = body.find('}').ok_or_else(|| FormatError::Malformed(rest.to_string()))?;
            out.push_str(&ruby_to_s(&named(&body[..end])?));
            rest = &body[end + 1..];
            continue;
        }
        let (name, directive_start) = match rest.strip_prefix("%<") {
            Some(body) => {
                let end = body.find('>').ok_or_else(|| FormatError::Malformed(rest.to_string()))?;
                (Some(&body[..end]), 2 + end + 1)
            }
            None => (None, 1),
        };
        let tail = &rest[directive_start..];
        let letter_at =
            tail.find(|c: char| c.is_ascii_alphabetic()).ok_or_else(|| FormatError::Malformed(rest.to_string()))?;
        let (position, body) = positional(&tail[..letter_at]);
        let mut take = |at: Option<usize>| -> Result<Value, FormatError> {
            let v = match at {
                Some(n) => n.checked_sub(1).and_then(|i| args.get(i)),
                None => next.next(),
            };
            v.cloned().ok_or_else(|| FormatError::BadFormats("too few arguments".into()))
        };
        let body = resolve_stars(body, &mut take)?;
        let spec = Spec::parse(&format!("%{body}{}", &tail[letter_at..=letter_at]))?;
        let value = match (name, position) {
            (Some(n), _) => named(n)?,
            (None, at) => take(at)?,
        };
        out.push_str(&formatted(&spec, &value)?);
        rest = &tail[letter_at + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ruby_format_rules() {
        assert_eq!(sprintf("%+05d", &[23.into()]).unwrap(), "+0023");
        assert_eq!(sprintf("%+.2f", &[2.7149.into()]).unwrap(), "+2.71");
        assert_eq!(
            sprintf("<%.8s:%#5o %#8X (%-8s)>", &["overlongstring".into(), 23.into(), 48879.into(), "foo".into()])
                .unwrap(),
            "<overlong:  027   0XBEEF (foo     )>"
        );
        let mut h = crate::HashMap::new();
        h.insert("foo".into(), 1.into());
        h.insert("bar".into(), 2.into());
        let h = Value::hash(h);
        assert_eq!(sprintf("%<foo>d : %<bar>f", std::slice::from_ref(&h)).unwrap(), "1 : 2.000000");
        assert_eq!(sprintf("%{foo}d : %{bar}f", std::slice::from_ref(&h)).unwrap(), "1d : 2f");
        assert_eq!(sprintf("%s", &[h]).unwrap(), "{\"foo\"=>1, \"bar\"=>2}");
        assert!(sprintf("%<zanzibar>f", &[Value::hash(crate::HashMap::new())]).is_err());
    }
}
