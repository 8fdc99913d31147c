//! Paths into documents, written the way users write them: `servers[3].port`.

use confer_core::mismatch::PathElem;
use confer_core::Value;

/// Renders a path: keys as `.key` (or `["key"]` when not a plain word), indexes
/// as `[n]`; the root is `$`.
pub fn render(path: &[PathElem]) -> String {
    if path.is_empty() {
        return "$".to_string();
    }
    let mut out = String::new();
    for elem in path {
        match elem {
            PathElem::Index(i) => out.push_str(&format!("[{i}]")),
            PathElem::Key(Value::String(k)) if is_word(k) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(k);
            }
            PathElem::Key(k) => {
                out.push_str(&format!("[{}]", confer_core::value::puppet_quote(&confer_core::value::to_s(k))))
            }
        }
    }
    out
}

fn is_word(k: &str) -> bool {
    !k.is_empty()
        && k.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '-' || c == ':')
        && !k.starts_with(|c: char| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_read_like_code() {
        let p = vec![PathElem::Key("servers".into()), PathElem::Index(3), PathElem::Key("port".into())];
        assert_eq!(render(&p), "servers[3].port");
        assert_eq!(render(&[PathElem::Key("a b".into())]), "['a b']");
        assert_eq!(render(&[]), "$");
    }
}
