//! Lookup keys: `a::b` names a module's data, and dots dig into the found
//! value (`settings.log.level`, `'a.b'.c` with a quoted segment).

use confer_core::Value;

use crate::error::HieraError;

/// A parsed key.
#[derive(Clone, Debug, PartialEq)]
pub struct LookupKey {
    /// The key as written.
    pub text: String,
    /// The first segment: the key the data files hold.
    pub root: String,
    /// The segments after the root, to dig into the value with.
    pub segments: Vec<String>,
}

impl LookupKey {
    /// Splits `text` on dots outside quotes (Puppet's `split_key`).
    pub fn parse(text: &str) -> Result<LookupKey, HieraError> {
        let segments = split_key(text)
            .map_err(|problem| HieraError::Interpolation { message: format!("{problem} in key: {text}") })?;
        let mut segments = segments.into_iter();
        let root = segments.next().unwrap_or_default();
        Ok(LookupKey { text: text.to_string(), root, segments: segments.collect() })
    }

    /// The module whose data layer may hold this key (`ntp` for
    /// `ntp::servers`), `None` for a key outside any module.
    pub fn module_name(&self) -> Option<&str> {
        let root = self.root.strip_prefix("::").unwrap_or(&self.root);
        root.split_once("::").map(|(m, _)| m).filter(|m| !m.is_empty())
    }

    /// Digs into `value` along the segments; `None` when a segment is missing.
    pub fn dig(&self, value: Value) -> Option<Value> {
        dig(value, &self.segments)
    }
}

/// Follows `segments` into a value: integers index arrays, strings hashes.
pub fn dig(mut value: Value, segments: &[String]) -> Option<Value> {
    for s in segments {
        value = match &value {
            Value::Hash(h) => h.get(&Value::from(s.as_str()))?.clone(),
            Value::Array(a) => a.get(s.parse::<usize>().ok()?)?.clone(),
            _ => return None,
        };
    }
    Some(value)
}

/// Splits a dotted key; quoted segments may hold dots.
pub fn split_key(text: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut chars = text.chars().peekable();
    let mut quoted_segment = false;
    while let Some(c) = chars.next() {
        match c {
            '\'' | '"' if current.is_empty() && !quoted_segment => {
                for q in chars.by_ref() {
                    if q == c {
                        quoted_segment = true;
                        break;
                    }
                    current.push(q);
                }
                if !quoted_segment {
                    return Err("Unterminated quote".into());
                }
            }
            '.' => {
                if current.is_empty() && !quoted_segment {
                    return Err("Syntax error".into());
                }
                out.push(std::mem::take(&mut current));
                quoted_segment = false;
            }
            _ if quoted_segment => return Err("Syntax error".into()),
            _ => current.push(c),
        }
    }
    if current.is_empty() && !quoted_segment && !out.is_empty() {
        return Err("Syntax error".into());
    }
    out.push(current);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_split_on_dots_outside_quotes() {
        let k = LookupKey::parse("ntp::servers.0").unwrap();
        assert_eq!((k.root.as_str(), k.segments.clone()), ("ntp::servers", vec!["0".to_string()]));
        assert_eq!(k.module_name(), Some("ntp"));
        assert_eq!(split_key("'a.b'.c").unwrap(), vec!["a.b", "c"]);
        assert!(split_key("a..b").is_err());
    }
}
