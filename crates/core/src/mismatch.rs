//! Why a value is not an instance of a type, worded as Puppet words it
//! ("index 0 expects an Integer value, got String"), with the path into the
//! value so that a user finds the offending element at once.

use std::fmt;

use crate::types::infer::general_type_name;
use crate::types::{instance_of, IntRange, Type};
use crate::value::puppet_quote;
use crate::Value;

/// Whether `v` is an instance of `t`, for wording why a value was not.
/// The wording is asked for only after a check answered no; a part that
/// check did not reach and whose pattern the backtracking limit leaves
/// undecided is worded as not fitting, so the message still names a part.
fn fits(t: &Type, v: &Value) -> bool {
    instance_of(t, v).unwrap_or(false)
}

/// One step into a value: an array index or a hash key.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PathElem {
    /// An array (or tuple) index.
    Index(usize),
    /// A hash (or struct) key.
    Key(Value),
}

/// The first way a value fails to match a type: where, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The path from the value's root to the offending element.
    pub path: Vec<PathElem>,
    /// What is wrong there ("expects an Integer value, got String").
    pub detail: String,
    /// The expected type at that place.
    pub expected: Type,
    /// What kind of failure, with the names a misspelling could have meant.
    pub fault: Fault,
}

impl Mismatch {
    /// The path as the segments a data file's positions are keyed by: an
    /// index as its number, a key as its text (what Hiera's `locate` takes).
    pub fn path_segments(&self) -> Vec<String> {
        self.path
            .iter()
            .map(|e| match e {
                PathElem::Index(i) => i.to_string(),
                PathElem::Key(k) => crate::value::to_s(k),
            })
            .collect()
    }
}

/// The kinds of mismatch whose data a report needs beyond the sentence:
/// the names that let it suggest what a misspelt key or member was meant to
/// be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// Any other failure; the sentence says it all.
    Other,
    /// A struct's required key is absent.
    MissingKey {
        /// The key the struct requires.
        key: String,
        /// Keys the hash has that the struct does not know (one may be it, misspelt).
        unknown: Vec<String>,
    },
    /// A key the struct does not know.
    UnrecognizedKey {
        /// The key as given.
        key: String,
        /// The struct's keys.
        known: Vec<String>,
    },
    /// A string that is not one of an enum's members.
    NotAMember {
        /// The string as given.
        given: String,
        /// The enum's members.
        members: Vec<String>,
    },
}

impl Mismatch {
    /// The path as Puppet words it before the detail: `index 0 entry 'a' `
    /// (empty at the root).
    pub fn path_words(&self) -> String {
        let mut out = String::new();
        for elem in &self.path {
            match elem {
                PathElem::Index(i) => out.push_str(&format!("index {i} ")),
                PathElem::Key(k) => out.push_str(&format!("entry '{}' ", crate::value::to_s(k))),
            }
        }
        out
    }
}

impl fmt::Display for Mismatch {
    /// Puppet's wording: `index 0 entry 'a' expects …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.path_words())?;
        f.write_str(&self.detail)
    }
}

/// "an Integer", "a String": the article Puppet puts before a type name.
pub fn with_article(name: &str) -> String {
    let vowel = name.chars().next().is_some_and(|c| "AEIOUaeiou".contains(c));
    format!("{} {name}", if vowel { "an" } else { "a" })
}

/// Describes the first way `v` fails to match `t` in Puppet's words (call only
/// when it does not match).
pub fn describe(t: &Type, v: &Value) -> String {
    explain(t, v).to_string()
}

/// The first way `v` fails to match `t`, with its path.
pub fn explain(t: &Type, v: &Value) -> Mismatch {
    let mut path = Vec::new();
    let (detail, expected, fault) = walk(t, v, &mut path, 0);
    Mismatch { path, detail, expected, fault }
}

/// Recursion guard: values are finite, but a recursive alias could make the
/// walk loop on a value that never matches.
const MAX_DEPTH: usize = 256;

fn plain(t: &Type, v: &Value) -> (String, Type, Fault) {
    (format!("expects {} value, got {}", with_article(&expected(t, v)), actual(t, v)), t.clone(), Fault::Other)
}

