#![no_main]
//! Arbitrary command lines through the shell confer stands in with (words,
//! quotes, pipes, redirections, and its grep, sed, sort, … on files in
//! memory): each answers or is refused, without a panic or a hang. The
//! first line is the command line, the rest the file `/work/in`.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (line, input) = text.split_once('\n').unwrap_or((&text, ""));
    if line.len() > 500 || input.len() > 10_000 {
        return;
    }
    let files = vec![("/work/in".to_string(), input.as_bytes().to_vec())];
    let _ = confer_cfengine::shell::run_in_memory(line, files);
});
