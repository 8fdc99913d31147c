//! Arbitrary Ruby regexps against arbitrary text: compiling and matching
//! must answer or fail (undecided past the backtracking limit) without a
//! panic or a hang, and iteration must stop.
#![no_main]

use confer_core::Regexp;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (&str, &str)| {
    let (pattern, text) = input;
    if pattern.len() > 200 || text.len() > 2000 {
        return;
    }
    let Ok(re) = Regexp::new(pattern) else { return };
    let decided = re.try_is_match(text);
    if let Ok(all) = re.matches(text, 1000) {
        if let Ok(found) = decided {
            assert_eq!(found, !all.is_empty(), "is_match and matches disagree for /{pattern}/ on {text:?}");
        }
    }
});