/// The expected type as a mismatch names it: a named object type by its
/// name unless the value is an object too, when Puppet shows both in full
/// (its `short_name` versus `report_detailed?`).
fn expected(t: &Type, v: &Value) -> String {
    match t.resolved() {
        Type::ObjectType(o) if !matches!(v, Value::Object(_)) => o.label().to_string(),
        _ => t.to_string(),
    }
}

/// The type a mismatch reports as "got …": the value's exact type when it is
/// of the expected kind (`Integer[5, 5]` against `Integer[1, 3]`), its general
/// type otherwise (`String`).
fn actual(expected: &Type, v: &Value) -> String {
    let same_kind = detailed(expected, v, 0);
    match v {
        Value::Integer(i) if same_kind => format!("Integer[{i}, {i}]"),
        Value::Boolean(b) if same_kind => format!("Boolean[{b}]"),
        // A URI against a URI type shows its parts.
        Value::Uri(_) if matches!(expected.resolved(), Type::Uri(_)) => crate::types::infer::infer(v).to_string(),
        Value::Float(f) if same_kind => {
            let s = crate::ruby_compat::float_to_s(*f);
            format!("Float[{s}, {s}]")
        }
        // A sensitive value shows the general type of what it hides.
        Value::Sensitive(_) => crate::types::infer::infer_generalized(v).to_string(),
        // An object shows its type in full, as Puppet's `to_s` of an object type does.
        Value::Object(_) => crate::types::infer::infer_generalized(v).to_string(),
        _ => general_type_name(v),
    }
}

/// Puppet's `report_detailed?` for a number or a boolean: its exact type is
/// shown when an expected type (a variant's or an optional's member) is of
/// its kind or is an alias (`expects a Pos = Integer[1] value, got
/// Integer[0, 0]`), its general type otherwise (`expects a value of type
/// Undef or Collection, got Integer`).
fn detailed(expected: &Type, v: &Value, depth: usize) -> bool {
    if depth > MAX_DEPTH || !matches!(v, Value::Integer(_) | Value::Float(_) | Value::Boolean(_)) {
        return false;
    }
    if matches!(expected, Type::Alias(_)) {
        return true;
    }
    match expected.resolved() {
        Type::Optional(Some(inner)) | Type::NotUndef(Some(inner)) => detailed(inner, v, depth + 1),
        Type::Variant(members) => members.iter().any(|m| detailed(m, v, depth + 1)),
        other => default_accepts(other, v),
    }
}

fn size_problem(range: &IntRange, n: usize) -> Option<String> {
    let n = n as i64;
    if range.contains(n) {
        return None;
    }
    // Puppet's `range_to_s`: the whole range, whichever end was missed.
    let expected = match (range.from.unwrap_or(0), range.to) {
        (f, Some(t)) if f == t => f.to_string(),
        (0, Some(t)) => format!("at most {t}"),
        (0, None) => "unlimited".to_string(),
        (f, None) => format!("at least {f}"),
        (f, Some(t)) => format!("between {f} and {t}"),
    };
    Some(format!("expects size to be {expected}, got {n}"))
}

/// The expected alternatives as Puppet names them: in full when the report
/// is detailed (a member is an alias or of `v`'s kind), else each by its
/// short name once (`String, Array, or Hash`); an optional's `Undef` first.
fn member_names(members: &[Type], v: &Value, optional: bool) -> Vec<String> {
    let detailed = members.iter().any(|m| matches!(m, Type::Alias(_)) || default_accepts(m.resolved(), v));
    let mut names: Vec<String> = Vec::new();
    for m in members {
        let name = if detailed { m.to_string() } else { short_name(m) };
        if detailed || !names.contains(&name) {
            names.push(name);
        }
    }
    if optional {
        names.insert(0, "Undef".into());
    }
    names
}

