//! Interpolation in data values and hierarchy paths, as Puppet's
//! `Lookup::Interpolation`: `%{var.dig}` reads a scope variable, `%{lookup('k')}`
//! (and `hiera`) looks a key up, `%{alias('k')}` replaces the whole value
//! with the found one, keeping its type, `%{literal('x')}` gives `x`, and
//! `%{scope('v')}` is the variable form. Paths allow the variable forms only.

use confer_core::Value;

use crate::error::HieraError;
use crate::key::{dig, split_key};
use crate::lookup::Invocation;

/// The longest string interpolation may build (a template's limit on its
/// output, far above any real value): a value interpolating a key twice,
/// at each of 40 levels, would be 2^40 copies of the last.
const MAX_INTERPOLATED_BYTES: usize = 16 * 1024 * 1024;

/// The expressions Puppet treats as empty (`%{}`, `%{::}`, quoted forms).
const EMPTY: [&str; 6] = ["", "::", "\"\"", "''", "\"::\"", "'::'"];

/// `name('arg')` or `name("arg")`.
fn method_call(expr: &str) -> Option<(&str, &str)> {
    let open = expr.find('(')?;
    let name = &expr[..open];
    if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
        return None;
    }
    let inner = expr[open + 1..].strip_suffix(')')?;
    let q = inner.chars().next().filter(|c| *c == '\'' || *c == '"')?;
    let arg = inner.strip_prefix(q)?.strip_suffix(q)?;
    (!arg.is_empty() && !arg.contains(q)).then_some((name, arg))
}

