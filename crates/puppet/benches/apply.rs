//! Parse + evaluate throughput on a generated manifest of about 5,000 lines that
//! mixes the constructs real manifests use: assignments, strings with
//! interpolation, arrays, hashes, arithmetic, conditionals, case, selectors,
//! lambdas and class declarations.

use confer_puppet::log::Collect;
use confer_puppet::span::Source;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// A manifest of `blocks` repetitions of a 25-line block (each with its own names).
fn manifest(blocks: usize) -> String {
    let mut out = String::new();
    for i in 0..blocks {
        out.push_str(&format!(
            r#"$name_{i} = "host-{i}"
$ports_{i} = [80, 443, {i}]
$conf_{i} = {{ 'name' => $name_{i}, 'ports' => $ports_{i}, 'weight' => {i}.5 }}
$sum_{i} = $ports_{i}[0] + $ports_{i}[1] * 2 - {i} % 7
$label_{i} = "${{name_{i}}}:${{sum_{i}}} (${{conf_{i}['weight']}})"
if $sum_{i} > 1000 and $name_{i} =~ /^host-(\d+)$/ {{
  $big_{i} = $1
}} elsif $sum_{i} == 0 {{
  $big_{i} = 'zero'
}} else {{
  $big_{i} = 'small'
}}
$size_{i} = case $sum_{i} {{
  Integer[0, 500]: {{ 'small' }}
  Integer[501, 2000]: {{ 'medium' }}
  default: {{ 'large' }}
}}
$kind_{i} = $size_{i} ? {{ 'small' => 1, 'medium' => 2, default => 3 }}
$doubled_{i} = $ports_{i}.map |$p| {{ $p * 2 }}
$merged_{i} = $conf_{i} + {{ 'kind' => $kind_{i}, 'doubled' => $doubled_{i} }}
class c{i}($p = {i}) {{
  $local = $p + 1
}}
include c{i}
$check_{i} = $merged_{i}['doubled'] =~ Array[Integer] and 'HOST' in $name_{i}
$text_{i} = "${{label_{i}}} ${{size_{i}}} ${{check_{i}}} ${{c{i}::local}}"
"#
        ));
    }
    out
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
