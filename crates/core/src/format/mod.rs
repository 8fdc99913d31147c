//! The String format language: `String(value, formats)`. A format map picks,
//! for each value, the directive of the most specific type it matches, merged
//! over Puppet's defaults (`%f` for a top-level Float, `%p` — quoted strings,
//! shortest floats — for everything inside arrays and hashes).
//! Spec: "Conversion to String".

mod container;
mod exact;
mod map;
mod number;
pub(crate) mod pad;
pub(crate) mod spec;
mod sprintf;
mod strftime;

use crate::types::{by_name, infer::infer};
use crate::value::{puppet_double_quote, puppet_quote, Value};

use container::Indentation;
use map::Formats;

pub use number::{format_float, format_integer};
pub use spec::{FormatError, Spec, MAX_WIDTH};
pub use sprintf::sprintf;
pub use strftime::{strftime, weekday_name, MONTHS};

/// `String(value, formats)`: `formats` is absent/`default`, one directive for
/// the value itself, or a hash from types to formats.
pub fn string(v: &Value, formats: Option<&Value>) -> Result<String, FormatError> {
    let defaults = Formats::defaults();
    let merged;
    let map = match formats {
        None | Some(Value::Default) => defaults,
        Some(Value::String(s)) => {
            // A directive for an array or hash applies to every array or hash
            // inside it too; for anything else, to the value's own type.
            let key = match v {
                Value::Array(_) => by_name("Array"),
                Value::Hash(_) => by_name("Hash"),
                _ => None,
            };
            let format = map::Format::simple(Spec::parse(s)?);
            let Some(key) = key else {
                // An integer always keeps its own directive: of the defaults
                // only `Numeric` and `Any` hold integers, and both accept its
                // inferred `Integer[n, n]`, so `yield_to_value_type` holds and
                // `render` picks the one entry. Spares `String(n, '%05d')`
                // per element the inference, the one-entry map and the checks.
                if let Value::Integer(_) = v {
                    return scalar_text(&format.spec, v);
                }
                let own = Formats::single(infer(v), format);
                if defaults.yield_to_value_type(&own, v)? {
                    return render(v, &own, Indentation::TOP);
                }
                merged = defaults.merged(&own);
                return render(v, &merged, Indentation::TOP);
            };
            merged = defaults.merged(&Formats::single(key, format));
            &merged
        }
        Some(Value::Hash(h)) => {
            merged = defaults.merged(&Formats::parse(h)?);
            &merged
        }
        Some(other) => {
            return Err(FormatError::BadFormats(format!(
                "String() expects a format String or a Hash of formats, got {}",
                other.type_name()
            )))
        }
    };
    render(v, map, Indentation::TOP)
}

/// How Puppet shows a resource parameter's value in its log
/// (`defined 'message' as …`): collections in the alternate `%#p` layout,
/// strings quoted, everything else by the defaults.
pub fn parameter_text(v: &Value) -> String {
    let mut formats = crate::HashMap::new();
    for (name, directive) in [("Collection", "%#p"), ("Binary", "%p"), ("String", "%p"), ("Runtime", "%p")] {
        if let Some(t) = by_name(name) {
            formats.insert(Value::from_type(t), Value::from(directive));
        }
    }
    string(v, Some(&Value::hash(formats))).unwrap_or_else(|_| crate::value::to_s(v))
}

/// Formats `v` with the entry `map` selects for it (`%s` when none does).
fn render(v: &Value, map: &Formats, indentation: Indentation) -> Result<String, FormatError> {
    let fallback;
    let format = match map.select(v)? {
        Some(f) => f,
        None => {
            fallback = map::Format::simple(Spec::parse("%s")?);
            &fallback
        }
    };
    match v {
        Value::Array(items) => container::array(items, format, map, indentation),
        Value::Hash(entries) => container::hash(entries, format, map, indentation),
        scalar => scalar_text(&format.spec, scalar),
    }
}

/// Capitalises the first letter and lower-cases the rest (Ruby's `capitalize`).
fn capitalize(s: &str) -> String {
    let mut cs = s.chars();
    cs.next().map_or_else(String::new, |c| c.to_uppercase().chain(cs.flat_map(char::to_lowercase)).collect())
}

fn quoted_if(alt: bool, text: String) -> String {
    if alt {
        puppet_double_quote(&text)
    } else {
        text
    }
}