/// Whether the unparameterised type of `t`'s kind (Puppet's `DEFAULT`, a
/// hash or an array for a Struct or a Tuple) accepts `v`.
fn default_accepts(t: &Type, v: &Value) -> bool {
    match t {
        Type::Integer(_) => matches!(v, Value::Integer(_)),
        Type::Float { .. } => matches!(v, Value::Float(_)),
        Type::Numeric => matches!(v, Value::Integer(_) | Value::Float(_)),
        Type::String(_) | Type::Enum(_) | Type::Pattern(_) => matches!(v, Value::String(_)),
        Type::Boolean(_) => matches!(v, Value::Boolean(_)),
        Type::Array { .. } | Type::Tuple(_) => matches!(v, Value::Array(_)),
        Type::Hash { .. } | Type::Struct(_) => matches!(v, Value::Hash(_)),
        Type::Collection(_) => matches!(v, Value::Array(_) | Value::Hash(_)),
        Type::Type(_) => matches!(v, Value::Type(_)),
        Type::Regexp(_) => matches!(v, Value::Regexp(_)),
        Type::Any | Type::Optional(_) => true,
        Type::Undef => v.is_undef(),
        Type::Scalar | Type::ScalarData => fits(t, v),
        _ => false,
    }
}

/// Puppet's `short_name`: a type's name without parameters, except that
/// `Optional`, `NotUndef`, `Sensitive` and `Type` keep their content's name.
fn short_name(t: &Type) -> String {
    let base = |t: &Type| match t {
        Type::Alias(a) => a.0.name.clone(),
        other => {
            let s = other.to_string();
            s.split('[').next().unwrap_or(&s).to_string()
        }
    };
    match t {
        Type::Optional(Some(inner)) | Type::NotUndef(Some(inner)) | Type::Type(Some(inner)) => {
            format!("{}[{}]", base(t), base(inner))
        }
        Type::Sensitive(inner) => format!("Sensitive[{}]", base(inner)),
        other => base(other),
    }
}

/// Alternatives as Puppet lists them: "A or B", "A, B, or C".
fn alternatives(types: &[String]) -> String {
    match types {
        [] => String::new(),
        [one] => one.clone(),
        [a, b] => format!("{a} or {b}"),
        [init @ .., last] => format!("{}, or {last}", init.join(", ")),
    }
}

