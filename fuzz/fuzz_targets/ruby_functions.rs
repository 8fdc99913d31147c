//! Arbitrary text as a module's Ruby function file, loaded by Puppet's
//! autoloader from a module on the module path and called from a manifest
//! with a few arguments: any file must load and answer, or fail with a
//! located error, never panic or hang.
#![no_main]

use std::rc::Rc;
use std::sync::OnceLock;

use confer_puppet::environment::Environment;
use confer_puppet::log::Collect;
use confer_puppet::span::Source;
use libfuzzer_sys::fuzz_target;

/// The module directory the function file is written into, made once.
fn modules() -> &'static std::path::PathBuf {
    static DIR: OnceLock<std::path::PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("confer-fuzz-ruby-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("m/lib/puppet/functions/m")).expect("a module directory");
        dir
    })
}

fuzz_target!(|body: &str| {
    let dir = modules();
    let file = dir.join("m/lib/puppet/functions/m/f.rb");
    if std::fs::write(&file, format!("Puppet::Functions.create_function(:'m::f') do\n{body}\nend\n")).is_err() {
        return;
    }
    let env = Rc::new(Environment::bare(vec![dir.clone()]));
    let source = std::sync::Arc::new(Source::new("fuzz.pp", "notice(m::f('a', 1, [2], {'k' => 'v'}))\n"));
    let _ = confer_puppet::apply_in(&source, &env, None, &mut Collect::default());
});
