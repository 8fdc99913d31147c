//! Hiera data written to exhaust the engine: interpolation that doubles at
//! every level, chains of lookups past Puppet's stack. Each must end within
//! seconds with an error, never run for hours or take all memory.

use std::path::{Path, PathBuf};

use confer_core::Value;
use confer_hiera::{Hiera, HieraError, NodeScope};

/// An environment whose `data/common.yaml` is `data`, in a fresh
/// temporary directory.
fn environment(name: &str, data: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("confer-hiera-hostile-{name}-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("data")).expect("a temporary environment");
    std::fs::write(
        dir.join("hiera.yaml"),
        "version: 5\ndefaults: {datadir: data, data_hash: yaml_data}\nhierarchy:\n  - name: common\n    path: common.yaml\n",
    )
    .expect("hiera.yaml is written");
    std::fs::write(dir.join("data/common.yaml"), data).expect("the data is written");
    dir
}

/// Looks `key` up in `env` (then removed) on a thread with the stack the
/// command line gives evaluation.
fn lookup(env: &Path, key: &str) -> Result<Option<Value>, HieraError> {
    let (env, key) = (env.to_path_buf(), key.to_string());
    std::thread::Builder::new()
        .stack_size(64 * 1024 * 1024)
        .spawn(move || {
            let hiera = Hiera::new(Some(&env), Vec::new(), None);
            let facts = Value::hash(confer_core::HashMap::new());
            let scope = NodeScope::new("node.example.com", &facts, "production");
            let found = hiera.invocation(&scope).lookup(&key, None).map(|f| f.map(|f| f.value));
            let _ = std::fs::remove_dir_all(&env);
            found
        })
        .expect("a thread starts")
        .join()
        .expect("the lookup returns")
}

/// Each `dN` interpolates `dN+1` twice: 2^40 copies of the last value,
/// built once per key and stopped at the size limit.
#[test]
fn interpolation_that_doubles_stops_at_the_size_limit() {
    let mut data: String =
        (0..40).map(|i| format!("d{i}: \"%{{lookup('d{0}')}}%{{lookup('d{0}')}}\"\n", i + 1)).collect();
    data.push_str("d40: x\n");
    let started = std::time::Instant::now();
    let e = lookup(&environment("double", &data), "d0").expect_err("the value is too large");
    assert!(e.to_string().contains("confer's limit on hostile input"), "{e}");
    assert!(started.elapsed().as_secs() < 10, "{:?}", started.elapsed());
}

/// Doubling that stays small (an empty value) answers at once: each key is
/// looked up once per invocation.
#[test]
fn interpolation_of_the_same_key_is_looked_up_once() {
    let mut data: String =
        (0..60).map(|i| format!("e{i}: \"%{{lookup('e{0}')}}%{{lookup('e{0}')}}\"\n", i + 1)).collect();
    data.push_str("e60: ''\n");
    assert_eq!(lookup(&environment("empty", &data), "e0").expect("it answers"), Some(Value::from("")));
}

/// Each `aN` is an array aliasing `aN+1` twice: the value shares its parts
/// (cheap to build) but is 2^40 values to print, so it is refused.
#[test]
fn alias_arrays_that_double_stop_at_the_size_limit() {
    let mut data: String =
        (0..40).map(|i| format!("a{i}:\n  - \"%{{alias('a{0}')}}\"\n  - \"%{{alias('a{0}')}}\"\n", i + 1)).collect();
    data.push_str("a40: [x]\n");
    let e = lookup(&environment("alias", &data), "a0").expect_err("the value is too large");
    assert!(e.to_string().contains("confer's limit on hostile input"), "{e}");
}

/// A "billion laughs" (nine anchors, each aliasing the one before nine
/// times) is refused where its aliases pass the limit, before any copy is
/// made, even when another key is looked up.
#[test]
fn a_billion_laughs_is_refused_at_the_alias_that_passes_the_limit() {
    let mut data = String::from("a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for i in 1..9 {
        let p = i - 1;
        data.push_str(&format!("a{i}: &a{i} [*a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}]\n"));
    }
    data.push_str("other: fine\n");
    let e = lookup(&environment("laughs", &data), "other").expect_err("the document is refused");
    let text = e.to_string();
    assert!(text.contains("aliases expand to more than") && text.contains(" at line 6 column"), "{text}");
}

/// Puppet's stack takes 152 nested lookups and fails at the 153rd.
#[test]
fn a_chain_past_puppets_stack_is_too_deep() {
    let chain = |n: usize| {
        let mut data: String = (0..n).map(|i| format!("k{i}: \"%{{lookup('k{}')}}\"\n", i + 1)).collect();
        data.push_str(&format!("k{n}: end\n"));
        data
    };
    assert_eq!(lookup(&environment("chain152", &chain(152)), "k0").expect("152 answer"), Some(Value::from("end")));
    let e = lookup(&environment("chain153", &chain(153)), "k0").expect_err("153 do not");
    assert!(matches!(e, HieraError::TooDeep { .. }), "{e}");
    assert_eq!(e.to_string(), "stack level too deep");
}

/// A `lookup_options` pattern whose match the backtracking limit leaves
/// undecided is an error: taken as "no options", it would drop the key's
/// `convert_to: Sensitive` and print the secret.
#[test]
fn an_undecided_options_pattern_is_an_error() {
    let data =
        "lookup_options:\n  '^(?:(a+)+\\1c|.*b)$':\n    convert_to: Sensitive\naaaaaaaaaaaaaaaaaaaaaaaaab: S3CRETPW\n";
    let e = lookup(&environment("options", data), "aaaaaaaaaaaaaaaaaaaaaaaaab").expect_err("undecided");
    assert!(e.to_string().contains("needs too much backtracking"), "{e}");
    assert!(!e.to_string().contains("S3CRETPW"), "{e}");
}
