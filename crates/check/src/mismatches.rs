//! Every way a document fails its type, not just the first: the walk goes
//! into arrays, hashes and structs as long as their own shape (kind and size)
//! matches, and each element that fails is explained by core's
//! `mismatch::explain` (Puppet's wording for the first failure of that
//! element). Where one place can fail in several ways (a `Variant`), its
//! first is reported, as Puppet does.

use confer_core::mismatch::{explain, Fault, Mismatch, PathElem};
use confer_core::types::{instance_of, IntRange, StructMember, Type};
use confer_core::undecided::Undecided;
use confer_core::Value;

/// Up to `max` mismatches of `v` against `t`, in document order; or the
/// first check a limit on hostile input left undecided, which must not pass
/// (or fail) the document.
pub fn mismatches(t: &Type, v: &Value, max: usize) -> Result<Vec<Mismatch>, Undecided> {
    let mut out = Vec::new();
    if max > 0 {
        walk(t, v, &mut Vec::new(), &mut out, max)?;
    }
    Ok(out)
}

fn fits(size: &Option<IntRange>, len: usize) -> bool {
    size.as_ref().is_none_or(|r| i64::try_from(len).is_ok_and(|n| r.contains(n)))
}

fn walk(t: &Type, v: &Value, path: &mut Vec<PathElem>, out: &mut Vec<Mismatch>, max: usize) -> Result<(), Undecided> {
    if out.len() >= max || instance_of(t, v)? {
        return Ok(());
    }
    match (t.resolved(), v) {
        (Type::Optional(Some(inner)) | Type::NotUndef(Some(inner)), v) if *v != Value::Undef => {
            walk(inner, v, path, out, max)?
        }
        (Type::Array { element, size }, Value::Array(items)) if fits(size, items.len()) => {
            for (i, item) in items.iter().enumerate() {
                within(path, PathElem::Index(i), |path| walk(element, item, path, out, max))?;
            }
        }
        (Type::Hash { key, value, size }, Value::Hash(map)) if fits(size, map.len()) => {
            for (k, item) in map.iter() {
                if instance_of(key, k)? {
                    within(path, PathElem::Key(k.clone()), |path| walk(value, item, path, out, max))?;
                } else {
                    push(out, path, explain(t, v), max);
                    return Ok(());
                }
            }
        }
        (Type::Struct(members), Value::Hash(map)) if !members.is_empty() => {
            struct_members(t, members, map, path, out, max)?
        }
        _ => push(out, path, explain(t, v), max),
    }
    Ok(())
}

/// Each member of a struct that fails, each required key that is missing
/// and each key the struct does not know, in the struct's then the hash's order.
fn struct_members(
    t: &Type,
    members: &[StructMember],
    map: &confer_core::value::HashMap,
    path: &mut Vec<PathElem>,
    out: &mut Vec<Mismatch>,
    max: usize,
) -> Result<(), Undecided> {
    let known = |k: &Value| k.as_str().is_some_and(|k| members.iter().any(|m| *m.key == *k));
    let unknown: Vec<String> = map.keys().filter(|k| !known(k)).filter_map(Value::as_str).map(str::to_string).collect();
    for m in members {
        let key = Value::String(m.key.clone());
        match map.get(&key) {
            Some(item) => within(path, PathElem::Key(key), |path| walk(&m.value, item, path, out, max))?,
            None if !m.is_optional() => {
                let missing = Mismatch {
                    path: Vec::new(),
                    detail: format!("expects a value for key '{}'", m.key),
                    expected: t.clone(),
                    fault: Fault::MissingKey { key: m.key.to_string(), unknown: unknown.clone() },
                };
                push(out, path, missing, max);
            }
            None => {}
        }
    }
    for extra in map.keys().filter(|k| !known(k)) {
        let key = confer_core::value::to_s(extra);
        let unrecognized = Mismatch {
            path: Vec::new(),
            detail: format!("unrecognized key '{key}'"),
            expected: t.clone(),
            fault: Fault::UnrecognizedKey { key, known: members.iter().map(|m| m.key.to_string()).collect() },
        };
        push(out, path, unrecognized, max);
    }
    Ok(())
}

fn within(
    path: &mut Vec<PathElem>,
    elem: PathElem,
    f: impl FnOnce(&mut Vec<PathElem>) -> Result<(), Undecided>,
) -> Result<(), Undecided> {
    path.push(elem);
    let walked = f(path);
    path.pop();
    walked
}

/// Records `m`, found at `path`, with the whole path from the root.
fn push(out: &mut Vec<Mismatch>, path: &[PathElem], mut m: Mismatch, max: usize) {
    if out.len() < max {
        m.path = path.iter().cloned().chain(m.path).collect();
        out.push(m);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TypeEnvironment;

    fn found(t: &str, json: &str, max: usize) -> Vec<String> {
        let t = TypeEnvironment::default().resolve(t).unwrap();
        let doc = &crate::document::parse(json, crate::Format::Json).unwrap()[0];
        mismatches(&t, &doc.value, max).unwrap().iter().map(ToString::to_string).collect()
    }

    #[test]
    fn every_failing_element_is_reported_in_order() {
        let t = "Array[Struct[{name => String[1], port => Integer[1, 65535]}]]";
        let doc = r#"[{"name": "", "port": 80}, {"name": "b", "port": 0, "prot": 1}, {"port": "x"}]"#;
        assert_eq!(
            found(t, doc, 100),
            [
                "index 0 entry 'name' expects a String[1] value, got String",
                "index 1 entry 'port' expects an Integer[1, 65535] value, got Integer[0, 0]",
                "index 1 unrecognized key 'prot'",
                "index 2 expects a value for key 'name'",
                "index 2 entry 'port' expects an Integer value, got String",
            ]
        );
        assert_eq!(found(t, doc, 2).len(), 2, "capped");
    }

    #[test]
    fn a_container_of_the_wrong_shape_is_one_problem() {
        assert_eq!(found("Array[Integer, 3]", "[\"a\"]", 100).len(), 1);
        assert_eq!(found("Hash[String, Integer]", r#"{"a": "x", "b": "y"}"#, 100).len(), 2);
        assert!(found("Optional[Array[Integer]]", "[1, 2]", 100).is_empty());
    }
}
