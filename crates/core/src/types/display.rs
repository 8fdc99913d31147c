//! The canonical string form of a type, exactly as Puppet 7.23 prints it
//! (`Integer[1]`, `Enum['a', 'b', true]`, `Struct[{'a' => Integer}]`,
//! `Callable[[0, 0], Integer]`, `File['/etc/x']`). Spec: "Type to String".

use std::fmt::{self, Display, Formatter};

use super::time::TimeKind;
use super::{CallableType, IntRange, StringType, StructMember, TimeRange, Type};
use crate::ruby_compat::float_to_s;
use crate::value::{puppet_quote, Value};

/// `Name[p1, p2, ...]`, or just `Name` when there are no parameters.
fn params(name: &str, ps: &[String]) -> String {
    if ps.is_empty() {
        name.to_string()
    } else {
        format!("{name}[{}]", ps.join(", "))
    }
}

/// Puppet's `range_array_part`: nothing for an unbounded range, `from` alone
/// when only the top is open, else both ends (`default` for an open bottom).
fn range_part(r: Option<&IntRange>) -> Vec<String> {
    match r {
        None => Vec::new(),
        Some(r) if r.is_full() => Vec::new(),
        Some(r) => {
            let mut out = vec![r.from.map_or_else(|| "default".to_string(), |n| n.to_string())];
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
        Value::Float(x) => float_to_s(*x),
        Value::String(s) => puppet_quote(s),
        Value::Regexp(r) => regexp_literal(r.source()),
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(value_repr).collect();
            format!("[{}]", parts.join(", "))
        }
        Value::Hash(h) => {
            let parts: Vec<String> = h.iter().map(|(k, x)| format!("{} => {}", value_repr(k), value_repr(x))).collect();
            format!("{{{}}}", parts.join(", "))
        }
        Value::Type(t) => TypeFormatter::default().string(t),
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
    capitalize_each_segment(name)
}

/// Each `::` segment with its first letter upper case and the rest lower.
pub(crate) fn capitalize_each_segment(name: &str) -> String {
    name.split("::")
        .map(|seg| {
            let mut cs = seg.chars();
            match cs.next() {
                Some(c) => c.to_uppercase().chain(cs.flat_map(char::to_lowercase)).collect::<String>(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join("::")
}

fn time_params(kind: TimeKind, r: &TimeRange) -> Vec<String> {
    if r.is_full() {
        return Vec::new();
    }
    let mut out = vec![r.from.map_or_else(|| "default".to_string(), |b| format!("'{}'", kind.format(b)))];
    if let Some(to) = r.to {
        if r.from != Some(to) {
            out.push(format!("'{}'", kind.format(to)));
        }
    }
    out
}

const TYPESET_DEFAULT: &str = "TypeSet[{pcore_uri => 'http://puppet.com/2016.1/pcore', pcore_version => '1.0.0', name_authority => 'http://puppet.com/2016.1/runtime', name => 'DefaultTypeSet', version => '0.0.0'}]";

const DEFERRED: &str = "Object[{name => 'Deferred', attributes => {'name' => Pattern[/\\A[$]?[a-z][a-z0-9_]*(?:::[a-z][a-z0-9_]*)*\\z/], 'arguments' => {type => Optional[Array], value => undef}}}]";

/// Puppet's `TypeFormatter`. A type prints in the same form wherever it
/// appears, except for aliases: an alias on its own prints expanded (`MyInt =
/// Integer[1, 5]`), and so do the aliases inside that expansion, each but once
/// (`C = Variant[Integer, Array[C]]`); inside any other type an alias prints
/// as its name. The built-in `Data`, `RichData` and `RichDataKey` never expand.
#[derive(Default)]
pub(crate) struct TypeFormatter {
    pub(crate) expand: bool,
    expanding: Vec<String>,
}

impl TypeFormatter {
    fn strings(&mut self, ts: &[Type]) -> Vec<String> {
        ts.iter().map(|t| self.string(t)).collect()
    }

    fn opt(&mut self, t: &Option<Box<Type>>) -> Vec<String> {
        t.iter().map(|t| self.string(t)).collect()
    }

    /// `Optional['a']` and `NotUndef['a']` print an exact string as a literal.
    fn wrapped(&mut self, t: &Type) -> String {
        match t {
            Type::String(StringType::Value(s)) => puppet_quote(s),
            other => self.string(other),
        }
    }

    fn struct_entry(&mut self, m: &StructMember) -> String {
        let value_optional = super::accepts_undef(&m.value);
        let key = match (m.optional_key, value_optional) {
            (true, false) => format!("Optional[{}]", puppet_quote(&m.key)),
            (false, true) => format!("NotUndef[{}]", puppet_quote(&m.key)),
            _ => puppet_quote(&m.key),
        };
        format!("{key} => {}", self.string(&m.value))
    }

    fn callable_params(&mut self, c: &CallableType) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(p) = &c.params {
            for t in p.types.iter().filter(|t| !matches!(t, Type::Unit)) {
                out.push(self.string(t));
            }
            if p.types.is_empty() {
                out.push("0".into());
                out.push("0".into());
            } else {
                out.extend(range_part(p.size.as_ref()));
            }
        }
        if let Some(b) = &c.block {
            out.push(self.string(b));
        }
        out
    }

    fn alias(&mut self, a: &super::AliasRef) -> String {
        // Puppet names an object type or type set after its alias instead of aliasing it.
        if let Some(t @ (Type::ObjectType(_) | Type::TypeSetType(_))) = a.0.target() {
            return self.string(t);
        }
        let name = &a.0.name;
        let expand = self.expand && !a.0.is_builtin() && !self.expanding.contains(name);
        match a.0.target() {
            Some(target) if expand => {
                self.expanding.push(name.clone());
                let s = format!("{name} = {}", self.string(target));
                self.expanding.pop();
                s
            }
            _ => name.clone(),
        }
    }

    pub(crate) fn string(&mut self, t: &Type) -> String {
        match t {
            Type::Any => "Any".into(),
            Type::Undef => "Undef".into(),
            Type::Default => "Default".into(),
            Type::Unit => "Unit".into(),
            Type::Reference(name) => format!("TypeReference['{name}']"),
            Type::Scalar => "Scalar".into(),
            Type::ScalarData => "ScalarData".into(),
            Type::Numeric => "Numeric".into(),
            Type::Binary => "Binary".into(),
            Type::SemVerRange => "SemVerRange".into(),
            Type::CatalogEntry => "CatalogEntry".into(),
            Type::Object => "Object[{}]".into(),
            Type::TypeSet => TYPESET_DEFAULT.into(),
            Type::Deferred => DEFERRED.into(),
            Type::Boolean(b) => params("Boolean", &b.iter().map(|b| b.to_string()).collect::<Vec<_>>()),
            Type::Integer(r) => params("Integer", &range_part(Some(r))),
            Type::Float { from, to } => {
                if from.is_none() && to.is_none() {
                    return "Float".into();
                }
                let mut ps = vec![from.map_or_else(|| "default".into(), |b| float_to_s(b.0))];
                if let Some(to) = to {
                    ps.push(float_to_s(to.0));
                }
                params("Float", &ps)
            }
            Type::String(StringType::Sized(r)) => params("String", &range_part(Some(r))),
            Type::String(_) => "String".into(),
            Type::Enum(e) => {
                let mut ps: Vec<String> = e.values.iter().map(|v| puppet_quote(v)).collect();
                if e.case_insensitive && !ps.is_empty() {
                    ps.push("true".into());
                }
                params("Enum", &ps)
            }
            Type::Pattern(ps) => params("Pattern", &ps.iter().map(|p| regexp_literal(p.source())).collect::<Vec<_>>()),
            Type::Regexp(r) => params("Regexp", &r.iter().map(|p| regexp_literal(p.source())).collect::<Vec<_>>()),
            Type::Collection(size) => params("Collection", &range_part(size.as_ref())),
            Type::Array { element, size } => {
                if *size == Some(IntRange::exactly(0)) {
                    return "Array[0, 0]".into();
                }
                if **element == Type::Any && size.is_none() {
                    return "Array".into();
                }
                let mut ps = vec![self.string(element)];
                ps.extend(range_part(size.as_ref()));
                params("Array", &ps)
            }
            Type::Hash { key, value, size } => {
                if *size == Some(IntRange::exactly(0)) {
                    return "Hash[0, 0]".into();
                }
                if **key == Type::Any && **value == Type::Any && size.is_none() {
                    return "Hash".into();
                }
                let mut ps = vec![self.string(key), self.string(value)];
                ps.extend(range_part(size.as_ref()));
                params("Hash", &ps)
            }
            Type::Tuple(tt) => {
                if tt.types.is_empty() {
                    return "Tuple".into();
                }
                let mut ps = self.strings(&tt.types);
                ps.extend(range_part(tt.size.as_ref()));
                params("Tuple", &ps)
            }
            Type::Struct(members) if members.is_empty() => "Struct".into(),
            Type::Struct(members) => {
                let entries: Vec<String> = members.iter().map(|m| self.struct_entry(m)).collect();
                format!("Struct[{{{}}}]", entries.join(", "))
            }
            Type::Callable(c) => match &c.return_type {
                None => params("Callable", &self.callable_params(c)),
                Some(r) => {
                    let ps = if c.params.is_none() {
                        "[]".to_string()
                    } else {
                        format!("[{}]", self.callable_params(c).join(", "))
                    };
                    format!("Callable[{ps}, {}]", self.string(r))
                }
            },
            Type::Variant(ts) => params("Variant", &self.strings(ts)),
            Type::Optional(t) => {
                let ps: Vec<String> = t.iter().map(|t| self.wrapped(t)).collect();
                params("Optional", &ps)
            }
            Type::NotUndef(t) => {
                let ps: Vec<String> = t.iter().map(|t| self.wrapped(t)).collect();
                params("NotUndef", &ps)
            }
            Type::Type(t) => params("Type", &self.opt(t)),
            Type::Iterable(t) => params("Iterable", &self.opt(t)),
            Type::Iterator(t) => params("Iterator", &self.opt(t)),
            Type::Sensitive(t) if **t == Type::Any => "Sensitive".into(),
            Type::Sensitive(t) => format!("Sensitive[{}]", self.string(t)),
            Type::Runtime(rt) => {
                if rt.runtime.is_none() && rt.name.is_none() {
                    return "Runtime".into();
                }
                let runtime = rt.runtime.as_deref().unwrap_or("undef");
                let name = rt.name.as_deref().map_or_else(|| "undef".to_string(), puppet_quote);
                format!("Runtime[{runtime}, {name}]")
            }
            Type::Timespan(r) => params("Timespan", &time_params(TimeKind::Timespan, r)),
            Type::Timestamp(r) => params("Timestamp", &time_params(TimeKind::Timestamp, r)),
            Type::SemVer(ranges) => {
                params("SemVer", &ranges.iter().map(|r| format!("'{}'", r.text())).collect::<Vec<_>>())
            }
            Type::Uri(None) => "URI".into(),
            Type::Uri(Some(ps)) => {
                let parts: Vec<String> =
                    ps.iter().map(|(k, v)| format!("{} => {}", puppet_quote(k), value_repr(v))).collect();
                format!("URI[{{{}}}]", parts.join(", "))
            }
            Type::Init(init) => match &init.target {
                None => "Init".into(),
                Some(t) => {
                    let mut ps = vec![self.string(t)];
                    ps.extend(init.args.iter().map(value_repr));
                    params("Init", &ps)
                }
            },
            Type::Resource { type_name: None, .. } => "Resource".into(),
            Type::Resource { type_name: Some(n), title } => match title {
                Some(t) => format!("{}[{}]", capitalize_name(n), puppet_quote(t)),
                None => capitalize_name(n),
            },
            Type::Class(None) => "Class".into(),
            Type::Class(Some(n)) => format!("Class[{n}]"),
            Type::Alias(a) => self.alias(a),
            Type::ObjectType(o) => self.object_type(o),
            Type::ObjectExt(e) => self.object_extension(e),
            Type::TypeSetType(ts) => {
                let expand = self.expand;
                ts.display(expand, &mut |t| {
                    let mut inner = TypeFormatter { expand, expanding: Vec::new() };
                    inner.string(t)
                })
            }
        }
    }
}

impl Display for Type {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let expand = matches!(self, Type::Alias(_) | Type::ObjectType(_) | Type::TypeSetType(_));
        let mut formatter = TypeFormatter { expand, expanding: Vec::new() };
        f.write_str(&formatter.string(self))
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
        assert_eq!(show("Integer", &[Value::Integer(1), Value::Default]), "Integer[1]");
        assert_eq!(show("Integer", &[Value::Default, Value::Integer(5)]), "Integer[default, 5]");
        assert_eq!(show("Integer", &[Value::Default, Value::Default]), "Integer");
        assert_eq!(show("Float", &[Value::Integer(1)]), "Float[1.0]");
        assert_eq!(show("String", &[Value::Default]), "String[0]");
    }

    #[test]
    fn collections_print_their_defaults_only_when_needed() {
        assert_eq!(show("Array", &[n("Any")]), "Array");
        assert_eq!(show("Array", &[Value::Integer(1), Value::Integer(2)]), "Array[Any, 1, 2]");
        assert_eq!(show("Array", &[n("String"), Value::Integer(0), Value::Integer(0)]), "Array[0, 0]");
        assert_eq!(show("Hash", &[Value::Integer(1), Value::Integer(2)]), "Hash[Any, Any, 1, 2]");
        assert_eq!(show("Tuple", &[n("String"), Value::Integer(0), Value::Default]), "Tuple[String, 0]");
    }

    #[test]
    fn struct_keys_print_what_differs_from_the_default() {
        let mut m = HashMap::new();
        m.insert("a".into(), n("Integer"));
        m.insert(tv(ty("NotUndef", &["b".into()])), tv(ty("Optional", &[n("Integer")])));
        m.insert(tv(ty("Optional", &["c".into()])), n("Integer"));
        m.insert(tv(ty("Optional", &["d".into()])), tv(ty("Optional", &[n("Integer")])));
        assert_eq!(
            show("Struct", &[Value::hash(m)]),
            "Struct[{'a' => Integer, NotUndef['b'] => Optional[Integer], \
             Optional['c'] => Integer, 'd' => Optional[Integer]}]"
        );
    }

    #[test]
    fn callables_print_their_signature() {
        assert_eq!(show("Callable", &[Value::Integer(0), Value::Integer(0)]), "Callable[0, 0]");
        assert_eq!(show("Callable", &[Value::Integer(1), Value::Integer(2)]), "Callable[1, 2]");
        let no_params = Value::array(Vec::new());
        assert_eq!(show("Callable", &[no_params, n("Integer")]), "Callable[[0, 0], Integer]");
        assert_eq!(show("Callable", &[n("String"), n("Callable")]), "Callable[String, Callable]");
    }

    #[test]
    fn aliases_expand_only_when_printed_on_their_own() {
        use super::super::{AliasRef, TypeAlias};
        let alias = |name: &str| TypeAlias::new(name);
        let (a, b, c) = (alias("A"), alias("B"), alias("C"));
        let (ra, rb, rc) =
            (Type::Alias(AliasRef(a.clone())), Type::Alias(AliasRef(b.clone())), Type::Alias(AliasRef(c.clone())));
        a.resolve(ty("Integer", &[Value::Integer(1), Value::Integer(2)]));
        b.resolve(Type::array_of(ra.clone()));
        c.resolve(Type::variant_of(vec![Type::integer(), Type::array_of(rc.clone())]));
        // Puppet 7.23: `type B = Array[A]; notice(B)` prints `B = Array[A = Integer[1, 2]]`.
        assert_eq!(rb.to_string(), "B = Array[A = Integer[1, 2]]");
        assert_eq!(Type::array_of(rb).to_string(), "Array[B]");
        assert_eq!(rc.to_string(), "C = Variant[Integer, Array[C]]");
        let d = alias("D");
        d.resolve(super::super::data());
        assert_eq!(Type::Alias(AliasRef(d)).to_string(), "D = Data");
    }

    #[test]
    fn regexps_escape_slashes() {
        assert_eq!(show("Regexp", &["a/b".into()]), r"Regexp[/a\/b/]");
        assert_eq!(show("Pattern", &["a".into(), "b".into(), "a".into()]), "Pattern[/a/, /b/]");
    }

    #[test]
    fn names_print_as_puppet_capitalises_them() {
        assert_eq!(show("Resource", &["fooBar".into()]), "Foobar");
        assert_eq!(show("Resource", &["FOO".into()]), "FOO");
        assert_eq!(show("Resource", &["foo::bar".into(), "x".into()]), "Foo::Bar['x']");
        assert_eq!(show("Class", &["::Foo::Bar".into()]), "Class[foo::bar]");
        assert_eq!(show("Runtime", &["ruby".into(), "Foo".into()]), "Runtime[ruby, 'Foo']");
        assert_eq!(show("Enum", &["b".into(), "a".into(), Value::Boolean(true)]), "Enum['a', 'b', true]");
    }
}
