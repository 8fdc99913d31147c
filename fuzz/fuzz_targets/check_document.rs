//! Feeds arbitrary text to `confer check` as JSON and as YAML, against a
//! schema with nesting, optional keys and a variant: any input must give a
//! verdict or a syntax error, never a panic, and the streaming verdict must
//! agree with the full parse.
#![no_main]

use confer_check::document::{parse, Format};
use confer_check::{check_text, stream, TypeEnvironment};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let t = TypeEnvironment::default()
        .resolve("Variant[Array[Struct[{a => Integer, Optional[b] => Array[String[1]]}]], Hash[String, Data]]")
        .expect("the schema resolves");
    for format in [Format::Json, Format::Yaml] {
        let _ = check_text(&t, text, format, "fuzz", 100);
    }
    if let (Ok(fast), Ok(docs)) = (stream::json_matches(text, &t), parse(text, Format::Json)) {
        // A document whose answer is undecided (a limit reached) is not
        // compared.
        let decided: Result<Vec<bool>, _> = docs.iter().map(|d| confer_core::types::instance_of(&t, &d.value)).collect();
        let Ok(each) = decided else { return };
        let full = each.iter().all(|ok| *ok);
        assert_eq!(fast, full, "streaming and full validation disagree on {text:?}");
    }
});
