//! The canonical string form of a type, exactly as Puppet 7.23 prints it
//! (`Integer[1]`, `Enum['a', 'b', true]`, `Struct[{'a' => Integer}]`,
//! `Callable[[0, 0], Integer]`, `File['/etc/x']`). Spec: "Type to String".

use std::fmt::{self, Display, Formatter, Write};

use super::time::TimeKind;
use super::{CallableType, IntRange, StringType, StructMember, TimeRange, Type};
use crate::float::ruby_float_to_s;
use crate::value::{puppet_quote, Value};

/// Writes `Name[p1, p2, ...]`, or just `Name` when there are no parameters.
fn params(f: &mut Formatter<'_>, name: &str, ps: &[String]) -> fmt::Result {
    if ps.is_empty() {
        f.write_str(name)
    } else {
        write!(f, "{name}[{}]", ps.join(", "))
    }
}

/// Puppet's `range_array_part`: nothing for an unbounded range, `from` alone
/// when only the top is open, else both ends (`default` for an open bottom).
fn range_part(r: Option<&IntRange>) -> Vec<String> {
    match r {
        None => Vec::new(),
        Some(r) if r.is_full() => Vec::new(),
        Some(r) => {
            let mut out = vec![r
                .from
                .map_or_else(|| "default".to_string(), |n| n.to_string())];
            if let Some(to) = r.to {
                out.push(to.to_string());
            }
            out
        }
    }
}

/// A regexp between slashes, with unescaped slashes escaped (Ruby's `inspect`).
pub(crate) fn regexp_literal(source: &str) -> String {
    let mut out = String::with_capacity(source.len() + 2);
    out.push('/');
    let mut escaped = false;
    for c in source.chars() {
        if escaped {
            out.push(c);
            escaped = false;
        } else if c == '\\' {
            out.push(c);
            escaped = true;
        } else if c == '/' {
            out.push_str("\\/");
        } else {
            out.push(c);
        }
    }
    out.push('/');
    out
}

/// A value as it appears inside a type's parameters: strings quoted, `undef`
/// and `default` by name, containers in brackets and braces.
pub(crate) fn value_repr(v: &Value) -> String {
    match v {
        Value::Undef => "undef".into(),
        Value::Default => "default".into(),
        Value::Boolean(b) => b.to_string(),
        Value::Integer(i) => i.to_string(),
        Value::Float(x) => ruby_float_to_s(*x),
        Value::String(s) => puppet_quote(s),
        Value::Regexp(r) => regexp_literal(r.source()),
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(value_repr).collect();
            format!("[{}]", parts.join(", "))
        }
        Value::Hash(h) => {
            let parts: Vec<String> = h
                .iter()
                .map(|(k, x)| format!("{} => {}", value_repr(k), value_repr(x)))
                .collect();
            format!("{{{}}}", parts.join(", "))
        }
        Value::Type(t) => t.to_string(),
        other => other.to_string(),
    }
}

