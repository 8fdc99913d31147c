//! Facts gathered natively on this machine: the core set modules read, with
//! facter 4's names and shapes, and the legacy top-level names Puppet 7 still
//! sends. Each source is read from `/proc`, `/sys` and `/etc` without running
//! a command, so a gather costs a few file reads; a source that is missing
//! leaves its facts out, as facter does.

mod hardware;
mod identity;
mod legacy;
mod networking;
mod os;

use confer_core::{HashMap, Value};

use crate::Facts;

/// Builds a hash value from string keys.
pub(crate) fn hash<const N: usize>(entries: [(&str, Value); N]) -> Value {
    Value::hash(entries.into_iter().filter(|(_, v)| !v.is_undef()).map(|(k, v)| (Value::from(k), v)).collect())
}

/// Reads a small system file, trimmed; `None` when it is absent.
pub(crate) fn read(path: &str) -> Option<String> {
    confer_core::read::read_text(std::path::Path::new(path)).ok().map(|s| s.trim().to_string())
}

/// The facts of the local machine. The node name is the fqdn; no
/// `clientcert` is set (that is the certificate's name, which a local
/// machine without an agent certificate does not have).
pub fn gather() -> Facts {
    let mut values = HashMap::new();
    let os = os::os();
    let kernel = os::kernel();
    let networking = networking::networking();
    let processors = hardware::processors();
    let memory = hardware::memory();
    let identity = identity::identity();
    let mut put = |k: &str, v: Value| {
        if !v.is_undef() {
            values.insert(Value::from(k), v);
        }
    };
    for (k, v) in &kernel {
        put(k, v.clone());
    }
    put("os", os.clone());
    put("networking", networking.clone());
    put("processors", processors.clone());
    put("memory", memory.clone());
    put("identity", identity.clone());
    put("path", std::env::var("PATH").map(Value::from).unwrap_or(Value::Undef));
    put("timezone", Value::from(jiff::Zoned::now().strftime("%Z").to_string()));
    let facts = Value::hash(values);
    let values = legacy::with_legacy(facts);
    let name = match &values {
        Value::Hash(m) => m.get(&Value::from("fqdn")).and_then(Value::as_str).unwrap_or("localhost").to_string(),
        _ => "localhost".to_string(),
    };
    Facts { name, values }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_local_machine_has_the_core_facts() {
        let facts = gather();
        for name in ["kernel", "os", "networking", "identity", "fqdn", "hostname", "osfamily", "timezone"] {
            assert!(facts.get(name).is_some(), "{name} missing");
        }
        assert!(!facts.name.is_empty());
        assert!(facts.get("clientcert").is_none());
    }
}
