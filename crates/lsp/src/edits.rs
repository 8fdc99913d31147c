//! Incremental synchronisation: the client sends each change as the range
//! it replaces (in LSP positions, UTF-16 columns) and the new text, and
//! the server applies the changes in order to the text it holds. A change
//! without a range replaces the whole text.

use lsp_types::TextDocumentContentChangeEvent;

use crate::position::LineIndex;

/// `text` after `changes`, applied in order (each change's range counts in
/// the text the changes before it left).
pub fn apply(mut text: String, changes: Vec<TextDocumentContentChangeEvent>) -> String {
    for change in changes {
        match change.range {
            None => text = change.text,
            Some(range) => {
                let lines = LineIndex::new(&text);
                let start = lines.offset(&text, range.start);
                let end = lines.offset(&text, range.end).max(start);
                text.replace_range(start..end, &change.text);
            }
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use lsp_types::{Position, Range};

    fn edit(from: (u32, u32), to: (u32, u32), text: &str) -> TextDocumentContentChangeEvent {
        let range = Range { start: Position::new(from.0, from.1), end: Position::new(to.0, to.1) };
        TextDocumentContentChangeEvent { range: Some(range), range_length: None, text: text.into() }
    }

    #[test]
    fn range_edits_apply_in_order() {
        let text = "class a {\n  notice('x')\n}\n".to_string();
        let changes =
            vec![edit((1, 10), (1, 11), "yz"), edit((1, 2), (1, 8), "warning"), edit((2, 1), (2, 1), " # end")];
        assert_eq!(apply(text, changes), "class a {\n  warning('yz')\n} # end\n");
    }

    #[test]
    fn columns_count_utf16_units_and_a_whole_text_replaces() {
        // The emoji is two UTF-16 units: the edit after it starts at column 4.
        let text = "$s = '😀'\n".to_string();
        assert_eq!(apply(text.clone(), vec![edit((0, 8), (0, 9), "\"")]), "$s = '😀\"\n");
        let whole = TextDocumentContentChangeEvent { range: None, range_length: None, text: "x".into() };
        assert_eq!(apply(text, vec![whole, edit((0, 1), (0, 1), "y")]), "xy");
    }
}
