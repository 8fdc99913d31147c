//! Type inference and matching on collections, the work `type($h,
//! 'generalized')`, `=~ Pattern[…]` and `Enum` checks do per element: each
//! should cost the same per element at 1,000 and at 100,000 elements.

use std::sync::Arc;

use confer_core::types::{by_name, infer::infer_generalized, infer::infer_reduced, instance_of, parameterize};
use confer_core::{HashMap, Regexp, Type, Value};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

/// `{"item-1" => 0, "item-2" => 1, …}`: distinct string keys, as in issue 17.
fn items_hash(n: usize) -> Value {
    let mut h = HashMap::new();
    for i in 0..n {
        h.insert(Value::string(format!("item-{}", i + 1)), Value::Integer(i as i64));
    }
    Value::hash(h)
}

fn named(name: &str, args: &[Value]) -> Type {
    let base = by_name(name).expect("a built-in type");
    parameterize(&base, args).expect("valid parameters")
}

fn bench_inference(c: &mut Criterion) {
    let mut group = c.benchmark_group("infer");
    for n in [1_000, 10_000, 100_000] {
        let h = items_hash(n);
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(BenchmarkId::new("reduced_hash", n), &h, |b, h| b.iter(|| infer_reduced(h)));
        group.bench_with_input(BenchmarkId::new("generalized_hash", n), &h, |b, h| b.iter(|| infer_generalized(h)));
    }
    group.finish();
}

fn bench_matching(c: &mut Criterion) {
    let strings: Vec<Value> = (1..=10_000).map(|i| Value::string(format!("item-{i}"))).collect();
    let regexp = Regexp::new("^item-[0-9]+$").expect("a valid regexp");
    let pattern = named("Pattern", &[Value::Regexp(Arc::new(regexp))]);
    let members: Vec<Value> = strings.iter().step_by(10).cloned().collect();
    let enumeration = named("Enum", &members);
    let mut group = c.benchmark_group("match");
    group.throughput(Throughput::Elements(strings.len() as u64));
    group.bench_function("pattern_10000_strings", |b| {
        b.iter(|| strings.iter().filter(|s| instance_of(&pattern, s).unwrap()).count())
    });
    group.bench_function("enum_of_1000_on_10000_strings", |b| {
        b.iter(|| strings.iter().filter(|s| instance_of(&enumeration, s).unwrap()).count())
    });
    group.finish();
}

criterion_group!(benches, bench_inference, bench_matching);
criterion_main!(benches);
