//! The legacy top-level facts Puppet 7 still sends (`osfamily`, `fqdn`,
//! `ipaddress`, …), derived from the structured ones as facter aliases them.

use confer_core::Value;

use super::hardware::meminfo;

/// The value at a path of string keys.
fn at<'v>(v: &'v Value, path: &[&str]) -> &'v Value {
    path.iter().fold(v, |v, k| match v {
        Value::Hash(m) => m.get(&Value::from(*k)).unwrap_or(&Value::Undef),
        _ => &Value::Undef,
    })
}

/// `facts` with the legacy names added.
pub(crate) fn with_legacy(facts: Value) -> Value {
    let aliases: &[(&str, &[&str])] = &[
        ("architecture", &["os", "architecture"]),
        ("hardwaremodel", &["os", "hardware"]),
        ("osfamily", &["os", "family"]),
        ("operatingsystem", &["os", "name"]),
        ("operatingsystemrelease", &["os", "release", "full"]),
        ("operatingsystemmajrelease", &["os", "release", "major"]),
        ("lsbdistcodename", &["os", "distro", "codename"]),
        ("lsbdistdescription", &["os", "distro", "description"]),
        ("lsbdistid", &["os", "distro", "id"]),
        ("lsbdistrelease", &["os", "distro", "release", "full"]),
        ("lsbmajdistrelease", &["os", "distro", "release", "major"]),
        ("lsbminordistrelease", &["os", "distro", "release", "minor"]),
        ("selinux", &["os", "selinux", "enabled"]),
        ("fqdn", &["networking", "fqdn"]),
        ("hostname", &["networking", "hostname"]),
        ("domain", &["networking", "domain"]),
        ("ipaddress", &["networking", "ip"]),
        ("macaddress", &["networking", "mac"]),
        ("processorcount", &["processors", "count"]),
        ("physicalprocessorcount", &["processors", "physicalcount"]),
        ("memorysize", &["memory", "system", "total"]),
        ("memoryfree", &["memory", "system", "available"]),
        ("id", &["identity", "user"]),
        ("gid", &["identity", "group"]),
    ];
    let mut extra: Vec<(String, Value)> = aliases
        .iter()
        .map(|(name, path)| (name.to_string(), at(&facts, path).clone()))
        .filter(|(_, v)| !v.is_undef())
        .collect();
    if let Value::Hash(ifaces) = at(&facts, &["networking", "interfaces"]) {
        let names: Vec<String> = ifaces.keys().map(confer_core::value::to_s).collect();
        extra.push(("interfaces".into(), Value::from(names.join(","))));
    }
    if let Some((total, available)) = meminfo() {
        extra.push(("memorysize_mb".into(), Value::Float(total as f64 / 1_048_576.0)));
        extra.push(("memoryfree_mb".into(), Value::Float(available as f64 / 1_048_576.0)));
    }
    let Value::Hash(map) = facts else { return facts };
    let mut map = map.to_map();
    for (k, v) in extra {
        map.insert(Value::from(k), v);
    }
    map.sort_by(|a, _, b, _| confer_core::value::to_s(a).cmp(&confer_core::value::to_s(b)));
    Value::hash(map)
}