pub(super) fn unsupported(spec: &Spec, type_name: &str, allowed: &'static str) -> FormatError {
    FormatError::Unsupported { letter: spec.letter, type_name: type_name.into(), allowed }
}

fn scalar_text(spec: &Spec, v: &Value) -> Result<String, FormatError> {
    Ok(match v {
        Value::Integer(n) => match spec.letter {
            's' => {
                let text = quoted_if(spec.alt, n.to_string());
                spec.pad(spec.truncate(text))
            }
            'c' => {
                // Ruby's `pack('U')` refuses what is not a code point.
                let c = u32::try_from(*n)
                    .ok()
                    .and_then(char::from_u32)
                    .ok_or_else(|| FormatError::BadFormats("pack(U): value out of range".into()))?;
                let text = c.to_string();
                spec.pad(if spec.alt { puppet_double_quote(&text) } else { text })
            }
            // `%p` is the plain text: width and precision, no sign or zeros.
            'p' => spec.pad(spec.truncate(n.to_string())),
            _ => format_integer(spec, *n)?,
        },
        Value::Float(f) => format_float(spec, *f)?,
        Value::String(s) => {
            let text = match spec.letter {
                's' | 'p' => s.to_string(),
                'c' => capitalize(s),
                'C' => s.split("::").map(capitalize).collect::<Vec<_>>().join("::"),
                'd' => s.to_lowercase(),
                'u' => s.to_uppercase(),
                't' => s.trim().to_string(),
                _ => return Err(unsupported(spec, "String", "cCudspt")),
            };
            // Quoting comes first: the precision cuts the quoted text. `%s`
            // never quotes (Ruby ignores `#` there).
            let text = match (spec.letter, spec.alt) {
                ('s', _) => text,
                ('p', true) => puppet_double_quote(&text),
                ('p', false) | (_, true) => puppet_quote(&text),
                _ => text,
            };
            spec.pad(spec.truncate(text))
        }
        Value::Boolean(b) => match spec.letter {
            't' | 'T' | 'y' | 'Y' => {
                let (yes, no) = if matches!(spec.letter, 't' | 'T') { ("true", "false") } else { ("yes", "no") };
                let word = if *b { yes } else { no };
                let word = if spec.alt { word[..1].to_string() } else { word.to_string() };
                spec.pad(if spec.letter.is_uppercase() { capitalize(&word) } else { word })
            }
            's' | 'p' => spec.pad(spec.truncate(b.to_string())),
            'd' | 'x' | 'X' | 'o' | 'b' | 'B' => format_integer(spec, i64::from(*b))?,
            'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => format_float(spec, if *b { 1.0 } else { 0.0 })?,
            _ => return Err(unsupported(spec, "Boolean", "tTyYdxXobBeEfgGaAsp")),
        },
        Value::Undef => spec.pad(match spec.letter {
            's' => quoted_if(spec.alt, String::new()),
            'p' => quoted_if(spec.alt, "undef".into()),
            'n' => if spec.alt { "null" } else { "nil" }.into(),
            'u' => if spec.alt { "undefined" } else { "undef" }.into(),
            'v' => "n/a".into(),
            'V' => "N/A".into(),
            'd' | 'x' | 'X' | 'o' | 'b' | 'B' | 'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => "NaN".into(),
            _ => return Err(unsupported(spec, "Undef", "nudxXobBeEfgGaAvVsp")),
        }),
        Value::Default => spec.pad(match spec.letter {
            'd' | 's' | 'p' => quoted_if(spec.alt, "default".into()),
            'D' => quoted_if(spec.alt, "Default".into()),
            _ => return Err(unsupported(spec, "Default", "dDsp")),
        }),
        Value::Regexp(r) => spec.pad(match spec.letter {
            's' if spec.alt => spec.truncate(puppet_quote(&r.source().replace("\\/", "/"))),
            's' => spec.truncate(r.source().replace("\\/", "/")),
            // The literal form: a `/` of the source is escaped.
            'p' => format!("/{}/", escape_slashes(r.source())),
            _ => return Err(unsupported(spec, "Regexp", "sp")),
        }),
        Value::Type(t) => spec.pad(match spec.letter {
            's' => spec.truncate(quoted_if(spec.alt, t.to_string())),
            'p' => spec.truncate(t.to_string()),
            _ => return Err(unsupported(spec, "Type", "sp")),
        }),
        Value::Binary(b) => {
            use crate::value::binary::{lines, strict, url_safe};
            // Ruby formats the text with `%s`, or with `#` its `inspect`
            // (bytes of a binary string escaped as `\xHH`); width and
            // precision apply to that text.
            let text = match spec.letter {
                's' if spec.alt => return Ok(spec.pad(spec.truncate(crate::ruby_compat::inspect_binary(b)))),
                // Ruby fails to convert the first byte that is not UTF-8.
                's' => String::from_utf8(b.to_vec()).map_err(|e| {
                    let byte = b[e.utf8_error().valid_up_to()];
                    FormatError::BadFormats(format!("\"\\x{byte:02X}\" from ASCII-8BIT to UTF-8"))
                })?,
                'p' => return Ok(format!("Binary(\"{}\")", spec.pad(spec.truncate(strict(b))))),
                'b' => lines(b),
                'B' => strict(b),
                'u' => url_safe(b),
                't' => "Binary".into(),
                'T' => "BINARY".into(),
                _ => return Err(unsupported(spec, "Binary", "bButTsp")),
            };
            spec.pad(spec.truncate(if spec.alt { puppet_double_quote(&text) } else { text }))
        }
        // Puppet has no Timespan formats: Ruby's `format` converts the value
        // with `to_s`, `to_i` (whole seconds) or `to_f` (seconds).
        Value::Timespan(t) => match spec.letter {
            's' => spec.pad(spec.truncate(crate::value::to_s(v))),
            'p' => spec.pad(format!("Timespan('{}')", crate::value::to_s(v))),
            'd' | 'x' | 'X' | 'o' | 'b' | 'B' | 'c' => {
                let whole = i64::try_from(t.nanos.div_euclid(1_000_000_000)).unwrap_or(i64::MAX);
                scalar_text(spec, &Value::Integer(whole))?
            }
            'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => format_float(spec, t.nanos as f64 / 1e9)?,
            other => return Err(FormatError::BadFormats(format!("malformed format string - %{other}"))),
        },
        // Versions format with Ruby's `format` too: as text, or not at all.
        Value::SemVerRange(r) if spec.letter == 'p' => spec.pad(spec.truncate(r.canonical())),
        Value::SemVer(_) | Value::SemVerRange(_) => match spec.letter {
            's' | 'p' => spec.pad(spec.truncate(crate::value::to_s(v))),
            letter => {
                let class = if matches!(v, Value::SemVer(_)) { "Version" } else { "VersionRange" };
                let target = match letter {
                    'd' | 'x' | 'X' | 'o' | 'b' | 'B' | 'c' => "Integer",
                    'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => "Float",
                    other => return Err(FormatError::BadFormats(format!("malformed format string - %{other}"))),
                };
                return Err(FormatError::BadFormats(format!("can't convert SemanticPuppet::{class} into {target}")));
            }
        },
        // Only the redacted form, whatever the directive.
        Value::Sensitive(_) if spec.letter == 'p' => spec.pad("#<Sensitive [value redacted]>".into()),
        Value::Timestamp(t) => timestamp_text(spec, *t)?,
        Value::Uri(u) => spec.pad(match (spec.letter, spec.alt) {
            ('p', _) => format!("URI({})", puppet_quote(u.as_str())),
            ('s', true) => spec.truncate(puppet_quote(u.as_str())),
            ('s', false) => spec.truncate(u.as_str().to_string()),
            _ => return Err(unsupported(spec, "URI", "sp")),
        }),
        other => spec.pad(crate::value::to_s(other)),
    })
}

