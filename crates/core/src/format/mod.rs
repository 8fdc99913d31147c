//! The String format language: `String(value, formats)`. A format map picks,
//! for each value, the directive of the most specific type it matches, merged
//! over Puppet's defaults (`%f` for a top-level Float, `%p` — quoted strings,
//! shortest floats — for everything inside arrays and hashes).
//! Spec: "Conversion to String".

mod number;
mod spec;
mod sprintf;
mod strftime;

use crate::types::{assignable, by_name, instance_of, Type};
use crate::value::{puppet_double_quote, puppet_quote, Value};

pub use number::{format_float, format_integer};
pub use spec::{FormatError, Spec};
pub use sprintf::sprintf;
pub use strftime::strftime;

/// What a format map gives for a type: a directive, or a container format
/// with separators and formats for the elements.
#[derive(Clone, Debug)]
enum Entry {
    Simple(Spec),
    Container { spec: Option<Spec>, separator: Option<String>, separator2: Option<String>, elements: Option<Formats> },
}

/// A format map: types with their entries, later entries overriding earlier
/// ones for the same type.
#[derive(Clone, Debug, Default)]
struct Formats(Vec<(Type, Entry)>);

fn named(name: &str) -> Type {
    by_name(name).unwrap_or(Type::Any)
}

fn simple(text: &str) -> Entry {
    Entry::Simple(Spec::parse(text).unwrap_or_default())
}

impl Formats {
    /// Puppet's top-level defaults.
    fn defaults() -> Formats {
        Formats(vec![
            (Type::Any, simple("%s")),
            (named("Numeric"), simple("%d")),
            (named("Float"), simple("%f")),
            (named("Array"), simple("%a")),
            (named("Hash"), simple("%h")),
            (named("Binary"), simple("%B")),
        ])
    }

    /// The defaults for values inside containers.
    fn element_defaults() -> Formats {
        Formats(vec![(Type::Any, simple("%p"))])
    }

    fn merged(&self, over: &Formats) -> Formats {
        let mut out = self.0.clone();
        for (t, e) in &over.0 {
            out.retain(|(u, _)| u != t);
            out.push((t.clone(), e.clone()));
        }
        Formats(out)
    }

    /// The entry of the most specific type `v` is an instance of.
    fn select(&self, v: &Value) -> Option<&Entry> {
        let matching: Vec<&(Type, Entry)> = self.0.iter().filter(|(t, _)| instance_of(t, v)).collect();
        matching
            .iter()
            .rev()
            .find(|(t, _)| matching.iter().all(|(u, _)| assignable(u, t)))
            .or_else(|| matching.last())
            .map(|(_, e)| e)
    }

    /// Reads a hash of `Type => format` or `Type => {format, separator, …}`.
    fn parse(map: &crate::HashMap) -> Result<Formats, FormatError> {
        let mut out = Vec::new();
        for (k, v) in map.iter() {
            let Value::Type(t) = k else {
                return Err(FormatError::BadFormats(format!("format map keys must be types, got {}", k.type_name())));
            };
            out.push(((**t).clone(), entry(v)?));
        }
        Ok(Formats(out))
    }
}

fn entry(v: &Value) -> Result<Entry, FormatError> {
    match v {
        Value::String(s) => Ok(Entry::Simple(Spec::parse(s)?)),
        Value::Hash(h) => {
            let text = |key: &str| h.get(&Value::from(key)).and_then(Value::as_str).map(str::to_string);
            let elements = match h.get(&Value::from("string_formats")) {
                Some(Value::Hash(m)) => Some(Formats::parse(m)?),
                _ => None,
            };
            Ok(Entry::Container {
                spec: text("format").map(|f| Spec::parse(&f)).transpose()?,
                separator: text("separator"),
                separator2: text("separator2"),
                elements,
            })
        }
        other => {
            Err(FormatError::BadFormats(format!("a format must be a String or a Hash, got {}", other.type_name())))
        }
    }
}

