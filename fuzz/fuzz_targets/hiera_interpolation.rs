//! Hiera data whose values interpolate each other (`%{lookup('k1')}`,
//! `%{alias('k2')}`, scope variables, literals, broken expressions): every
//! lookup must answer or fail with an error, within the nesting and size
//! limits, never panic, hang or take all memory.
#![no_main]

use arbitrary::Arbitrary;
use confer_core::Value;
use confer_hiera::{Hiera, NodeScope};
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
enum Part {
    Text(u8),
    Lookup(u8),
    Alias(u8),
    Scope(u8),
    Literal,
    Empty,
    Broken,
}

const TEXTS: [&str; 6] = ["a", "", "%", "}", "%{", "'"];
const VARIABLES: [&str; 4] = ["facts.os.family", "trusted.certname", "nosuch", "::environment"];
const KEYS: usize = 4;

fn render(parts: &[Part]) -> String {
    let mut out = String::new();
    for p in parts.iter().take(16) {
        match p {
            Part::Text(t) => out.push_str(TEXTS[usize::from(*t) % TEXTS.len()]),
            Part::Lookup(k) => out.push_str(&format!("%{{lookup('k{}')}}", usize::from(*k) % KEYS)),
            Part::Alias(k) => out.push_str(&format!("%{{alias('k{}')}}", usize::from(*k) % KEYS)),
            Part::Scope(v) => out.push_str(&format!("%{{{}}}", VARIABLES[usize::from(*v) % VARIABLES.len()])),
            Part::Literal => out.push_str("%{literal('%')}"),
            Part::Empty => out.push_str("%{}"),
            Part::Broken => out.push_str("%{lookup("),
        }
    }
    out
}

fuzz_target!(|values: [Vec<Part>; KEYS]| {
    let dir = std::env::temp_dir().join(format!("confer-fuzz-hiera-{}", std::process::id()));
    let _ = std::fs::create_dir_all(dir.join("data"));
    let config = "version: 5\ndefaults: {datadir: data, data_hash: yaml_data}\nhierarchy:\n  - name: common\n    path: common.yaml\n";
    let data: String = values
        .iter()
        .enumerate()
        .map(|(i, parts)| format!("k{i}: '{}'\n", render(parts).replace('\'', "''")))
        .collect();
    if std::fs::write(dir.join("hiera.yaml"), config).is_err() || std::fs::write(dir.join("data/common.yaml"), data).is_err()
    {
        return;
    }
    let hiera = Hiera::new(Some(&dir), Vec::new(), None);
    let facts = Value::hash(confer_core::HashMap::new());
    let scope = NodeScope::new("node.example.com", &facts, "production");
    let _ = hiera.invocation(&scope).lookup("k0", None);
});
