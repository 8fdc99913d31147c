//! `lookup_options`: found like any key but merged with the `hash`
//! strategy across levels and layers (global and environment over the
//! module's), then matched by exact key or, for keys starting with `^`, as
//! regular expressions in file order. Compiling and matching them is this
//! module's; finding them, a lookup of its own, is the lookup's
//! (`Invocation::options_for`).

use confer_core::{HashMap, Regexp, Value};

use crate::error::HieraError;

/// The options of one layer set, split into exact keys and patterns.
#[derive(Debug, Default)]
pub struct CompiledOptions {
    exact: HashMap,
    /// Ruby regular expressions, through the project's regexp layer (Ruby's
    /// syntax, bounded backtracking).
    patterns: Vec<(Regexp, Value)>,
}

impl CompiledOptions {
    pub(crate) fn compile(options: Option<Value>) -> Result<CompiledOptions, HieraError> {
        let mut out = CompiledOptions::default();
        let Some(options) = options else { return Ok(out) };
        let Value::Hash(h) = options else {
            return Err(HieraError::Options { message: "value of lookup_options must be a hash".into() });
        };
        for (k, v) in h.iter() {
            let text = confer_core::value::to_s(k);
            if text.starts_with('^') {
                let re = Regexp::new(&text).map_err(|e| HieraError::Options {
                    message: format!("lookup_options pattern '{text}' is not a valid regular expression: {e}"),
                })?;
                out.patterns.push((re, v.clone()));
            } else {
                out.exact.insert(k.clone(), v.clone());
            }
        }
        Ok(out)
    }

    /// The options for `root`: its exact entry, else the first pattern
    /// that matches it. A match the backtracking limit leaves undecided is
    /// an error, never "no options" (a `convert_to: Sensitive` skipped so
    /// would print the secret).
    pub(crate) fn for_key(&self, root: &str) -> Result<Option<Value>, HieraError> {
        if let Some(v) = self.exact.get(&Value::from(root)) {
            return Ok(Some(v.clone()));
        }
        for (re, options) in &self.patterns {
            if re.try_is_match(root).map_err(|e| HieraError::Options { message: e.to_string() })? {
                return Ok(Some(options.clone()));
            }
        }
        Ok(None)
    }
}

/// Puppet refuses module options for keys outside the module.
pub(crate) fn validate_module_options(options: &Value, module: &str) -> Result<(), HieraError> {
    let Value::Hash(h) = options else {
        return Err(HieraError::Options { message: "value of lookup_options must be a hash".into() });
    };
    let prefix = format!("{module}::");
    for k in h.keys() {
        let k = confer_core::value::to_s(k);
        if let Some(pattern) = k.strip_prefix('^') {
            if !pattern.starts_with(&prefix) {
                return Err(HieraError::Options {
                    message: format!(
                        "all lookup_options patterns must match a key starting with module name '{module}'"
                    ),
                });
            }
        } else if !k.starts_with(&prefix) {
            return Err(HieraError::Options {
                message: format!("all lookup_options keys must start with module name '{module}'"),
            });
        }
    }
    Ok(())
}
