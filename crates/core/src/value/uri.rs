//! URI values. Spec: "URI" — parts as attributes, `+` resolves a reference
//! against a base (RFC 3986, section 5.2).

use std::sync::Arc;

use super::Value;
use crate::error::CoreError;

/// A URI: its text and its parts as `URI[...]` records them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Uri {
    text: String,
    parts: Vec<(Arc<str>, Value)>,
}

impl Uri {
    /// Parses a URI string.
    pub fn parse(text: &str) -> Result<Uri, CoreError> {
        let parts = parse_parts(text)?;
        // Ruby's URI writes the scheme in lower case.
        let text = match text.find(':') {
            Some(at) if parts.iter().any(|(n, _)| &**n == "scheme") => {
                format!("{}{}", text[..at].to_ascii_lowercase(), &text[at..])
            }
            _ => text.to_string(),
        };
        let mut uri = Uri { text, parts };
        uri.drop_default_port();
        Ok(uri)
    }

    /// The port a scheme implies, which Ruby's URI leaves out of the text.
    fn default_port(&self) -> Option<&'static str> {
        // Ruby's URI classes with a default port.
        match self.parts.iter().find(|(n, _)| &**n == "scheme").and_then(|(_, v)| v.as_str()) {
            Some("http" | "ws") => Some("80"),
            Some("https" | "wss") => Some("443"),
            Some("ftp") => Some("21"),
            Some("ldap") => Some("389"),
            Some("ldaps") => Some("636"),
            _ => None,
        }
    }

    /// Writes `http://a.com:80/` as `http://a.com/`, as Ruby's URI does.
    fn drop_default_port(&mut self) {
        let Some(default) = self.default_port() else { return };
        let Some(start) = self.text.find("//").map(|i| i + 2) else { return };
        let end = self.text[start..].find(['/', '?', '#']).map_or(self.text.len(), |i| start + i);
        let suffix = format!(":{default}");
        if self.text[start..end].ends_with(&suffix) {
            self.text.replace_range(end - suffix.len()..end, "");
        }
    }

    /// The parts that decide equality, as Ruby's `URI#==` compares
    /// normalised URIs: scheme and host in lower case (as the parts hold
    /// them), the scheme's default port the same as none.
    pub fn normalized_parts(&self) -> Vec<(Arc<str>, Value)> {
        let default = self.default_port();
        self.parts.iter().filter(|(n, v)| !(&**n == "port" && v.as_str() == default)).cloned().collect()
    }

    /// Builds a URI from named parts (`scheme`, `host`, `path`, …).
    pub fn from_parts(map: &crate::HashMap) -> Result<Uri, CoreError> {
        let part = |name: &str| map.get(&Value::from(name)).map(super::to_s);
        let mut text = String::new();
        if let Some(s) = part("scheme") {
            text.push_str(&s);
            text.push(':');
        }
        if let Some(o) = part("opaque") {
            text.push_str(&o);
        } else {
            if let Some(h) = part("host") {
                text.push_str("//");
                if let Some(u) = part("userinfo") {
                    text.push_str(&u);
                    text.push('@');
                }
                text.push_str(&h);
                if let Some(p) = part("port") {
                    text.push(':');
                    text.push_str(&p);
                }
            }
            text.push_str(&part("path").unwrap_or_default());
        }
        if let Some(q) = part("query") {
            text.push('?');
            text.push_str(&q);
        }
        if let Some(f) = part("fragment") {
            text.push('#');
            text.push_str(&f);
        }
        Uri::parse(&text)
    }

    /// The URI as text.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The parts, as the type `URI[...]` of this value lists them.
    pub fn parts(&self) -> &[(Arc<str>, Value)] {
        &self.parts
    }

    /// A part as an attribute (`$u.host`); the port is an Integer, and absent
    /// parts are `undef`.
    pub fn attribute(&self, name: &str) -> Option<Value> {
        let known = ["scheme", "userinfo", "host", "port", "path", "query", "fragment", "opaque"];
        if !known.contains(&name) {
            return None;
        }
        let raw = self.parts.iter().find(|(n, _)| &**n == name).map(|(_, v)| v.clone());
        Some(match (name, raw) {
            ("port", Some(Value::String(p))) => p.parse().map_or(Value::Undef, Value::Integer),
            ("port", None) => self.default_port().and_then(|p| p.parse().ok()).map_or(Value::Undef, Value::Integer),
            // The host keeps the case it was written in (the type's parts fold it).
            ("host", Some(Value::String(h))) => {
                let at = self.text.to_ascii_lowercase().find(&*h);
                at.map_or(Value::String(h.clone()), |i| Value::from(&self.text[i..i + h.len()]))
            }
            (_, Some(v)) => v,
            (_, None) => Value::Undef,
        })
    }

    /// Resolves `reference` against this URI as a base (RFC 3986, 5.2). The
    /// base's fragment plays no part, as the RFC says (fluent-uri refuses a
    /// base that has one, so it is cut first).
    pub fn resolve(&self, reference: &Uri) -> Result<Uri, CoreError> {
        let bad = |e: &dyn std::fmt::Display| CoreError::BadTypeParameters(format!("bad URI: {e}"));
        let r_has_scheme = reference.parts.iter().any(|(n, _)| &**n == "scheme");
        let base_has_scheme = self.parts.iter().any(|(n, _)| &**n == "scheme");
        match (base_has_scheme, r_has_scheme) {
            (_, true) => return Ok(reference.clone()),
            (false, false) => {
                return Err(CoreError::Operand("Error while evaluating a '+' expression, both URI are relative".into()))
            }
            (true, false) => {}
        }
        let base_text = self.text.split('#').next().unwrap_or(&self.text);
        let base = fluent_uri::Uri::parse(base_text).map_err(|e| bad(&e))?;
        let r = fluent_uri::UriRef::parse(reference.text.as_str()).map_err(|e| bad(&e))?;
        let resolved = r.resolve_against(&base).map_err(|e| bad(&e))?;
        Uri::parse(resolved.as_str())
    }
}

/// The parts of a URI string, as Puppet's `URI['...']` records them: scheme and
/// host lower-cased, the port as a string unless it is the scheme's default
/// HTTP(S) port, and absent parts left out.
pub fn parse_parts(s: &str) -> Result<Vec<(Arc<str>, Value)>, CoreError> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_resolve_against_a_base() {
        let base = Uri::parse("https://example.com/a/b").unwrap();
        let r = |s: &str| base.resolve(&Uri::parse(s).unwrap()).unwrap().as_str().to_string();
        assert_eq!(r("/c/d"), "https://example.com/c/d");
        assert_eq!(r("c/d"), "https://example.com/a/c/d");
        assert_eq!(r("../x"), "https://example.com/x");
        assert_eq!(r("http://other/"), "http://other/");
        let root = Uri::parse("https://example.com").unwrap();
        assert_eq!(root.resolve(&Uri::parse("/a/b").unwrap()).unwrap().as_str(), "https://example.com/a/b");
    }

    #[test]
    fn parts_are_attributes() {
        let u = Uri::parse("https://bob:pw@example.com:8080/a/b?a=b#frag").unwrap();
        assert_eq!(u.attribute("port"), Some(Value::Integer(8080)));
        assert_eq!(u.attribute("userinfo"), Some(Value::from("bob:pw")));
        assert_eq!(u.attribute("nope"), None);
    }

    fn parts(s: &str) -> Vec<(String, String)> {
        parse_parts(s).unwrap().into_iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
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
