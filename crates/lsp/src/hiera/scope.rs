//! The scope a Hiera lookup interpolates its hierarchy's paths in: the
//! node of the workspace's facts file, as `puppet lookup --node` builds it,
//! or, without facts, a scope with no variables, where a path that names a
//! fact comes out as a file that does not exist, so only the levels whose
//! paths need no facts are searched.

use std::cell::RefCell;

use confer_core::Value;
use confer_hiera::{NodeScope, Scope};

/// The node's scope, or none.
pub enum LookupScope {
    /// The facts file's node.
    Node(NodeScope),
    /// No facts: every variable is unknown; the names asked for are kept,
    /// so hover can say which levels could not be searched.
    Factless(RefCell<Vec<String>>),
}

/// The environment's name in the scope (`$environment`, `%{environment}`):
/// the editor's workspace is the one environment it edits.
const ENVIRONMENT: &str = "production";

impl LookupScope {
    /// The scope of node `name` with `facts`, or the factless scope.
    pub fn new(facts: Option<&Value>, name: Option<&str>) -> LookupScope {
        match facts {
            Some(facts) => {
                let name =
                    name.filter(|n| !n.is_empty()).map(str::to_string).or_else(|| fact_name(facts)).unwrap_or_default();
                LookupScope::Node(NodeScope::new(&name, facts, ENVIRONMENT))
            }
            None => LookupScope::Factless(RefCell::default()),
        }
    }

    /// The variables a factless scope was asked for and did not have.
    pub fn missing(&self) -> Vec<String> {
        match self {
            LookupScope::Node(_) => Vec::new(),
            LookupScope::Factless(asked) => asked.borrow().clone(),
        }
    }
}

/// The node's name from its facts, when the facts file does not give it.
fn fact_name(facts: &Value) -> Option<String> {
    let Value::Hash(map) = facts else { return None };
    ["clientcert", "fqdn"].iter().find_map(|k| map.get(&Value::from(*k))?.as_str().map(str::to_string))
}

impl Scope for LookupScope {
    fn variable(&self, name: &str) -> Option<Value> {
        match self {
            LookupScope::Node(node) => node.variable(name),
            LookupScope::Factless(_) => None,
        }
    }

    fn undefined_variable(&self, name: &str) -> Result<(), String> {
        if let LookupScope::Factless(asked) = self {
            let mut asked = asked.borrow_mut();
            if !asked.iter().any(|n| n == name) {
                asked.push(name.to_string());
            }
        }
        Ok(())
    }
}
