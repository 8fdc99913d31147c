//! Parse and evaluate a generated policy with many variables.

use criterion::{criterion_group, criterion_main, Criterion};

fn policy(n: usize) -> String {
    let mut s = String::from("bundle agent __main__\n{\n  vars:\n");
    for i in 0..n {
        s.push_str(&format!("    \"v{i}\" string => \"value $(v{})\";\n", i.saturating_sub(1)));
    }
    s.push_str("  reports:\n    \"last: $(v");
    s.push_str(&(n - 1).to_string());
    s.push_str(")\";\n}\n");
    s
}

fn bench(c: &mut Criterion) {
    let dir = std::env::temp_dir().join("confer-cfengine-bench");
    let _ = std::fs::create_dir_all(&dir);
    let file = dir.join("bench.cf");
    let _ = std::fs::write(&file, policy(1000));
    let opts = confer_cfengine::Options {
        file: file.to_string_lossy().into_owned(),
        defines: vec![],
        bundles: None,
        ..Default::default()
    };
    c.bench_function("parse+run 1000 vars", |b| {
        b.iter(|| confer_cfengine::run_to_lines(&opts));
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