/// A Timestamp: `%s` its text, the integer letters its whole seconds, the
/// float letters its seconds with the fraction. Puppet hands any other letter
/// to Ruby's `format` with the value, which rejects it (and prints `%p` as a
/// Ruby object dump with a memory address; confer prints the spec's form).
/// Spec: "Timestamp to String".
fn timestamp_text(spec: &Spec, nanos: i128) -> Result<String, FormatError> {
    let text = crate::value::timestamp::format_default(nanos);
    Ok(match spec.letter {
        's' => spec.pad(spec.truncate(text)),
        'p' => spec.pad(format!("Timestamp('{text}')")),
        'd' | 'x' | 'X' | 'o' | 'b' | 'B' => {
            let seconds = nanos.div_euclid(crate::value::timestamp::NANOS_PER_SEC);
            let seconds =
                i64::try_from(seconds).map_err(|_| FormatError::BadFormats("Timestamp out of range".into()))?;
            format_integer(spec, seconds)?
        }
        'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => format_float(spec, nanos as f64 / 1e9)?,
        other => return Err(FormatError::BadFormats(format!("malformed format string - %{other}"))),
    })
}

/// Escapes each `/` that is not escaped yet, as a regexp literal needs.
pub fn escape_slashes(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    let mut escaped = false;
    for c in source.chars() {
        if c == '/' && !escaped {
            out.push('\\');
        }
        escaped = c == '\\' && !escaped;
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: Value, f: &str) -> String {
        string(&v, Some(&Value::from(f))).unwrap()
    }

    #[test]
    fn an_integer_keeps_its_own_directive() {
        let defaults = Formats::defaults();
        for n in [i64::MIN, -300, -1, 0, 7, 65, 12345, i64::MAX] {
            let v = Value::Integer(n);
            for directive in
                ["%d", "%05d", "%-8d", "%+.3d", "%x", "%#X", "%#o", "%b", "%s", "%#p", "%e", "%10.2f", "%g"]
            {
                let own = Formats::single(infer(&v), map::Format::simple(Spec::parse(directive).unwrap()));
                assert!(defaults.yield_to_value_type(&own, &v).unwrap(), "{n} {directive}");
                assert_eq!(
                    string(&v, Some(&Value::from(directive))),
                    render(&v, &own, Indentation::TOP),
                    "{n} {directive}"
                );
            }
        }
    }

    #[test]
    fn top_level_defaults() {
        assert_eq!(string(&Value::Float(1.5), None).unwrap(), "1.500000");
        assert_eq!(
            string(&Value::array(vec![Value::Float(1.5), "x".into(), Value::Undef, true.into()]), None).unwrap(),
            "[1.5, 'x', undef, true]"
        );
        assert_eq!(string(&"a".into(), None).unwrap(), "a");
    }

    #[test]
    fn scalars() {
        assert_eq!(s(10.into(), "%#s"), "\"10\"");
        assert_eq!(s("abc".into(), "%5s"), "  abc");
        assert_eq!(s("abcdef".into(), "%.2s"), "ab");
        assert_eq!(s("a'b".into(), "%p"), "'a\\'b'");
        assert_eq!(s(true.into(), "%#t"), "t");
        assert_eq!(s(true.into(), "%Y"), "Yes");
        assert_eq!(s(Value::Undef, "%#n"), "null");
        assert_eq!(s(Value::Undef, "%d"), "NaN");
        assert_eq!(s("hello::world".into(), "%C"), "Hello::World");
    }

    #[test]
    fn containers() {
        let a = Value::array(vec![1.into(), 2.into()]);
        assert_eq!(s(a.clone(), "%<a"), "<1, 2>");
        assert_eq!(s(a.clone(), "%|a"), "|1, 2|");
        assert_eq!(s(a, "% a"), "1, 2");
        let mut h = crate::HashMap::new();
        h.insert("a".into(), 1.into());
        assert_eq!(s(Value::hash(h.clone()), "%(h"), "('a' => 1)");
        assert_eq!(s(Value::hash(h), "%a"), "[['a', 1]]");
    }

    /// The shortcut for a scalar's own directive gives what merging it over
    /// the defaults and selecting gives, text or error alike.
    #[test]
    fn a_scalar_directive_skips_the_merge_without_changing_the_result() {
        let values = [
            Value::Integer(5),
            Value::Integer(-300),
            Value::Float(2.5),
            Value::from("abc"),
            Value::Boolean(true),
            Value::Undef,
            Value::Default,
            Value::from_type(crate::types::Type::integer()),
        ];
        for v in &values {
            for directive in ["%05d", "%s", "%p", "%#x", "%.2f", "%-6s|", "%u", "%b", "%e", "%y"] {
                let Ok(spec) = Spec::parse(directive) else { continue };
                let own = Formats::single(infer(v), map::Format::simple(spec));
                let full = render(v, &Formats::defaults().merged(&own), Indentation::TOP);
                assert_eq!(string(v, Some(&Value::from(directive))), full, "{v:?} with {directive}");
            }
        }
    }
}
