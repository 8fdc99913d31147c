//! The text a value becomes when it is interpolated into a string or logged with
//! `notice`. Spec: "To String Conversions".

use std::fmt::{self, Write};

use super::Value;
use crate::ruby_compat::float_to_s;

/// The interpolation form of `v`: strings as they are (also inside arrays and
/// hashes), `undef` as nothing, arrays as `[a, b]`, hashes as `{k => v}`, regexps
/// as `/src/`, floats as Ruby prints them, types in their source form, and
/// sensitive values redacted.
pub fn to_s(v: &Value) -> String {
    let mut out = String::new();
    // Writing into a String cannot fail.
    let _ = write_to_s(&mut out, v);
    out
}

/// Appends [`to_s`] of `v` to `out`: interpolation builds its string in
/// place instead of making one per part.
pub fn push_to_s(out: &mut String, v: &Value) {
    // Writing into a String cannot fail.
    let _ = write_to_s(out, v);
}

fn write_to_s(out: &mut String, v: &Value) -> fmt::Result {
    match v {
        Value::Undef => Ok(()),
        Value::Default => out.write_str("default"),
        Value::Boolean(b) => write!(out, "{b}"),
        Value::Integer(i) => write!(out, "{i}"),
        Value::Float(f) => out.write_str(&float_to_s(*f)),
        Value::String(s) => out.write_str(s),
        Value::Regexp(r) => write!(out, "/{}/", r.source()),
        Value::Array(items) => {
            out.write_char('[')?;
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.write_str(", ")?;
                }
                write_to_s(out, item)?;
            }
            out.write_char(']')
        }
        Value::Hash(map) => {
            out.write_char('{')?;
            for (i, (k, val)) in map.iter().enumerate() {
                if i > 0 {
                    out.write_str(", ")?;
                }
                write_to_s(out, k)?;
                out.write_str(" => ")?;
                write_to_s(out, val)?;
            }
            out.write_char('}')
        }
        Value::Type(t) => write!(out, "{t}"),
        Value::Sensitive(_) => out.write_str("Sensitive [value redacted]"),
        Value::Uri(u) => out.write_str(u.as_str()),
        Value::SemVer(v) => write!(out, "{v}"),
        Value::SemVerRange(r) => out.write_str(r.text()),
        Value::Object(o) => {
            let init = crate::format::string(&o.init_hash(), None).map_err(|_| std::fmt::Error)?;
            write!(out, "{}({init})", o.ty.label())
        }
        Value::Deferred(d) => {
            let init = crate::format::string(&d.init_hash(), None).map_err(|_| std::fmt::Error)?;
            write!(out, "Deferred({init})")
        }
        // A value prints with Puppet's `%D-%H:%M:%S.%-N` (no trailing zeros in
        // the fraction), however it was made.
        Value::Timespan(t) => {
            out.write_str(&crate::value::timespan::format_default(crate::value::timespan::TimeBound {
                float: false,
                ..*t
            }))
        }
        Value::Timestamp(t) => out.write_str(&crate::value::timestamp::format_default(*t)),
        Value::Binary(b) => out.write_str(&super::binary::strict(b)),
        Value::Iterator(_) => write!(out, "{}-Value", iterator_type_name(v)),
        Value::Runtime(r) => out.write_str(&r.text()),
    }
}

/// The type an iterator prints as (`Iterator[Integer]`): its elements' common
/// general type.
fn iterator_type_name(v: &Value) -> String {
    let Ok(elems) = super::iterable::elements(v) else {
        return "Iterator".to_string();
    };
    let names: std::collections::BTreeSet<String> =
        elems.into_values().iter().map(crate::types::infer::general_type_name).collect();
    match names.len() {
        1 => format!("Iterator[{}]", names.into_iter().next().unwrap_or_default()),
        _ => "Iterator".to_string(),
    }
}

/// Quotes a string the way Puppet's programmatic (`%p`) form does: single
/// quotes with `\'` for a quote (a backslash is kept as written, doubled only at
/// the very end), or double quotes with escapes when the string holds control
/// characters.
pub fn puppet_quote(s: &str) -> String {
    if s.chars().any(|c| (c as u32) < 0x20) {
        return puppet_double_quote(s);
    }
    let mut out = String::with_capacity(s.len() + 2);
    out.push('\'');
    let mut escaped = false;
    for c in s.chars() {
        if escaped {
            out.push('\\');
            out.push(c);
            escaped = false;
        } else if c == '\'' {
            out.push_str("\\'");
        } else if c == '\\' {
            escaped = true;
        } else {
            out.push(c);
        }
    }
    if escaped {
        out.push('\\');
    }
    out.push('\'');
    out
}

/// The double-quoted form, with every character a Puppet double-quoted string
/// would interpret escaped.
pub fn puppet_double_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '"' => out.push_str("\\\""),
            '$' => out.push_str("\\$"),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{{{:X}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&to_s(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::HashMap;

    #[test]
    fn containers_print_strings_bare_and_undef_empty() {
        let v = Value::array(vec!["a".into(), Value::Integer(1), Value::Undef, Value::Float(1.5)]);
        assert_eq!(to_s(&v), "[a, 1, , 1.5]");
        let mut m = HashMap::new();
        m.insert("k".into(), Value::array(vec![]));
        assert_eq!(to_s(&Value::hash(m)), "{k => []}");
    }

    #[test]
    fn sensitive_is_redacted() {
        let v = Value::Sensitive(std::sync::Arc::new("secret".into()));
        assert_eq!(to_s(&Value::array(vec![v])), "[Sensitive [value redacted]]");
    }

    #[test]
    fn quoting_prefers_single_quotes() {
        assert_eq!(puppet_quote("abc"), "'abc'");
        assert_eq!(puppet_quote("b'c"), r"'b\'c'");
        assert_eq!(puppet_quote("a\nb"), r#""a\nb""#);
        assert_eq!(puppet_quote(r"escape the last \"), r"'escape the last \'");
        assert_eq!(puppet_quote("escape the $ sign\n"), r#""escape the \$ sign\n""#);
    }
}
