//! The node a catalog is compiled for: its name and facts, and what Puppet
//! derives from them for the top scope (`$trusted`, `$server_facts`).

use confer_core::{HashMap, Value};

/// A node: its certname and its facts (a Hash).
#[derive(Debug, Clone)]
pub struct Node {
    /// The certname; `$trusted['certname']` and the catalog's name.
    pub name: String,
    /// The facts, a Hash from fact name to value.
    pub facts: Value,
}

impl Node {
    /// A node named `name` with `facts`; anything but a Hash counts as no
    /// facts.
    pub fn new(name: impl Into<String>, facts: Value) -> Node {
        let facts = if matches!(facts, Value::Hash(_)) { facts } else { Value::hash(HashMap::new()) };
        Node { name: name.into(), facts }
    }

    /// The fact `name`, if the node has it.
    pub fn fact(&self, name: &str) -> Option<&Value> {
        match &self.facts {
            Value::Hash(map) => map.get(&Value::from(name)),
            _ => None,
        }
    }

    /// `$trusted` as Puppet sets it for a compile on the local machine:
    /// authenticated `local`, the certname split into host and domain.
    pub fn trusted(&self) -> Value {
        let (hostname, domain) = self.name.split_once('.').unwrap_or((self.name.as_str(), ""));
        let mut t = HashMap::new();
        t.insert(Value::from("authenticated"), Value::from("local"));
        t.insert(Value::from("certname"), Value::from(self.name.as_str()));
        t.insert(Value::from("extensions"), Value::hash(HashMap::new()));
        t.insert(Value::from("hostname"), Value::from(hostname));
        t.insert(Value::from("domain"), Value::from(domain));
        t.insert(Value::from("external"), Value::hash(HashMap::new()));
        Value::hash(t)
    }

    /// `$server_facts`: what the compiling side says of itself. confer
    /// answers with the Puppet version it follows and the local host name.
    pub fn server_facts(&self, environment: &str) -> Value {
        let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
            .map_or_else(|_| String::new(), |h| h.trim().to_string());
        let mut t = HashMap::new();
        t.insert(Value::from("serverversion"), Value::from(crate::PUPPET_VERSION));
        t.insert(Value::from("servername"), Value::from(host));
        t.insert(Value::from("environment"), Value::from(environment));
        Value::hash(t)
    }
}
