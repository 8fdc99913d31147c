//! The parameters of `URI[...]`: a URI string parsed into its parts, or a hash
//! constraining parts with strings, regexps and types. Spec: "URI".

use std::sync::Arc;

use super::Type;
use crate::error::CoreError;
use crate::value::{puppet_equals, Value};

/// The part names a `URI` type may constrain.
pub const PARTS: [&str; 8] = ["scheme", "userinfo", "host", "port", "path", "query", "fragment", "opaque"];

/// The parts of a URI string, as Puppet's `URI['...']` records them: scheme and
/// host lower-cased, the port as a string unless it is the scheme's default
/// HTTP(S) port, and absent parts left out.
pub fn parse_uri(s: &str) -> Result<Vec<(Arc<str>, Value)>, CoreError> {
    // RFC 3986 syntax (what Ruby's URI parser accepts) comes from fluent-uri;
    // what Puppet records of each part is decided here.
    let uri = fluent_uri::UriRef::parse(s).map_err(|_| bad_uri(s))?;
    let mut parts: Vec<(Arc<str>, Value)> = Vec::new();
    let mut push = |k: &str, v: &str| parts.push((k.into(), Value::from(v)));
    let scheme = uri.scheme().map(|sc| sc.as_str().to_ascii_lowercase());
    if let Some(sc) = &scheme {
        push("scheme", sc);
    }
    let path = uri.path().as_str();
    if let Some(authority) = uri.authority() {
        if let Some(u) = authority.userinfo() {
            push("userinfo", u.as_str());
        }
        if !authority.host().is_empty() {
            push("host", &authority.host().to_ascii_lowercase());
        }
        let default_port = match scheme.as_deref() {
            Some("ftp") => Some("21"),
            Some("ldap") => Some("389"),
            Some("ldaps") => Some("636"),
            Some("ws") => Some("80"),
            Some("wss") => Some("443"),
            _ => None,
        };
        let port = authority.port().map(|p| p.as_str()).filter(|p| !p.is_empty()).or(default_port);
        if let Some(p) = port {
            let is_default =
                (p == "80" && scheme.as_deref() == Some("http")) || (p == "443" && scheme.as_deref() == Some("https"));
            if !is_default {
                push("port", p);
            }
        }
        // Ruby's URI::FTP keeps the path without its leading `/` and takes
        // a `;type=` suffix as the transfer type.
        let path = match scheme.as_deref() {
            Some("ftp") => {
                let p = path.strip_prefix('/').unwrap_or(path);
                p.split_once(";type=").map_or(p, |(p, _)| p)
            }
            _ => path,
        };
        if !path.is_empty() {
            push("path", path);
        }
    } else if scheme.is_some() && !path.starts_with('/') {
        push("opaque", path);
    } else if !path.is_empty() {
        push("path", path);
    }
    if let Some(q) = uri.query() {
        push("query", q.as_str());
    }
    if let Some(f) = uri.fragment() {
        push("fragment", f.as_str());
    }
    Ok(parts)
}

fn bad_uri(s: &str) -> CoreError {
    CoreError::BadTypeParameters(format!("bad URI(is not URI?): \"{s}\""))
}

/// Puppet's `match?`, as `case` matches a value against an option: a regexp
/// matches strings, a type matches its instances, anything else must be equal.
fn case_match(value: &Value, pattern: &Value) -> bool {
    match pattern {
        Value::Regexp(r) => value.as_str().is_some_and(|s| r.is_match(s)),
        Value::Type(t) => super::instance_of(t, value),
        Value::Default => true,
        _ => puppet_equals(value, pattern),
    }
}

/// Whether a `URI` type with `params` accepts one with `others`: every
/// constrained part must be present in the other and match its constraint, or
/// be a narrower type.
pub fn params_assignable(params: Option<&[(Arc<str>, Value)]>, others: Option<&[(Arc<str>, Value)]>) -> bool {
    let Some(params) = params else {
        return true;
    };
    let others = others.unwrap_or(&[]);
    params.iter().all(|(name, b)| {
        others.iter().find(|(n, _)| n == name).is_some_and(|(_, a)| {
            case_match(a, b) || matches!((a, b), (Value::Type(ta), Value::Type(tb)) if super::assignable(tb, ta))
        })
    })
}

/// Whether a URI value is an instance of `URI[params]`: each constrained
/// part, as the value's attribute (an absent part is `undef`, the port is
/// the scheme's default when not written), matches its constraint.
pub fn value_matches(params: Option<&[(Arc<str>, Value)]>, uri: &crate::value::uri::Uri) -> bool {
    params.unwrap_or(&[]).iter().all(|(name, constraint)| {
        let part = uri.attribute(name).unwrap_or(Value::Undef);
        case_match(&part, constraint)
    })
}

/// Whether `v` may constrain a URI part (a string, regexp, `Pattern`, `Enum`,
/// `NotUndef` or `Undef` type, or `undef`; for the port an integer range).
pub fn valid_constraint(part: &str, v: &Value) -> bool {
    match v {
        Value::Undef => true,
        Value::Type(t) => match t.resolved() {
            Type::NotUndef(None) | Type::Undef => true,
            Type::Pattern(_) | Type::Enum(_) => part != "port",
            Type::Integer(r) => part == "port" && r.lo() >= 0,
            _ => false,
        },
        Value::String(s) => part != "port" && !s.is_empty(),
        Value::Regexp(_) => part != "port",
        Value::Integer(i) => part == "port" && *i >= 0,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(s: &str) -> Vec<(String, String)> {
        parse_uri(s).unwrap().into_iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn uris_split_into_puppets_parts() {
        assert_eq!(
            parts("http://example.com/a"),
            [("scheme", "http"), ("host", "example.com"), ("path", "/a")].map(|(a, b)| (a.to_string(), b.to_string()))
        );
        assert_eq!(
            parts("https://bob:pwd@Example.com:8443/a?x=1#f"),
            [
                ("scheme", "https"),
                ("userinfo", "bob:pwd"),
                ("host", "example.com"),
                ("port", "8443"),
                ("path", "/a"),
                ("query", "x=1"),
                ("fragment", "f"),
            ]
            .map(|(a, b)| (a.to_string(), b.to_string()))
        );
        assert_eq!(
            parts("urn:a:b"),
            [("scheme", "urn"), ("opaque", "a:b")].map(|(a, b)| (a.to_string(), b.to_string()))
        );
    }
}