impl Invocation<'_> {
    /// Interpolates every string in a value. The result is refused past
    /// [`MAX_INTERPOLATED_BYTES`] with its shared parts written out: an
    /// array of two `%{alias('a')}` at each of 40 levels shares its parts
    /// but is 2^40 values to print.
    pub(crate) fn interpolate(&mut self, value: &Value, allow_methods: bool) -> Result<Value, HieraError> {
        let out = self.interpolate_parts(value, allow_methods)?;
        if out.expanded_size() > MAX_INTERPOLATED_BYTES as u64 {
            return Err(HieraError::Interpolation {
                message: format!(
                    "The interpolation built a value of more than {MAX_INTERPOLATED_BYTES} bytes with its shared parts written out (confer's limit on hostile input)"
                ),
            });
        }
        Ok(out)
    }

    fn interpolate_parts(&mut self, value: &Value, allow_methods: bool) -> Result<Value, HieraError> {
        Ok(match value {
            Value::String(s) if s.contains("%{") => self.interpolate_string(s, allow_methods)?,
            Value::Array(items) => {
                Value::array(items.iter().map(|v| self.interpolate(v, allow_methods)).collect::<Result<_, _>>()?)
            }
            Value::Hash(h) => Value::hash(
                h.iter()
                    .map(|(k, v)| Ok((self.interpolate(k, allow_methods)?, self.interpolate(v, allow_methods)?)))
                    .collect::<Result<_, HieraError>>()?,
            ),
            other => other.clone(),
        })
    }

    /// Interpolates a string that must stay a string (a path).
    pub(crate) fn interpolate_str(&mut self, s: &str, allow_methods: bool) -> Result<String, HieraError> {
        if !s.contains("%{") {
            return Ok(s.to_string());
        }
        Ok(confer_core::ruby_compat::to_s(&self.interpolate_string(s, allow_methods)?))
    }

    /// Interpolates one string; data values (where methods are allowed)
    /// show in the explanation, paths do not (Puppet resolves them while
    /// reading the configuration).
    fn interpolate_string(&mut self, subject: &str, allow_methods: bool) -> Result<Value, HieraError> {
        if !allow_methods {
            return self.interpolate_string_inner(subject, allow_methods);
        }
        self.ex(|e| e.push(crate::explain::Kind::Interpolate(subject.to_string())));
        let r = self.interpolate_string_inner(subject, allow_methods);
        self.ex(crate::explain::Explainer::pop);
        r
    }

    fn interpolate_string_inner(&mut self, subject: &str, allow_methods: bool) -> Result<Value, HieraError> {
        let mut out = String::new();
        let mut rest = subject;
        while let Some(start) = rest.find("%{") {
            let Some(len) = rest[start + 2..].find('}') else { break };
            out.push_str(&rest[..start]);
            let whole = &rest[start..start + 2 + len + 1];
            let expr = rest[start + 2..start + 2 + len].trim();
            rest = &rest[start + 2 + len + 1..];
            if EMPTY.contains(&expr) {
                continue;
            }
            let (method, arg) = match method_call(expr) {
                Some((m, a)) => {
                    if !allow_methods {
                        return Err(HieraError::Interpolation {
                            message: "Interpolation using method syntax is not allowed in this context".into(),
                        });
                    }
                    (m, a)
                }
                None => ("scope", expr),
            };
            if method == "alias" && subject != whole {
                return Err(HieraError::Interpolation {
                    message: "'alias' interpolation is only permitted if the expression is equal to the entire string"
                        .into(),
                });
            }
            let value = match method {
                "lookup" | "hiera" | "alias" => self.sub_lookup(arg)?,
                "scope" => self.scope_value(arg, allow_methods)?.unwrap_or(Value::Undef),
                "literal" => Value::from(arg),
                other => {
                    return Err(HieraError::Interpolation {
                        message: format!("Unknown interpolation method '{other}'"),
                    })
                }
            };
            if method == "alias" {
                return Ok(value);
            }
            let name = if method == "scope" { format!("scope:{arg}") } else { arg.to_string() };
            let value = self.check(&name, |inv| inv.interpolate(&value, allow_methods))?;
            out.push_str(&confer_core::ruby_compat::to_s(&value));
            if out.len() > MAX_INTERPOLATED_BYTES {
                return Err(HieraError::Interpolation {
                    message: format!(
                        "The interpolation built a string of more than {MAX_INTERPOLATED_BYTES} bytes (confer's limit on hostile input)"
                    ),
                });
            }
        }
        out.push_str(rest);
        Ok(Value::from(out))
    }

    /// `%{lookup('k')}`: a full lookup whose default is the empty string,
    /// made once per invocation (an explanation shows every one, and
    /// mapped paths' bound variables may change what it finds).
    fn sub_lookup(&mut self, key: &str) -> Result<Value, HieraError> {
        let remembered = self.explain.is_none() && self.locals.is_empty();
        if remembered {
            if let Some(v) = self.interpolated.get(key) {
                return Ok(v.clone());
            }
        }
        let value = self.lookup(key, None)?.map_or(Value::from(""), |f| f.value);
        if remembered {
            self.interpolated.insert(key.to_string(), value.clone());
        }
        Ok(value)
    }

    /// A scope variable with dotted digging (`facts.os.family`), `None`
    /// when unset; bound `mapped_paths` keys come first. `explain`: show
    /// the reads in the explanation (data values; paths are resolved while
    /// the configuration is read, outside it).
    pub(crate) fn scope_value(&mut self, key: &str, explain: bool) -> Result<Option<Value>, HieraError> {
        use crate::explain::{Explainer, Kind, Outcome};
        let segments = split_key(key)
            .map_err(|problem| HieraError::Interpolation { message: format!("{problem} in string: {key}") })?;
        let root_key = segments[0].clone();
        let value = self.variable(&root_key);
        if value.is_none() {
            self.scope.undefined_variable(&root_key).map_err(|message| HieraError::UndefinedVariable { message })?;
        }
        if !explain || self.explain.is_none() {
            return Ok(value.and_then(|v| dig(v, &segments[1..])).filter(|v| !v.is_undef()));
        }
        self.ex(|e| {
            e.push(Kind::Scope("Global Scope".into()));
            if let Some(v) = &value {
                e.outcome(Outcome::Found(root_key.clone(), v.clone()));
            }
            e.pop();
        });
        let Some(mut v) = value.filter(|_| segments.len() > 1) else {
            return Ok(self.variable(&root_key).filter(|v| !v.is_undef()));
        };
        self.ex(|e| e.push(Kind::SubKey(segments[1..].join("."))));
        let mut found = true;
        for seg in &segments[1..] {
            let next = dig(v.clone(), std::slice::from_ref(seg));
            self.ex(|e| {
                e.push(Kind::Segment);
                e.outcome(match &next {
                    Some(n) => Outcome::Found(seg.clone(), n.clone()),
                    None => Outcome::NotFound(seg.clone()),
                });
                e.pop();
            });
            match next {
                Some(n) => v = n,
                None => {
                    found = false;
                    break;
                }
            }
        }
        self.ex(Explainer::pop);
        Ok(if found { Some(v).filter(|v| !v.is_undef()) } else { None })
    }

    /// A variable by the name an interpolation gives (`::fqdn` is `fqdn`);
    /// bound `mapped_paths` keys come first.
    fn variable(&self, name: &str) -> Option<Value> {
        let name = name.strip_prefix("::").unwrap_or(name);
        match self.locals.iter().rev().find(|(k, _)| k == name) {
            Some((_, v)) => Some(v.clone()),
            None => self.scope.variable(name),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::method_call;

    #[test]
    fn method_calls_need_one_quoted_argument() {
        assert_eq!(method_call("lookup('a::b')"), Some(("lookup", "a::b")));
        assert_eq!(method_call("literal(\"%\")"), Some(("literal", "%")));
        assert_eq!(method_call("facts.os"), None);
        assert_eq!(method_call("lookup()"), None);
    }
}
