//! What the fleet tests share: the bundled example fleet's paths, a fleet
//! compile of it, and reading what a run wrote.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::scratch::confer;

pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("repository root")
}

pub fn env_dir() -> String {
    root().join("examples/fleet/environments/production").display().to_string()
}

pub fn facts_dir() -> String {
    root().join("examples/fleet/facts").display().to_string()
}

/// Runs a fleet compile of the nodes `source` names (`--facts-dir DIR`,
/// `--puppetdb URL` …) into `out`.
pub fn fleet_from(source: &[&str], out: &Path, extra: &[&str]) -> std::process::Output {
    let (env, out) = (env_dir(), out.display().to_string());
    let mut args = vec!["puppet", "compile", "--environment", &env];
    args.extend(source);
    args.extend(["--output-dir", &out]);
    args.extend(extra);
    confer(&args)
}

/// Runs a fleet compile of the facts directory `facts` into `out`.
pub fn fleet(facts: &str, out: &Path, extra: &[&str]) -> std::process::Output {
    fleet_from(&["--facts-dir", facts], out, extra)
}

/// The catalogs of a fleet output directory, by file name, without the
/// per-run fields.
pub fn catalogs(dir: &Path) -> BTreeMap<String, serde_json::Value> {
    let mut found = BTreeMap::new();
    for entry in std::fs::read_dir(dir).expect("output directory") {
        let path = entry.expect("entry").path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.ends_with(".json") && name != "fleet-summary.json" {
            let mut catalog: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).expect("catalog JSON");
            for volatile in ["version", "catalog_uuid", "code_id"] {
                catalog.as_object_mut().unwrap().remove(volatile);
            }
            found.insert(name, catalog);
        }
    }
    found
}

pub fn summary(dir: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(dir.join("fleet-summary.json")).expect("summary")).unwrap()
}

/// Facts as the JSON `facter -j` prints.
pub fn json(value: &confer_core::Value) -> serde_json::Value {
    use confer_core::Value;
    match value {
        Value::Boolean(b) => serde_json::json!(b),
        Value::Integer(i) => serde_json::json!(i),
        Value::Float(f) => serde_json::json!(f),
        Value::String(s) => serde_json::json!(&**s),
        Value::Array(items) => serde_json::Value::Array(items.iter().map(json).collect()),
        Value::Hash(map) => {
            serde_json::Value::Object(map.iter().map(|(k, v)| (confer_core::value::to_s(k), json(v))).collect())
        }
        _ => serde_json::Value::Null,
    }
}
