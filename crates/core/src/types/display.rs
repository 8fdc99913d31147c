//! The canonical string form of a type, as Puppet prints it (`Integer[1, 10]`,
//! `Enum['a', 'b']`, `File['/etc/x']`).

use std::fmt::{self, Display, Formatter};

use super::{IntRange, KeyPresence, Type};
use crate::float::ruby_float_to_s;
use crate::value::puppet_quote;

fn bound(b: Option<i64>) -> String {
    b.map_or_else(|| "default".to_string(), |n| n.to_string())
}

/// Writes `Name[p1, p2, ...]`, or just `Name` when there are no parameters.
fn params(f: &mut Formatter<'_>, name: &str, ps: &[String]) -> fmt::Result {
    if ps.is_empty() {
        f.write_str(name)
    } else {
        write!(f, "{name}[{}]", ps.join(", "))
    }
}

fn range_params(r: &IntRange) -> Vec<String> {
    vec![bound(r.from), bound(r.to)]
}

/// A size range as trailing parameters: `from` alone when `to` is open.
fn size_params(r: &Option<IntRange>) -> Vec<String> {
    match r {
        None => vec![],
        Some(IntRange { from, to: None }) => vec![bound(*from)],
        Some(r) => range_params(r),
    }
}

impl Display for Type {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Type::Any => f.write_str("Any"),
            Type::Undef => f.write_str("Undef"),
            Type::Default => f.write_str("Default"),
            Type::Scalar => f.write_str("Scalar"),
            Type::ScalarData => f.write_str("ScalarData"),
            Type::Data => f.write_str("Data"),
            Type::RichData => f.write_str("RichData"),
            Type::Numeric => f.write_str("Numeric"),
            Type::CatalogEntry => f.write_str("CatalogEntry"),
            Type::Boolean(b) => params(f, "Boolean", &b.iter().map(|b| b.to_string()).collect::<Vec<_>>()),
            Type::Integer(r) if r.is_full() => f.write_str("Integer"),
            Type::Integer(r) => params(f, "Integer", &range_params(r)),
            Type::Float { from: None, to: None } => f.write_str("Float"),
            Type::Float { from, to } => {
                let b = |x: &Option<super::FloatBound>| x.map_or_else(|| "default".into(), |v| ruby_float_to_s(v.0));
                params(f, "Float", &[b(from), b(to)])
            }
            Type::String(size) => params(f, "String", &size_params(size)),
            Type::Enum(opts) => params(f, "Enum", &opts.iter().map(|o| puppet_quote(o)).collect::<Vec<_>>()),
            Type::Pattern(ps) => {
                params(f, "Pattern", &ps.iter().map(|p| format!("/{}/", p.source())).collect::<Vec<_>>())
            }
            Type::Regexp(r) => params(f, "Regexp", &r.iter().map(|p| format!("/{}/", p.source())).collect::<Vec<_>>()),
            Type::Array { element, size } => {
                let mut ps: Vec<String> = element.iter().map(|e| e.to_string()).collect();
                ps.extend(size_params(size));
                params(f, "Array", &ps)
            }
            Type::Hash { key_value, size } => {
                let mut ps: Vec<String> =
                    key_value.iter().flat_map(|kv| [kv.0.to_string(), kv.1.to_string()]).collect();
                ps.extend(size_params(size));
                params(f, "Hash", &ps)
            }
            Type::Tuple { types, size } => {
                let mut ps: Vec<String> = types.iter().map(|t| t.to_string()).collect();
                ps.extend(size_params(size));
                params(f, "Tuple", &ps)
            }
            Type::Struct(None) => f.write_str("Struct"),
            Type::Struct(Some(members)) => {
                let entries: Vec<String> = members
                    .iter()
                    .map(|m| {
                        let key = match m.presence {
                            KeyPresence::Plain => puppet_quote(&m.key),
                            KeyPresence::Optional => format!("Optional[{}]", puppet_quote(&m.key)),
                            KeyPresence::Required => format!("NotUndef[{}]", puppet_quote(&m.key)),
                        };
                        format!("{key} => {}", m.value)
                    })
                    .collect();
                write!(f, "Struct[{{{}}}]", entries.join(", "))
            }
            Type::Collection(size) => params(f, "Collection", &size_params(size)),
            Type::Variant(ts) => params(f, "Variant", &ts.iter().map(|t| t.to_string()).collect::<Vec<_>>()),
            Type::Optional(t) => params(f, "Optional", &t.iter().map(|t| t.to_string()).collect::<Vec<_>>()),
            Type::NotUndef(t) => params(f, "NotUndef", &t.iter().map(|t| t.to_string()).collect::<Vec<_>>()),
            Type::Type(t) => params(f, "Type", &t.iter().map(|t| t.to_string()).collect::<Vec<_>>()),
            Type::Sensitive(t) => params(f, "Sensitive", &t.iter().map(|t| t.to_string()).collect::<Vec<_>>()),
            Type::Resource { type_name: None, .. } => f.write_str("Resource"),
            Type::Resource { type_name: Some(n), title: None } => f.write_str(n),
            Type::Resource { type_name: Some(n), title: Some(t) } => write!(f, "{n}[{}]", puppet_quote(t)),
            Type::Class(None) => f.write_str("Class"),
            Type::Class(Some(n)) => write!(f, "Class[{n}]"),
            Type::Alias(a) => f.write_str(&a.0.name),
        }
    }
}
