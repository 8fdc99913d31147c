//! What a call to a function written in Ruby costs beyond a native call:
//! the same manifest of 2,000 calls, once to a module's small 4.x Ruby
//! function and once to a native built-in that does the same work
//! (`upcase`), in an environment whose module holds the Ruby file. The
//! difference divided by the number of calls is the interpreter's overhead
//! per call (the target is at most 20 µs).

use std::rc::Rc;
use std::sync::Arc;

use confer_puppet::environment::Environment;
use confer_puppet::log::Collect;
use confer_puppet::span::Source;
use criterion::{criterion_group, criterion_main, Criterion};

const CALLS: usize = 2_000;

/// A small 4.x function: one dispatch, one method, a String method call.
const FUNCTION: &str = r#"
Puppet::Functions.create_function(:'bench::shout') do
  dispatch :shout do
    param 'String', :text
  end

  def shout(text)
    text.upcase
  end
end
"#;

fn manifest(function: &str) -> String {
    let mut text = String::from("$r = [\n");
    for i in 0..CALLS {
        text.push_str(&format!("  {function}('word{i}'),\n"));
    }
    text.push_str("]\n");
    text
}

fn bench_ruby_functions(c: &mut Criterion) {
    let dir = std::env::temp_dir().join(format!("confer-bench-ruby-{}", std::process::id()));
    let functions = dir.join("bench/lib/puppet/functions/bench");
    std::fs::create_dir_all(&functions).expect("a temporary module directory");
    std::fs::write(functions.join("shout.rb"), FUNCTION).expect("the function file is written");
    let env = Rc::new(Environment::bare(vec![dir.clone()]));
    let mut group = c.benchmark_group("ruby_functions");
    for (label, function) in [("native_upcase", "upcase"), ("ruby_4x_shout", "bench::shout")] {
        let source = Arc::new(Source::new("bench.pp", manifest(function)));
        group.bench_function(format!("{CALLS}_calls_{label}"), |b| {
            b.iter(|| {
                confer_puppet::apply_in(&source, &env, None, &mut Collect::default()).expect("the manifest evaluates")
            })
        });
    }
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, bench_ruby_functions);
criterion_main!(benches);
