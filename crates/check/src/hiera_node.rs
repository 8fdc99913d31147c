//! Hiera data as a node sees it: every `class::param` key of the data files
//! the node's hierarchy reaches is looked up with the real engine (merges,
//! `lookup_options`, interpolation, module data) and the result checked
//! against the parameter's type, so a problem is found before any compile,
//! at the data file, line and column that gave the value.

use confer_core::mismatch::PathElem;
use confer_core::types::instance_of;
use confer_hiera::{Hiera, Scope};

use crate::hiera::ClassIndex;
use crate::report::{Problem, Severity};

/// Checks the data of the node `node` (its scope holds its facts).
pub fn check_node(index: &mut ClassIndex, hiera: &Hiera, scope: &dyn Scope, node: &str) -> Vec<Problem> {
    let scope = Sensitive(scope);
    let mut inv = hiera.invocation(&scope);
    let error = |message: String| Problem {
        severity: Severity::Error,
        file: node.to_string(),
        position: None,
        path: String::new(),
        message,
        expected: None,
        actual: None,
        suggestion: None,
    };
    let keys = match inv.data_keys() {
        Ok(keys) => keys,
        Err(e) => return vec![error(e.to_string())],
    };
    let mut problems = Vec::new();
    for key in keys {
        let Some((class, param)) = key.rsplit_once("::") else { continue };
        let t = match index.param_type(class, param) {
            None => continue,
            Some(Err(e)) => {
                problems.push(error(e));
                continue;
            }
            Some(Ok(t)) => t,
        };
        let found = match inv.lookup(&key, None) {
            Ok(Some(found)) => found,
            Ok(None) => continue,
            Err(e) => {
                problems.push(error(format!("{key}: {e}")));
                continue;
            }
        };
        match instance_of(&t, &found.value) {
            Ok(true) => continue,
            Ok(false) => {}
            // A pattern the backtracking limit left undecided must not pass (or fail) the key.
            Err(undecided) => {
                problems.push(error(format!("{key}: {undecided}")));
                continue;
            }
        }
        let m = confer_core::mismatch::explain(&t, &found.value);
        let inner = m.path_segments();
        let mut path = vec![PathElem::Key(key.as_str().into())];
        path.extend(m.path.iter().cloned());
        let (file, position, level) = match &found.origin {
            Some(o) => {
                let at = o.locate(&inner);
                (
                    at.file.to_string(),
                    Some((at.line, at.column)),
                    format!(" (hierarchy level \"{}\", {} layer)", o.level, o.layer),
                )
            }
            None => (node.to_string(), None, String::new()),
        };
        problems.push(Problem {
            severity: Severity::Error,
            file,
            position,
            path: crate::path::render(&path),
            message: format!("{} for node {node}{level}", m.detail),
            expected: Some(m.expected.to_string()),
            actual: Some(found.value.type_name().to_string()),
            suggestion: None,
        });
    }
    problems
}

/// A node's scope that makes `convert_to: Sensitive` values as Puppet does:
/// wrapping needs no evaluator, and without it every key declared
/// Sensitive failed the check ("cannot convert to Sensitive without a
/// Puppet evaluator"). Other conversions are the scope's own.
struct Sensitive<'s>(&'s dyn Scope);

impl Scope for Sensitive<'_> {
    fn variable(&self, name: &str) -> Option<confer_core::Value> {
        self.0.variable(name)
    }

    fn undefined_variable(&self, name: &str) -> Result<(), String> {
        self.0.undefined_variable(name)
    }

    fn convert(
        &self,
        type_name: &str,
        value: &confer_core::Value,
        args: &[confer_core::Value],
    ) -> Result<confer_core::Value, String> {
        match (type_name, args) {
            ("Sensitive", []) => Ok(confer_core::Value::Sensitive(std::sync::Arc::new(value.clone()))),
            _ => self.0.convert(type_name, value, args),
        }
    }
}
