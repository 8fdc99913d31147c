//! Validating JSON while it is parsed, without building the document: each
//! value is checked against the type expected at its place and then dropped,
//! so memory stays near the size of the input and a valid document costs one
//! pass. Only where the expected type cannot direct the walk (a `Variant` of
//! containers, say) is that part built as a value and checked whole. A
//! document that fails is parsed again, fully, to explain and locate the
//! problem — the rare, slow path.

use std::fmt;

use confer_core::types::{instance_of, StringType, Type};
use confer_core::Value;
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use crate::document::{SyntaxError, ValueSeed};

/// The marker error that stops the parser at the first mismatch.
const MISMATCH: &str = "\u{0}confer-check: mismatch";

/// Whether the JSON `text` is an instance of `t`, checked in one streaming
/// pass; a syntax error is reported as such.
pub fn json_matches(text: &str, t: &Type) -> Result<bool, SyntaxError> {
    let text = crate::document::json_text(text)?;
    let mut de = serde_json::Deserializer::from_str(text);
    // `json_text` bounded the nesting; serde_json's own limit (128) is below Puppet's.
    de.disable_recursion_limit();
    match Expect(t).deserialize(&mut de).and_then(|()| de.end()) {
        Ok(()) => Ok(true),
        Err(e) if e.to_string().starts_with(MISMATCH) => Ok(false),
        Err(e) => Err(SyntaxError { message: e.to_string(), line: e.line(), column: e.column() }),
    }
}

fn mismatch<E: de::Error>() -> E {
    E::custom(MISMATCH)
}

/// Follows aliases and `Optional`/`NotUndef` wrappers to the type that
/// describes a non-null value.
fn peel(t: &Type) -> &Type {
    let mut t = t.resolved();
    for _ in 0..64 {
        match t {
            Type::Optional(Some(inner)) | Type::NotUndef(Some(inner)) => t = inner.resolved(),
            Type::Optional(None) | Type::NotUndef(None) => return &Type::Any,
            _ => return t,
        }
    }
    t
}

struct Expect<'t>(&'t Type);

impl<'de> DeserializeSeed<'de> for Expect<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        if matches!(self.0, Type::Any) {
            d.deserialize_ignored_any(IgnoredAny).map(|_| ())
        } else {
            d.deserialize_any(ExpectVisitor(self.0))
        }
    }
}

struct ExpectVisitor<'t>(&'t Type);

impl ExpectVisitor<'_> {
    /// An undecided check counts as a mismatch here: the document is then
    /// checked in full, which reports it.
    fn scalar<E: de::Error>(&self, v: Value) -> Result<(), E> {
        match instance_of(self.0, &v) {
            Ok(true) => Ok(()),
            Ok(false) | Err(_) => Err(mismatch()),
        }
    }
}