/// `String(value, formats)`: `formats` is absent/`default`, one directive for
/// the value itself, or a hash from types to formats.
pub fn string(v: &Value, formats: Option<&Value>) -> Result<String, FormatError> {
    let defaults = Formats::defaults();
    let map = match formats {
        None | Some(Value::Default) => defaults,
        Some(Value::String(s)) => {
            defaults.merged(&Formats(vec![(crate::types::infer::infer(v), entry(&Value::from(&**s))?)]))
        }
        Some(Value::Hash(h)) => defaults.merged(&Formats::parse(h)?),
        Some(other) => {
            return Err(FormatError::BadFormats(format!(
                "String() expects a format String or a Hash of formats, got {}",
                other.type_name()
            )))
        }
    };
    let elements = Formats::element_defaults();
    render(v, &map, &map, &elements)
}

/// Formats `v` with `map`; containers format their scalar elements with
/// `elements` and their nested containers with `top`.
fn render(v: &Value, map: &Formats, top: &Formats, elements: &Formats) -> Result<String, FormatError> {
    let entry = map.select(v).cloned().unwrap_or_else(|| simple("%s"));
    let (spec, separator, separator2, own_elements) = match entry {
        Entry::Simple(s) => (s, None, None, None),
        Entry::Container { spec, separator, separator2, elements } => (
            spec.unwrap_or_else(|| {
                Spec::parse(if matches!(v, Value::Hash(_)) { "%h" } else { "%a" }).unwrap_or_default()
            }),
            separator,
            separator2,
            elements,
        ),
    };
    let elements = match own_elements {
        Some(f) => Formats::element_defaults().merged(&f),
        None => elements.clone(),
    };
    match v {
        Value::Array(items) => container(&spec, items.iter().map(|i| (None, i)), separator, None, top, &elements),
        Value::Hash(map) if spec.letter == 'a' => {
            let pairs: Vec<Value> = map.iter().map(|(k, v)| Value::array(vec![k.clone(), v.clone()])).collect();
            container(&spec, pairs.iter().map(|p| (None, p)), separator, None, top, &elements)
        }
        Value::Hash(map) => {
            let separator2 = Some(separator2.unwrap_or_else(|| " => ".to_string()));
            container(&spec, map.iter().map(|(k, v)| (Some(k), v)), separator, separator2, top, &elements)
        }
        scalar => scalar_text(&spec, scalar),
    }
}

