//! `file:` URIs, which the protocol names documents by, and the paths
//! confer reads. Other schemes (an unsaved buffer's `untitled:`) have no
//! path: such a document is checked on its own.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use lsp_types::Uri;

/// The path of a `file:` URI, percent-decoded.
pub fn to_path(uri: &Uri) -> Option<PathBuf> {
    let text = uri.as_str();
    let rest = text.strip_prefix("file://")?;
    // `file://host/path` names a path on another host; only the local one is readable.
    let path = rest.strip_prefix("localhost").unwrap_or(rest);
    if !path.starts_with('/') {
        return None;
    }
    let bytes = percent_decode(path)?;
    String::from_utf8(bytes).ok().map(PathBuf::from)
}

/// The `file:` URI of an absolute path, with the characters a URI path may
/// not hold percent-encoded.
pub fn from_path(path: &Path) -> Option<Uri> {
    let mut text = String::from("file://");
    for b in path.to_str()?.bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~!$&'()*+,;=:@".contains(&b) {
            text.push(b as char);
        } else {
            text.push_str(&format!("%{b:02X}"));
        }
    }
    Uri::from_str(&text).ok()
}

fn percent_decode(text: &str) -> Option<Vec<u8>> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = text.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_with_spaces_and_accents_round_trip() {
        let path = Path::new("/srv/my code/é.pp");
        let uri = from_path(path).expect("an absolute UTF-8 path has a URI");
        assert_eq!(uri.as_str(), "file:///srv/my%20code/%C3%A9.pp");
        assert_eq!(to_path(&uri).as_deref(), Some(path));
    }

    #[test]
    fn other_schemes_have_no_path() {
        let uri = Uri::from_str("untitled:Untitled-1").expect("a valid URI");
        assert_eq!(to_path(&uri), None);
    }
}