fn walk(t: &Type, v: &Value, path: &mut Vec<PathElem>, depth: usize) -> (String, Type, Fault) {
    if depth > MAX_DEPTH {
        return plain(t, v);
    }
    let descend = |path: &mut Vec<PathElem>, elem: PathElem, t: &Type, v: &Value| {
        path.push(elem);
        walk(t, v, path, depth + 1)
    };
    let here = |detail: String| (detail, t.clone(), Fault::Other);
    // An alias of a Variant whose every member refuses the value outright
    // is reported on the alias, as Puppet merges the members' mismatches
    // into one and names the alias instead (`describe_PVariantType`).
    if let (Type::Alias(_), Type::Variant(members)) = (t, t.resolved()) {
        // Only a collection type of the value's kind looks inside it; any
        // other member refuses the value as a whole.
        let outright = !matches!(v, Value::Array(_) | Value::Hash(_))
            || members.0.iter().all(|m| !default_accepts(m.resolved(), v));
        if outright {
            return plain(t, v);
        }
    }
    match (t.resolved(), v) {
        // Puppet describes a value against `Optional[Alias]` as against the
        // alias (its `describe_POptionalType` passes the alias on as the
        // type to name).
        (Type::Optional(Some(inner)), _) if matches!(**inner, Type::Alias(_)) && !v.is_undef() => {
            walk(inner, v, path, depth + 1)
        }
        // Puppet's PatternMismatch on the Optional: "an undef value or a
        // match for".
        (Type::Optional(Some(inner)), Value::String(s)) if matches!(**inner, Type::Pattern(_) | Type::Enum(_)) => {
            here(format!("expects an undef value or a match for {inner}, got {}", puppet_quote(s)))
        }
        (Type::Optional(Some(inner)), _) => here(format!(
            "expects a value of type {}, got {}",
            alternatives(&match &**inner {
                Type::Variant(members) => member_names(&members.0, v, true),
                one => member_names(std::slice::from_ref(one), v, true),
            }),
            actual(t, v)
        )),
        // A value no member of a Variant of patterns matches: Puppet merges
        // the members' PatternMismatches into one on the Variant, naming a
        // String by its value and anything else by its type.
        (Type::Variant(members), _)
            if !members.0.is_empty()
                && members.0.iter().all(|m| matches!(m.resolved(), Type::Pattern(_) | Type::Enum(_))) =>
        {
            let listed: Vec<String> = members.0.iter().map(Type::to_string).collect();
            let got = match v {
                Value::String(s) => puppet_quote(s),
                other => general_type_name(other),
            };
            here(format!("expects a match for Variant[{}], got {got}", listed.join(", ")))
        }
        // A Variant with an Undef member is Puppet's Optional of the others
        // (its normalization), which names Undef first.
        (Type::Variant(members), _) => {
            let undef = members.0.iter().any(|m| matches!(m.resolved(), Type::Undef));
            let others: Vec<Type> =
                members.0.iter().filter(|m| !matches!(m.resolved(), Type::Undef)).cloned().collect();
            here(format!(
                "expects a value of type {}, got {}",
                alternatives(&member_names(&others, v, undef)),
                actual(t, v)
            ))
        }
        (Type::Enum(options), Value::String(s)) => (
            format!("expects a match for {t}, got {}", puppet_quote(s)),
            t.clone(),
            Fault::NotAMember { given: s.to_string(), members: options.values.iter().map(|o| o.to_string()).collect() },
        ),
        (Type::Pattern(_), Value::String(s)) => here(format!("expects a match for {t}, got {}", puppet_quote(s))),
        // Puppet describes any other value against an Enum or Pattern as a
        // failed match too (its `PatternMismatch`), naming the value's type.
        (Type::Enum(_) | Type::Pattern(_), _) => here(format!("expects a match for {t}, got {}", general_type_name(v))),
        (Type::Array { element, size }, Value::Array(items)) => {
            if let Some(p) = size.as_ref().and_then(|r| size_problem(r, items.len())) {
                return here(p);
            }
            match items.iter().enumerate().find(|(_, i)| !fits(element, i)) {
                Some((i, item)) => descend(path, PathElem::Index(i), element, item),
                None => plain(t, v),
            }
        }
        (Type::Tuple(tuple), Value::Array(items)) => {
            let types = &tuple.types;
            if let Some(p) = size_problem(&tuple.size_range(), items.len()) {
                return here(p);
            }
            let found = items.iter().enumerate().find_map(|(i, item)| {
                let slot = types.get(i.min(types.len().saturating_sub(1)))?;
                (!fits(slot, item)).then_some((i, item, slot))
            });
            match found {
                Some((i, item, slot)) => descend(path, PathElem::Index(i), slot, item),
                None => plain(t, v),
            }
        }
        (Type::Hash { key, value, size }, Value::Hash(map)) => {
            if let Some(p) = size.as_ref().and_then(|r| size_problem(r, map.len())) {
                return here(p);
            }
            if let Some(k) = map.keys().find(|k| !fits(key, k)) {
                return (
                    format!("key of entry '{}' {}", crate::value::to_s(k), describe(key, k)),
                    (**key).clone(),
                    Fault::Other,
                );
            }
            match map.iter().find(|(_, val)| !fits(value, val)) {
                Some((k, val)) => descend(path, PathElem::Key(k.clone()), value, val),
                None => plain(t, v),
            }
        }
        (Type::Struct(members), Value::Hash(map)) => {
            // Puppet infers an empty hash, or one with a key that is not a
            // string, as a Hash rather than a Struct, and then weighs only
            // its size against the struct's.
            if map.is_empty() || map.keys().any(|k| k.as_str().is_none()) {
                let required = members.iter().filter(|m| !m.is_optional()).count();
                let range = IntRange::new(Some(required as i64), Some(members.len() as i64));
                return match size_problem(&range, map.len()) {
                    Some(p) => here(p),
                    None => plain(t, v),
                };
            }
            for m in members {
                match map.get(&Value::String(m.key.clone())) {
                    Some(val) if !fits(&m.value, val) => {
                        return descend(path, PathElem::Key(Value::String(m.key.clone())), &m.value, val)
                    }
                    None if !m.is_optional() => {
                        // Keys the struct does not know may be this one misspelt.
                        let unknown = map
                            .keys()
                            .filter_map(Value::as_str)
                            .filter(|k| !members.iter().any(|m| *m.key == **k))
                            .map(str::to_string)
                            .collect();
                        let fault = Fault::MissingKey { key: m.key.to_string(), unknown };
                        return (format!("expects a value for key '{}'", m.key), t.clone(), fault);
                    }
                    _ => {}
                }
            }
            match map.keys().find(|k| !k.as_str().is_some_and(|k| members.iter().any(|m| *m.key == *k))) {
                Some(extra) => {
                    let key = crate::value::to_s(extra);
                    let known = members.iter().map(|m| m.key.to_string()).collect();
                    (format!("unrecognized key '{key}'"), t.clone(), Fault::UnrecognizedKey { key, known })
                }
                None => plain(t, v),
            }
        }
        // A value of another kind is described against the expected type's
        // kind alone, as Puppet does: `expects an Array value, got String`
        // for `Array[String]`, `expects an Integer value` for `Integer[1, 5]`.
        (Type::Integer(_) | Type::Float { .. } | Type::String(_) | Type::Array { .. } | Type::Hash { .. }, _)
            if !default_accepts(t.resolved(), v) =>
        {
            let base = t.resolved().to_string();
            let base = base.split('[').next().unwrap_or_default().to_string();
            here(format!("expects {} value, got {}", with_article(&base), actual(t, v)))
        }
        _ => plain(t, v),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::parameterize;

    fn confer_core_string() -> Type {
        crate::types::by_name("String").unwrap()
    }

    fn ty(name: &str, args: &[Value]) -> Type {
        parameterize(&crate::types::by_name(name).unwrap(), args).unwrap()
    }

    #[test]
    fn element_paths_are_named() {
        let t = ty("Array", &[Value::from_type(Type::Integer(IntRange::default()))]);
        assert_eq!(describe(&t, &Value::array(vec!["a".into()])), "index 0 expects an Integer value, got String");
        assert_eq!(explain(&t, &Value::array(vec!["a".into()])).path, vec![PathElem::Index(0)]);
    }

    #[test]
    fn ranges_show_the_exact_value() {
        let t = ty("Optional", &[Value::from_type(Type::Integer(IntRange::new(Some(1), Some(3))))]);
        assert_eq!(
            describe(&t, &Value::Integer(5)),
            "expects a value of type Undef or Integer[1, 3], got Integer[5, 5]"
        );
    }

    #[test]
    fn enums_quote_the_value() {
        let t = ty("Enum", &["a".into(), "b".into()]);
        assert_eq!(describe(&t, &"c".into()), "expects a match for Enum['a', 'b'], got 'c'");
    }

    #[test]
    fn variants_name_their_members_shortly_unless_one_is_of_the_values_kind() {
        let string1 = ty("String", &[Value::Integer(1)]);
        let array = ty("Array", &[Value::from_type(string1.clone())]);
        let t = ty("Variant", &[Value::from_type(string1.clone()), Value::from_type(array)]);
        assert_eq!(describe(&t, &Value::Integer(1)), "expects a value of type String or Array, got Integer");
        assert_eq!(describe(&t, &Value::from("")), "expects a value of type String[1] or Array[String[1]], got String");
    }

    #[test]
    fn sizes_are_explained() {
        let t = ty("Array", &[Value::from_type(confer_core_string()), Value::Integer(2)]);
        assert_eq!(describe(&t, &Value::array(vec!["a".into()])), "expects size to be at least 2, got 1");
        let t = ty("Array", &[Value::from_type(confer_core_string()), Value::Integer(2), Value::Integer(3)]);
        assert_eq!(describe(&t, &Value::array(vec!["a".into()])), "expects size to be between 2 and 3, got 1");
    }
}
