//! What a lookup asks of the code that calls it: the values of variables
//! for interpolation (`%{facts.os.family}`, `%{::fqdn}`) and the `new`
//! conversion behind `convert_to`. The Puppet evaluator implements this for
//! its scopes; [`NodeScope`] serves a node's facts on their own (the CLI).

use confer_core::{HashMap, Value};

/// The caller's side of a lookup.
pub trait Scope {
    /// A variable of the calling scope, by its name without a leading `::`
    /// (`facts`, `trusted`, `fqdn`); `None` when it is not set.
    fn variable(&self, name: &str) -> Option<Value>;

    /// Told when an interpolation names a variable the scope does not have
    /// (`name` as written, `::x` or `x`): Puppet warns then, as its
    /// `strict` setting says. `Err` holds the message of the error raised
    /// instead (under `strict = error`).
    fn undefined_variable(&self, name: &str) -> Result<(), String> {
        let _ = name;
        Ok(())
    }

    /// `convert_to`: `new(Type, value, args…)` with the type given by its
    /// source text. Scopes that cannot evaluate say so.
    fn convert(&self, type_name: &str, value: &Value, args: &[Value]) -> Result<Value, String> {
        let _ = (value, args);
        Err(format!("cannot convert to {type_name} without a Puppet evaluator"))
    }
}

/// A node's top scope as `puppet lookup --node` builds it: every fact as a
/// variable, `$facts`, and `$trusted` for a node compiled locally.
pub struct NodeScope {
    vars: HashMap,
}

impl NodeScope {
    /// The scope of node `certname` with `facts` (a hash).
    pub fn new(certname: &str, facts: &Value, environment: &str) -> NodeScope {
        let mut vars = match facts {
            Value::Hash(h) => h.to_map(),
            _ => HashMap::new(),
        };
        let (hostname, domain) = certname.split_once('.').unwrap_or((certname, ""));
        let trusted: HashMap = [
            ("authenticated", Value::from("remote")),
            ("certname", Value::from(certname)),
            ("extensions", Value::hash(HashMap::new())),
            ("hostname", Value::from(hostname)),
            ("domain", Value::from(domain)),
        ]
        .into_iter()
        .map(|(k, v)| (Value::from(k), v))
        .collect();
        vars.insert(Value::from("facts"), facts.clone());
        vars.insert(Value::from("trusted"), Value::hash(trusted));
        vars.insert(Value::from("environment"), Value::from(environment));
        vars.insert(Value::from("clientcert"), Value::from(certname));
        NodeScope { vars }
    }
}

impl Scope for NodeScope {
    fn variable(&self, name: &str) -> Option<Value> {
        self.vars.get(&Value::from(name)).cloned()
    }
}
