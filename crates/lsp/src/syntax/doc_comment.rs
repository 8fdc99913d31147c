//! The comment block just above a definition, read as puppet-strings reads
//! it: the lines of `#` comments that end on the line before the
//! definition, with `@summary` as the first paragraph and `@param name
//! text` (continued on indented lines) as each parameter's description.

/// A definition's documentation.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DocComment {
    /// The summary and description, tags other than `@param` kept as written.
    pub text: String,
    /// Each documented parameter's description, in the order written.
    pub params: Vec<(String, String)>,
}

impl DocComment {
    /// The description of parameter `name`, if it has one.
    pub fn param(&self, name: &str) -> Option<&str> {
        self.params.iter().find(|(n, _)| n == name).map(|(_, d)| d.as_str())
    }
}

/// The comment block ending on the line above byte `start` of `text`, if
/// there is one (a blank line between them ends it).
pub fn read(text: &str, start: usize) -> Option<DocComment> {
    let before = text.get(..start)?;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    if !before[line_start..].trim().is_empty() {
        return None;
    }
    let mut lines: Vec<&str> = Vec::new();
    for line in before[..line_start].lines().rev() {
        let Some(comment) = line.trim_start().strip_prefix('#') else { break };
        lines.push(comment.strip_prefix(' ').unwrap_or(comment));
    }
    if lines.is_empty() {
        return None;
    }
    lines.reverse();
    let mut doc = DocComment::default();
    let mut text_lines: Vec<String> = Vec::new();
    let mut in_param = false;
    for line in lines {
        if let Some(rest) = line.strip_prefix("@param") {
            let rest = rest.trim();
            let (name, description) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
            doc.params.push((name.trim_start_matches('$').to_string(), description.trim().to_string()));
            in_param = true;
        } else if let Some(summary) = line.strip_prefix("@summary") {
            text_lines.insert(0, summary.trim().to_string());
            in_param = false;
        } else if in_param && line.starts_with(char::is_whitespace) {
            if let Some((_, description)) = doc.params.last_mut() {
                if !description.is_empty() {
                    description.push(' ');
                }
                description.push_str(line.trim());
            }
        } else {
            in_param = false;
            text_lines.push(line.to_string());
        }
    }
    doc.text = text_lines.join("\n").trim().to_string();
    Some(doc)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_block_above_is_read_with_its_params() {
        let text = "# unrelated\n\n# @summary Installs NTP.\n#\n# Longer words.\n# @param servers The\n#   servers to use.\n# @param pool\n#   The pool.\n# @example\n#   include ntp\nclass ntp($servers) {}\n";
        let doc = read(text, text.find("class").expect("a class")).expect("a comment");
        assert_eq!(doc.text, "Installs NTP.\n\nLonger words.\n@example\n  include ntp");
        assert_eq!(doc.param("servers"), Some("The servers to use."));
        assert_eq!(doc.param("pool"), Some("The pool."));
    }

    #[test]
    fn a_blank_line_or_code_ends_the_block() {
        let text = "# far away\n\nclass a {}\n";
        assert_eq!(read(text, text.find("class").expect("a class")), None);
        let text = "$x = 1 # trailing\nclass a {}\n";
        assert_eq!(read(text, text.find("class").expect("a class")), None);
        assert_eq!(read("  class a {}", 2), None);
    }
}
