#![no_main]
//! Arbitrary bytes through the CFEngine parser and, when they parse, the
//! evaluator: neither may panic or hang.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let src = String::from_utf8_lossy(data);
    if confer_cfengine::parse("fuzz.cf", &src).is_ok() {
        let dir = std::env::temp_dir().join(format!("confer-fuzz-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let file = dir.join("fuzz.cf");
        if std::fs::write(&file, src.as_bytes()).is_ok() {
            let opts = confer_cfengine::Options {
                file: file.to_string_lossy().into_owned(),
                defines: vec![],
                bundles: None,
                ..Default::default()
            };
            let _ = confer_cfengine::run_to_lines(&opts);
        }
    }
});
