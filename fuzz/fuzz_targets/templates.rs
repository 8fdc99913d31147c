//! Arbitrary ERB and EPP template text rendered through the Puppet evaluator
//! (`inline_template`, `inline_epp`), so the template parsers and the ERB
//! interpreter meet a real scope: any template must render or fail with a
//! located error, never panic or hang.
#![no_main]

use confer_puppet::log::Collect;
use confer_puppet::span::Source;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (bool, &str)| {
    let (epp, template) = input;
    // A single-quoted Puppet string holds any text once `\` and `'` are escaped.
    let quoted = template.replace('\\', "\\\\").replace('\'', "\\'");
    let function = if epp { "inline_epp" } else { "inline_template" };
    let text =
        format!("$a = [1, 'two', 3.0]\n$h = {{'k' => 'v', 'n' => [1]}}\n$s = 'text'\nnotice({function}('{quoted}'))\n");
    let source = Source::new("fuzz.pp", text);
    let _ = confer_puppet::apply(&source, &mut Collect::default());
});
