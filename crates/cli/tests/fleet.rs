//! `confer puppet compile --facts-dir` and `confer puppet fleet-merge`, run
//! as a CI job runs them on the bundled example fleet (`examples/fleet`):
//! the catalogs of the nodes Puppet 7.23 compiled (`tests/fleet/expected`,
//! recorded by `scripts/fleet/record-catalogs.sh`) compared as the compile
//! goldens compare theirs, every facts format, shards whose union is the
//! whole run, and a node that fails without stopping the others.

mod fleet_support;
mod scratch;

#[path = "../../puppet/tests/catalog_compare/mod.rs"]
mod catalog_compare;

use std::collections::BTreeMap;
use std::path::Path;

use fleet_support::{catalogs, env_dir, facts_dir, fleet, json, root, summary};
use scratch::{confer, Dir};

#[test]
fn the_fleet_compiles_as_puppet_compiled_it() {
    let dir = Dir::new("fleet-goldens");
    let out = dir.0.join("out");
    let run = fleet(&facts_dir(), &out, &[]);
    assert_eq!(run.status.code(), Some(0), "{}", String::from_utf8_lossy(&run.stderr));
    assert!(String::from_utf8_lossy(&run.stdout).starts_with("compiled 20 of 20 nodes in "));
    let expected_dir = root().join("tests/fleet/expected");
    let mut checked = 0;
    for entry in std::fs::read_dir(&expected_dir).unwrap() {
        let path = entry.unwrap().path();
        let Some(node) = path.file_name().unwrap().to_str().unwrap().strip_suffix(".json") else { continue };
        let want: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let got = std::fs::read_to_string(out.join(format!("{node}.json"))).expect("the node's catalog");
        let (level, detail) = catalog_compare::compare(Ok(got), Ok(want), &env_dir(), "/nonexistent");
        assert_eq!(level, catalog_compare::Level::Identical, "{node}: {detail}");
        checked += 1;
    }
    assert_eq!(checked, 5);
}

#[test]
fn the_union_of_the_shards_is_the_whole_fleet() {
    let dir = Dir::new("fleet-shards");
    let whole = dir.0.join("whole");
    assert_eq!(fleet(&facts_dir(), &whole, &[]).status.code(), Some(0));
    let mut union = BTreeMap::new();
    let mut shard_dirs = Vec::new();
    for k in 1..=3 {
        let out = dir.0.join(format!("shard{k}"));
        let run = fleet(&facts_dir(), &out, &["--shard", &format!("{k}/3")]);
        assert_eq!(run.status.code(), Some(0));
        for (name, catalog) in catalogs(&out) {
            assert!(union.insert(name.clone(), catalog).is_none(), "{name} is in two shards");
        }
        shard_dirs.push(out.display().to_string());
    }
    assert_eq!(union, catalogs(&whole));
    let merged = dir.0.join("merged").display().to_string();
    let mut args = vec!["puppet", "fleet-merge", "--output-dir", &merged];
    args.extend(shard_dirs.iter().map(String::as_str));
    let run = confer(&args);
    assert_eq!(run.status.code(), Some(0), "{}", String::from_utf8_lossy(&run.stderr));
    assert_eq!(catalogs(Path::new(&merged)), union);
    assert_eq!(summary(Path::new(&merged))["compiled"], 20);
    assert_eq!(summary(Path::new(&merged))["shards"], serde_json::json!(["1/3", "2/3", "3/3"]));
}