/// Puppet's `TypeFormatter#capitalize_segments`: a name that starts with an
/// ASCII capital is kept as written; otherwise each `::` segment is
/// capitalised (first letter upper, the rest lower).
pub(crate) fn capitalize_name(name: &str) -> String {
    if name.starts_with(|c: char| c.is_ascii_uppercase()) {
        return name.to_string();
    }
    name.split("::")
        .map(|seg| {
            let mut cs = seg.chars();
            match cs.next() {
                Some(c) => c
                    .to_uppercase()
                    .chain(cs.flat_map(char::to_lowercase))
                    .collect::<String>(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join("::")
}

/// `Optional['a']` and `NotUndef['a']` print an exact string as a literal.
fn wrapped(t: &Type) -> String {
    match t {
        Type::String(StringType::Value(s)) => puppet_quote(s),
        other => other.to_string(),
    }
}

fn time_params(kind: TimeKind, r: &TimeRange) -> Vec<String> {
    if r.is_full() {
        return Vec::new();
    }
    let mut out = vec![r.from.map_or_else(
        || "default".to_string(),
        |b| format!("'{}'", kind.format(b)),
    )];
    if let Some(to) = r.to {
        if r.from != Some(to) {
            out.push(format!("'{}'", kind.format(to)));
        }
    }
    out
}

fn struct_entry(m: &StructMember) -> String {
    let value_optional = super::assignable(&m.value, &Type::Undef);
    let key = match (m.optional_key, value_optional) {
        (true, false) => format!("Optional[{}]", puppet_quote(&m.key)),
        (false, true) => format!("NotUndef[{}]", puppet_quote(&m.key)),
        _ => puppet_quote(&m.key),
    };
    format!("{key} => {}", m.value)
}

fn callable_params(c: &CallableType) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(p) = &c.params {
        out.extend(
            p.types
                .iter()
                .filter(|t| !matches!(t, Type::Unit))
                .map(|t| t.to_string()),
        );
        if p.types.is_empty() {
            out.push("0".into());
            out.push("0".into());
        } else {
            out.extend(range_part(p.size.as_ref()));
        }
    }
    if let Some(b) = &c.block {
        out.push(b.to_string());
    }
    out
}

const TYPESET_DEFAULT: &str = "TypeSet[{pcore_uri => 'http://puppet.com/2016.1/pcore', pcore_version => '1.0.0', name_authority => 'http://puppet.com/2016.1/runtime', name => 'DefaultTypeSet', version => '0.0.0'}]";

const DEFERRED: &str = "Object[{name => 'Deferred', attributes => {'name' => Pattern[/\\A[$]?[a-z][a-z0-9_]*(?:::[a-z][a-z0-9_]*)*\\z/], 'arguments' => {type => Optional[Array], value => undef}}}]";

impl Display for Type {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let opt = |t: &Option<Box<Type>>| t.iter().map(|t| t.to_string()).collect::<Vec<_>>();
        match self {
            Type::Any => f.write_str("Any"),
            Type::Undef => f.write_str("Undef"),
            Type::Default => f.write_str("Default"),
            Type::Unit => f.write_str("Unit"),
            Type::Scalar => f.write_str("Scalar"),
            Type::ScalarData => f.write_str("ScalarData"),
            Type::Numeric => f.write_str("Numeric"),
            Type::Binary => f.write_str("Binary"),
            Type::SemVerRange => f.write_str("SemVerRange"),
            Type::CatalogEntry => f.write_str("CatalogEntry"),
            Type::Object => f.write_str("Object[{}]"),
            Type::TypeSet => f.write_str(TYPESET_DEFAULT),
            Type::Deferred => f.write_str(DEFERRED),
            Type::Boolean(b) => params(
                f,
                "Boolean",
                &b.iter().map(|b| b.to_string()).collect::<Vec<_>>(),
            ),
            Type::Integer(r) => params(f, "Integer", &range_part(Some(r))),
            Type::Float { from, to } => {
                if from.is_none() && to.is_none() {
                    return f.write_str("Float");
                }
                let mut ps = vec![from.map_or_else(|| "default".into(), |b| ruby_float_to_s(b.0))];
                if let Some(to) = to {
                    ps.push(ruby_float_to_s(to.0));
                }
                params(f, "Float", &ps)
            }
            Type::String(StringType::Sized(r)) => params(f, "String", &range_part(Some(r))),
            Type::String(_) => f.write_str("String"),
            Type::Enum(e) => {
                let mut ps: Vec<String> = e.values.iter().map(|v| puppet_quote(v)).collect();
                if e.case_insensitive && !ps.is_empty() {
                    ps.push("true".into());
                }
                params(f, "Enum", &ps)
            }
            Type::Pattern(ps) => params(
                f,
                "Pattern",
                &ps.iter()
                    .map(|p| regexp_literal(p.source()))
                    .collect::<Vec<_>>(),
            ),
            Type::Regexp(r) => params(
                f,
                "Regexp",
                &r.iter()
                    .map(|p| regexp_literal(p.source()))
                    .collect::<Vec<_>>(),
            ),
            Type::Collection(size) => params(f, "Collection", &range_part(size.as_ref())),
            Type::Array { element, size } => {
                if size.is_some_and(|s| s == IntRange::exactly(0)) {
                    return f.write_str("Array[0, 0]");
                }
                if **element == Type::Any && size.is_none() {
                    return f.write_str("Array");
                }
                let mut ps = vec![element.to_string()];
                ps.extend(range_part(size.as_ref()));
                params(f, "Array", &ps)
            }
            Type::Hash { key, value, size } => {
                if size.is_some_and(|s| s == IntRange::exactly(0)) {
                    return f.write_str("Hash[0, 0]");
                }
                if **key == Type::Any && **value == Type::Any && size.is_none() {
                    return f.write_str("Hash");
                }
                let mut ps = vec![key.to_string(), value.to_string()];
                ps.extend(range_part(size.as_ref()));
                params(f, "Hash", &ps)
            }
            Type::Tuple(tt) => {
                if tt.types.is_empty() {
                    return f.write_str("Tuple");
                }
                let mut ps: Vec<String> = tt.types.iter().map(|t| t.to_string()).collect();
                ps.extend(range_part(tt.size.as_ref()));
                params(f, "Tuple", &ps)
            }
            Type::Struct(members) if members.is_empty() => f.write_str("Struct"),
            Type::Struct(members) => {
                let entries: Vec<String> = members.iter().map(struct_entry).collect();
                write!(f, "Struct[{{{}}}]", entries.join(", "))
            }
            Type::Callable(c) => match &c.return_type {
                None => params(f, "Callable", &callable_params(c)),
                Some(r) => {
                    let ps = if c.params.is_none() {
                        "[]".to_string()
                    } else {
                        format!("[{}]", callable_params(c).join(", "))
                    };
                    write!(f, "Callable[{ps}, {r}]")
                }
            },
            Type::Variant(ts) => params(
                f,
                "Variant",
                &ts.iter().map(|t| t.to_string()).collect::<Vec<_>>(),
            ),
            Type::Optional(t) => params(
                f,
                "Optional",
                &t.iter().map(|t| wrapped(t)).collect::<Vec<_>>(),
            ),
            Type::NotUndef(t) => params(
                f,
                "NotUndef",
                &t.iter().map(|t| wrapped(t)).collect::<Vec<_>>(),
            ),
            Type::Type(t) => params(f, "Type", &opt(t)),
            Type::Iterable(t) => params(f, "Iterable", &opt(t)),
            Type::Iterator(t) => params(f, "Iterator", &opt(t)),
            Type::Sensitive(t) if **t == Type::Any => f.write_str("Sensitive"),
            Type::Sensitive(t) => write!(f, "Sensitive[{t}]"),
            Type::Runtime(rt) => {
                if rt.runtime.is_none() && rt.name.is_none() {
                    return f.write_str("Runtime");
                }
                let runtime = rt.runtime.as_deref().unwrap_or("undef");
                let name = rt
                    .name
                    .as_deref()
                    .map_or_else(|| "undef".to_string(), puppet_quote);
                write!(f, "Runtime[{runtime}, {name}]")
            }
            Type::Timespan(r) => params(f, "Timespan", &time_params(TimeKind::Timespan, r)),
            Type::Timestamp(r) => params(f, "Timestamp", &time_params(TimeKind::Timestamp, r)),
            Type::SemVer(ranges) => params(
                f,
                "SemVer",
                &ranges
                    .iter()
                    .map(|r| format!("'{}'", r.text()))
                    .collect::<Vec<_>>(),
            ),
            Type::Uri(None) => f.write_str("URI"),
            Type::Uri(Some(ps)) => {
                let mut s = String::from("URI[{");
                for (i, (k, v)) in ps.iter().enumerate() {
                    if i > 0 {
                        s.push_str(", ");
                    }
                    let _ = write!(s, "{} => {}", puppet_quote(k), value_repr(v));
                }
                s.push_str("}]");
                f.write_str(&s)
            }
            Type::Init(init) => match &init.target {
                None => f.write_str("Init"),
                Some(t) => {
                    let mut ps = vec![t.to_string()];
                    ps.extend(init.args.iter().map(value_repr));
                    params(f, "Init", &ps)
                }
            },
            Type::Resource {
                type_name: None, ..
            } => f.write_str("Resource"),
            Type::Resource {
                type_name: Some(n),
                title,
            } => {
                f.write_str(&capitalize_name(n))?;
                match title {
                    Some(t) => write!(f, "[{}]", puppet_quote(t)),
                    None => Ok(()),
                }
            }
            Type::Class(None) => f.write_str("Class"),
            Type::Class(Some(n)) => write!(f, "Class[{n}]"),
            Type::Alias(a) => f.write_str(&a.0.name),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{n, tv, ty};
    use super::*;
    use crate::value::HashMap;

    fn show(name: &str, args: &[Value]) -> String {
        ty(name, args).to_string()
    }

    #[test]
    fn ranges_print_from_alone_when_open_above() {
        assert_eq!(
            show("Integer", &[Value::Integer(1), Value::Default]),
            "Integer[1]"
        );
        assert_eq!(
            show("Integer", &[Value::Default, Value::Integer(5)]),
            "Integer[default, 5]"
        );
        assert_eq!(
            show("Integer", &[Value::Default, Value::Default]),
            "Integer"
        );
        assert_eq!(show("Float", &[Value::Integer(1)]), "Float[1.0]");
        assert_eq!(show("String", &[Value::Default]), "String[0]");
    }

    #[test]
    fn collections_print_their_defaults_only_when_needed() {
        assert_eq!(show("Array", &[n("Any")]), "Array");
        assert_eq!(
            show("Array", &[Value::Integer(1), Value::Integer(2)]),
            "Array[Any, 1, 2]"
        );
        assert_eq!(
            show(
                "Array",
                &[n("String"), Value::Integer(0), Value::Integer(0)]
            ),
            "Array[0, 0]"
        );
        assert_eq!(
            show("Hash", &[Value::Integer(1), Value::Integer(2)]),
            "Hash[Any, Any, 1, 2]"
        );
        assert_eq!(
            show("Tuple", &[n("String"), Value::Integer(0), Value::Default]),
            "Tuple[String, 0]"
        );
    }

    #[test]
    fn struct_keys_print_what_differs_from_the_default() {
        let mut m = HashMap::new();
        m.insert("a".into(), n("Integer"));
        m.insert(
            tv(ty("NotUndef", &["b".into()])),
            tv(ty("Optional", &[n("Integer")])),
        );
        m.insert(tv(ty("Optional", &["c".into()])), n("Integer"));
        m.insert(
            tv(ty("Optional", &["d".into()])),
            tv(ty("Optional", &[n("Integer")])),
        );
        assert_eq!(
            show("Struct", &[Value::hash(m)]),
            "Struct[{'a' => Integer, NotUndef['b'] => Optional[Integer], \
             Optional['c'] => Integer, 'd' => Optional[Integer]}]"
        );
    }

    #[test]
    fn callables_print_their_signature() {
        assert_eq!(
            show("Callable", &[Value::Integer(0), Value::Integer(0)]),
            "Callable[0, 0]"
        );
        assert_eq!(
            show("Callable", &[Value::Integer(1), Value::Integer(2)]),
            "Callable[1, 2]"
        );
        let no_params = Value::array(Vec::new());
        assert_eq!(
            show("Callable", &[no_params, n("Integer")]),
            "Callable[[0, 0], Integer]"
        );
        assert_eq!(
            show("Callable", &[n("String"), n("Callable")]),
            "Callable[String, Callable]"
        );
    }

    #[test]
    fn regexps_escape_slashes() {
        assert_eq!(show("Regexp", &["a/b".into()]), r"Regexp[/a\/b/]");
        assert_eq!(
            show("Pattern", &["a".into(), "b".into(), "a".into()]),
            "Pattern[/a/, /b/]"
        );
    }

    #[test]
    fn names_print_as_puppet_capitalises_them() {
        assert_eq!(show("Resource", &["fooBar".into()]), "Foobar");
        assert_eq!(show("Resource", &["FOO".into()]), "FOO");
        assert_eq!(
            show("Resource", &["foo::bar".into(), "x".into()]),
            "Foo::Bar['x']"
        );
        assert_eq!(show("Class", &["::Foo::Bar".into()]), "Class[foo::bar]");
        assert_eq!(
            show("Runtime", &["ruby".into(), "Foo".into()]),
            "Runtime[ruby, 'Foo']"
        );
        assert_eq!(
            show("Enum", &["b".into(), "a".into(), Value::Boolean(true)]),
            "Enum['a', 'b', true]"
        );
    }
}