impl<'de> Visitor<'de> for ExpectVisitor<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a value of type {}", self.0)
    }

    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        self.scalar(Value::Undef)
    }

    fn visit_bool<E: de::Error>(self, b: bool) -> Result<(), E> {
        self.scalar(Value::Boolean(b))
    }

    fn visit_i64<E: de::Error>(self, i: i64) -> Result<(), E> {
        self.scalar(Value::Integer(i))
    }

    fn visit_u64<E: de::Error>(self, u: u64) -> Result<(), E> {
        self.scalar(Value::Integer(crate::document::json_integer(u)?))
    }

    fn visit_f64<E: de::Error>(self, f: f64) -> Result<(), E> {
        self.scalar(Value::Float(f))
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<(), E> {
        // The common string types are checked on the borrowed text, sparing an
        // allocation per string; anything else goes through instance-of.
        let verdict = match self.0.resolved() {
            Type::Any => Some(true),
            Type::String(StringType::Unrestricted) => Some(true),
            Type::String(StringType::Sized(range)) => Some(range.contains(s.chars().count() as i64)),
            Type::Enum(e) if !e.values.is_empty() => Some(e.matches(s)),
            _ => None,
        };
        match verdict {
            Some(true) => Ok(()),
            Some(false) => Err(mismatch()),
            None => self.scalar(Value::from(s)),
        }
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let (slots, size): (&[Type], _) = match peel(self.0) {
            Type::Array { element, size } => (std::slice::from_ref(&**element), *size),
            Type::Tuple(tuple) if !tuple.types.is_empty() => (&tuple.types, Some(tuple.size_range())),
            Type::Any => {
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                return Ok(());
            }
            _ => {
                let mut items = Vec::new();
                while let Some(v) = seq.next_element_seed(ValueSeed)? {
                    items.push(v);
                }
                return self.scalar(Value::array(items));
            }
        };
        let mut n = 0usize;
        // An array's one element type, or a tuple's slots with the last repeating.
        while seq.next_element_seed(Expect(&slots[n.min(slots.len() - 1)]))?.is_some() {
            n += 1;
        }
        match size {
            Some(r) if !r.contains(n as i64) => Err(mismatch()),
            _ => Ok(()),
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        match peel(self.0) {
            Type::Hash { key, value, size } => {
                let mut n = 0usize;
                while let Some(k) = map.next_key::<String>()? {
                    if !matches!(instance_of(key, &Value::from(k)), Ok(true)) {
                        return Err(mismatch());
                    }
                    map.next_value_seed(Expect(value))?;
                    n += 1;
                }
                match size {
                    Some(r) if !r.contains(n as i64) => Err(mismatch()),
                    _ => Ok(()),
                }
            }
            Type::Struct(members) => {
                let mut seen = vec![false; members.len()];
                while let Some(k) = map.next_key::<String>()? {
                    let Some(i) = members.iter().position(|m| *m.key == *k) else {
                        return Err(mismatch());
                    };
                    seen[i] = true;
                    map.next_value_seed(Expect(&members[i].value))?;
                }
                if members.iter().zip(&seen).any(|(m, seen)| !seen && !m.is_optional()) {
                    return Err(mismatch());
                }
                Ok(())
            }
            Type::Any => {
                while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
                Ok(())
            }
            _ => {
                let mut out = confer_core::HashMap::new();
                while let Some(k) = map.next_key::<String>()? {
                    let v = map.next_value_seed(ValueSeed)?;
                    out.insert(Value::from(k), v);
                }
                self.scalar(Value::hash(out))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TypeEnvironment;

    fn schema(expr: &str) -> Type {
        TypeEnvironment::default().resolve(expr).unwrap()
    }

    #[test]
    fn agrees_with_instance_of() {
        let t = schema(
            "Array[Struct[{name => String[1], port => Integer[1, 65535], Optional[tags] => Array[Enum[a, b]]}]]",
        );
        assert_eq!(
            json_matches(r#"[{"name": "x", "port": 80}, {"name": "y", "port": 1, "tags": ["a"]}]"#, &t),
            Ok(true)
        );
        assert_eq!(json_matches(r#"[{"name": "x", "port": 0}]"#, &t), Ok(false));
        assert_eq!(json_matches(r#"[{"name": "x"}]"#, &t), Ok(false));
        assert_eq!(json_matches(r#"[{"name": "x", "port": 1, "extra": 1}]"#, &t), Ok(false));
        assert_eq!(json_matches(r#"[{"name": "x", "port": 1, "tags": ["c"]}]"#, &t), Ok(false));
    }

    #[test]
    fn variants_of_containers_fall_back_to_whole_values() {
        let t = schema("Variant[Array[Integer], Hash[String, String]]");
        assert_eq!(json_matches("[1, 2]", &t), Ok(true));
        assert_eq!(json_matches(r#"{"a": "b"}"#, &t), Ok(true));
        assert_eq!(json_matches(r#"{"a": 1}"#, &t), Ok(false));
    }

    #[test]
    fn syntax_errors_stay_syntax_errors() {
        assert!(json_matches("[1, ", &schema("Array")).is_err());
    }
}