#[test]
fn every_facts_format_gives_the_same_catalogs() {
    let dir = Dir::new("fleet-formats");
    let facts = root().join("examples/fleet/facts");
    let nodes = ["web01.example.com", "db01.example.com", "app02.example.com"];
    let cached = dir.0.join("cached");
    std::fs::create_dir_all(&cached).unwrap();
    for node in nodes {
        std::fs::copy(facts.join(format!("{node}.yaml")), cached.join(format!("{node}.yaml"))).unwrap();
    }
    // facter -y: the values alone; facter -j: the same as JSON; PuppetDB's
    // export: one file for two nodes, the API's expanded form and a map.
    let values = |node: &str| json(&confer_facts::load(&facts.join(format!("{node}.yaml"))).unwrap().values);
    let mixed = Dir::new("fleet-formats-mixed");
    mixed.file("web01.example.com.json", &values("web01.example.com").to_string());
    let db = values("db01.example.com");
    let app = values("app02.example.com");
    let data: Vec<_> =
        db.as_object().unwrap().iter().map(|(k, v)| serde_json::json!({"name": k, "value": v})).collect();
    let export = serde_json::json!([
        {"certname": "db01.example.com", "facts": {"data": data, "href": "/pdb/query/v4/factsets/db01.example.com/facts"}},
        {"certname": "app02.example.com", "facts": app},
    ]);
    mixed.file("export.json", &export.to_string());
    let (a, b) = (dir.0.join("a"), dir.0.join("b"));
    assert_eq!(fleet(&cached.display().to_string(), &a, &[]).status.code(), Some(0));
    let run = fleet(&mixed.0.display().to_string(), &b, &[]);
    assert_eq!(run.status.code(), Some(0), "{}", String::from_utf8_lossy(&run.stderr));
    let (a, b) = (catalogs(&a), catalogs(&b));
    assert_eq!(a.keys().collect::<Vec<_>>(), b.keys().collect::<Vec<_>>());
    assert_eq!(a, b);
}

#[test]
fn a_failing_node_does_not_stop_the_others() {
    let dir = Dir::new("fleet-failure");
    let facts = root().join("examples/fleet/facts");
    let input = dir.0.join("facts");
    std::fs::create_dir_all(&input).unwrap();
    for node in ["web01.example.com", "db01.example.com"] {
        std::fs::copy(facts.join(format!("{node}.yaml")), input.join(format!("{node}.yaml"))).unwrap();
    }
    // A role no class exists for, and a file that is no YAML.
    let broken =
        std::fs::read_to_string(facts.join("app01.example.com.yaml")).unwrap().replace("role: app", "role: nosuch");
    dir.file("facts/app01.example.com.yaml", &broken);
    dir.file("facts/garbage.yaml", "{ this is: [not yaml\n");
    let out = dir.0.join("out");
    let run = fleet(&input.display().to_string(), &out, &[]);
    assert_eq!(run.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(stdout.starts_with("compiled 2 of 4 nodes in "), "{stdout}");
    assert!(
        stdout.contains("failed app01.example.com: Error: Evaluation Error: Error while evaluating a Function Call, Could not find class ::role::nosuch for app01.example.com"),
        "{stdout}"
    );
    assert!(stdout.contains("failed garbage: Error: "), "{stdout}");
    assert_eq!(catalogs(&out).len(), 2);
    let failed = &summary(&out)["failed"];
    assert_eq!(failed.as_array().unwrap().len(), 2);
    assert_eq!(failed[0]["node"], "app01.example.com");
}

#[test]
fn bad_inputs_are_refused_with_what_names_them() {
    let dir = Dir::new("fleet-bad-inputs");
    let out = dir.0.join("out");
    let run = fleet(&facts_dir(), &out, &["--shard", "4/3"]);
    assert_eq!(run.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&run.stderr).lines().next(),
        Some("Error: bad shard '4/3': K must be between 1 and N")
    );
    let missing = dir.0.join("nosuch").display().to_string();
    let run = fleet(&missing, &out, &[]);
    assert_eq!(run.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&run.stderr)
        .starts_with(&format!("Error: cannot read the facts directory {missing}: ")));
    let empty = Dir::new("fleet-empty");
    let run = fleet(&empty.0.display().to_string(), &out, &[]);
    assert!(String::from_utf8_lossy(&run.stderr).starts_with("Error: no facts files"));
    let run = confer(&["puppet", "fleet-merge", "--output-dir", &out.display().to_string(), &missing]);
    assert_eq!(run.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&run.stderr).contains("fleet-summary.json: not a fleet output directory"));
}
