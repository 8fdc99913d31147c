//! Feeds arbitrary text to the Puppet lexer, parser, validator and evaluator:
//! any input must give a result or an error, never a panic or a hang.
#![no_main]

use confer_puppet::log::Collect;
use confer_puppet::span::Source;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let source = Source::new("fuzz.pp", text);
        let _ = confer_puppet::apply(&source, &mut Collect::default());
    }
});