fn container<'v>(
    spec: &Spec,
    items: impl Iterator<Item = (Option<&'v Value>, &'v Value)>,
    separator: Option<String>,
    separator2: Option<String>,
    top: &Formats,
    elements: &Formats,
) -> Result<String, FormatError> {
    // Hashes (not converted to arrays) come with a key/value separator.
    let is_hash_form = separator2.is_some();
    let (open, close) = match (spec.space, spec.delimiter) {
        (true, _) => ("", ""),
        (_, Some('<')) => ("<", ">"),
        (_, Some('(')) => ("(", ")"),
        (_, Some('{')) => ("{", "}"),
        (_, Some('|')) => ("|", "|"),
        (_, Some('[')) => ("[", "]"),
        _ if is_hash_form => ("{", "}"),
        _ => ("[", "]"),
    };
    let sep = separator.unwrap_or_else(|| ", ".to_string());
    let sep2 = separator2.unwrap_or_default();
    let one = |v: &Value| -> Result<String, FormatError> {
        match v {
            Value::Array(_) | Value::Hash(_) => render(v, top, top, elements),
            _ => render(v, elements, top, elements),
        }
    };
    let mut parts = Vec::new();
    for (key, value) in items {
        parts.push(match key {
            Some(k) => format!("{}{sep2}{}", one(k)?, one(value)?),
            None => one(value)?,
        });
    }
    Ok(spec.pad(format!("{open}{}{close}", parts.join(&sep))))
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

fn unsupported(spec: &Spec, type_name: &str, allowed: &'static str) -> FormatError {
    FormatError::Unsupported { letter: spec.letter, type_name: type_name.into(), allowed }
}

fn scalar_text(spec: &Spec, v: &Value) -> Result<String, FormatError> {
    Ok(match v {
        Value::Integer(n) => match spec.letter {
            's' => {
                let text = quoted_if(spec.alt, n.to_string());
                spec.pad(match spec.precision {
                    Some(p) => text.chars().take(p).collect(),
                    None => text,
                })
            }
            'c' if spec.alt => {
                let c = u32::try_from(*n).ok().and_then(char::from_u32).unwrap_or('\u{fffd}');
                spec.pad(puppet_double_quote(&c.to_string()))
            }
            'p' => format_integer(&spec.with_letter('d'), *n)?,
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
            // Quoting comes first: the precision cuts the quoted text.
            let text = match (spec.letter, spec.alt) {
                ('p', true) => puppet_double_quote(&text),
                ('p', false) | (_, true) => puppet_quote(&text),
                _ => text,
            };
            spec.pad(match spec.precision {
                Some(p) => text.chars().take(p).collect(),
                None => text,
            })
        }
        Value::Boolean(b) => match spec.letter {
            't' | 'T' | 'y' | 'Y' => {
                let (yes, no) = if matches!(spec.letter, 't' | 'T') { ("true", "false") } else { ("yes", "no") };
                let word = if *b { yes } else { no };
                let word = if spec.alt { word[..1].to_string() } else { word.to_string() };
                spec.pad(if spec.letter.is_uppercase() { capitalize(&word) } else { word })
            }
            's' | 'p' => spec.pad(quoted_if(spec.alt && spec.letter == 's', b.to_string())),
            'd' | 'x' | 'X' | 'o' | 'b' | 'B' => format_integer(&Spec { alt: false, ..spec.clone() }, i64::from(*b))?,
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
            _ => return Err(unsupported(spec, "Undef", "nudxXobBeEfgGaAspvV")),
        }),
        Value::Default => spec.pad(match spec.letter {
            'd' | 's' | 'p' => quoted_if(spec.alt, "default".into()),
            'D' => quoted_if(spec.alt, "Default".into()),
            _ => return Err(unsupported(spec, "Default", "dDsp")),
        }),
        Value::Regexp(r) => spec.pad(match spec.letter {
            's' if spec.alt => puppet_quote(&r.source().replace("\\/", "/")),
            's' => r.source().replace("\\/", "/"),
            'p' => format!("/{}/", r.source()),
            _ => return Err(unsupported(spec, "Regexp", "sp")),
        }),
        Value::Type(t) => spec.pad(match spec.letter {
            's' => quoted_if(spec.alt, t.to_string()),
            'p' => t.to_string(),
            _ => return Err(unsupported(spec, "Type", "sp")),
        }),
        Value::Binary(b) => {
            use crate::value::binary::{lines, strict, url_safe};
            let text = match spec.letter {
                's' if spec.alt => return Ok(spec.pad(puppet_double_quote(&String::from_utf8_lossy(b)))),
                's' => String::from_utf8(b.to_vec())
                    .map_err(|_| FormatError::BadFormats("binary data is not valid UTF-8: use %#s".into()))?,
                'p' => format!("Binary(\"{}\")", strict(b)),
                'b' => lines(b),
                'B' => strict(b),
                'u' => url_safe(b),
                't' => "Binary".into(),
                'T' => "BINARY".into(),
                _ => return Err(unsupported(spec, "Binary", "bButTsp")),
            };
            spec.pad(if spec.alt && spec.letter != 'p' { puppet_double_quote(&text) } else { text })
        }
        Value::Timespan(_) => spec.pad(match spec.letter {
            'p' => format!("Timespan('{}')", crate::value::to_s(v)),
            _ => quoted_if(spec.alt, crate::value::to_s(v)),
        }),
        Value::Timestamp(t) => timestamp_text(spec, *t)?,
        Value::Uri(u) => spec.pad(match (spec.letter, spec.alt) {
            ('p', _) => format!("URI({})", puppet_quote(u.as_str())),
            (_, true) => puppet_double_quote(u.as_str()),
            _ => u.as_str().to_string(),
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
    let text = crate::types::time::format_timestamp(nanos);
    Ok(match spec.letter {
        's' => spec.pad(match spec.precision {
            Some(p) => text.chars().take(p).collect(),
            None => text,
        }),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: Value, f: &str) -> String {
        string(&v, Some(&Value::from(f))).unwrap()
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
}
