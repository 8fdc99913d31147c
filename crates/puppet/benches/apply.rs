//! Parse + evaluate throughput on a generated manifest of about 5,000 lines that
//! mixes the constructs real manifests use: assignments, strings with
//! interpolation, arrays, hashes, arithmetic, conditionals, case, selectors,
//! lambdas and class declarations.

use confer_puppet::log::Collect;
use confer_puppet::span::Source;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// The block the manifest repeats, with `{i}` where each copy puts its number
/// (shared with `bench/generate-manifest.py`, so Puppet can run the same text).
const BLOCK: &str = include_str!("../../../bench/manifest-block.pp.in");

/// A manifest of `blocks` numbered copies of `BLOCK`.
fn manifest(blocks: usize) -> String {
    (0..blocks).map(|i| BLOCK.replace("{i}", &i.to_string())).collect()
}

fn bench_apply(c: &mut Criterion) {
    let text = manifest(200);
    let lines = text.lines().count();
    let mut group = c.benchmark_group("puppet");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function(format!("parse_and_evaluate_{lines}_lines"), |b| {
        b.iter(|| {
            let source = Source::new("bench.pp", text.clone());
            confer_puppet::apply(&source, &mut Collect::default()).expect("the generated manifest evaluates")
        })
    });
    group.finish();
}

criterion_group!(benches, bench_apply);
criterion_main!(benches);
