//! LSP positions from confer's byte offsets and back. confer's spans are
//! byte ranges of a file's UTF-8 text; LSP counts 0-based lines and, within
//! a line, UTF-16 code units (the protocol's default encoding, which every
//! client supports). A line ends at `\n`; a `\r` before it is the line's
//! last character, as clients that send `\r\n` count it.

use std::ops::Range;

use lsp_types::Position;

/// Where each line of one text starts, to convert positions in time
/// proportional to the line's length, not the file's.
#[derive(Debug, Clone)]
pub struct LineIndex {
    /// Byte offset of each line's first character.
    starts: Vec<usize>,
    /// Whether each line is ASCII, where UTF-16 units are bytes.
    ascii: Vec<bool>,
}

impl LineIndex {
    /// The index of `text`.
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(text.bytes().enumerate().filter(|(_, b)| *b == b'\n').map(|(i, _)| i + 1));
        let ends = starts.iter().skip(1).copied().chain([text.len()]);
        let ascii = starts.iter().zip(ends).map(|(&s, e)| text.as_bytes()[s..e].is_ascii()).collect();
        LineIndex { starts, ascii }
    }

    /// The position of byte `offset` of `text` (clamped to the text, and
    /// moved back to a character boundary).
    pub fn position(&self, text: &str, offset: usize) -> Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let start = self.starts[line];
        let character =
            if self.ascii[line] { offset - start } else { text[start..offset].chars().map(char::len_utf16).sum() };
        Position { line: line as u32, character: character as u32 }
    }

    /// The byte offset of `position` in `text`: a line past the end is the
    /// end of the text, a character past the line's end is the line's end
    /// (as the protocol asks), and one inside a surrogate pair is the
    /// character's start.
    pub fn offset(&self, text: &str, position: Position) -> usize {
        let Some(&start) = self.starts.get(position.line as usize) else { return text.len() };
        let end = self.starts.get(position.line as usize + 1).map_or(text.len(), |next| next - 1);
        let line = &text[start..end];
        let wanted = position.character as usize;
        if self.ascii[position.line as usize] {
            return start + wanted.min(line.len());
        }
        let mut units = 0;
        for (i, c) in line.char_indices() {
            if units + c.len_utf16() > wanted {
                return start + i;
            }
            units += c.len_utf16();
        }
        end
    }

    /// The LSP range of the bytes `span` of `text`.
    pub fn range(&self, text: &str, span: Range<usize>) -> lsp_types::Range {
        lsp_types::Range { start: self.position(text, span.start), end: self.position(text, span.end) }
    }

    /// The position of Puppet's 1-based line and character column (how a
    /// located error without a span is placed).
    pub fn line_column(&self, text: &str, line: usize, column: usize) -> Position {
        let Some(&start) = self.starts.get(line.saturating_sub(1)) else { return self.position(text, text.len()) };
        let offset = text[start..].char_indices().nth(column.saturating_sub(1)).map_or(text.len(), |(i, _)| start + i);
        self.position(text, offset)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(line: u32, character: u32) -> Position {
        Position { line, character }
    }

    #[test]
    fn ascii_offsets_are_columns() {
        let text = "class a {\n  x\n}\n";
        let index = LineIndex::new(text);
        assert_eq!(index.position(text, 0), pos(0, 0));
        assert_eq!(index.position(text, 12), pos(1, 2));
        assert_eq!(index.position(text, text.len()), pos(3, 0));
        assert_eq!(index.offset(text, pos(1, 2)), 12);
        assert_eq!(index.offset(text, pos(1, 99)), 13, "past the line's end is its end");
        assert_eq!(index.offset(text, pos(9, 0)), text.len());
    }

    #[test]
    fn utf16_units_count_astral_characters_twice() {
        // 'é' is 2 bytes and 1 unit; '😀' is 4 bytes and 2 units.
        let text = "$a = 'é😀x'\n$b";
        let index = LineIndex::new(text);
        let x = text.find('x').expect("the text has an x");
        assert_eq!(x, 12);
        assert_eq!(index.position(text, x), pos(0, 9));
        assert_eq!(index.offset(text, pos(0, 9)), x);
        assert_eq!(index.offset(text, pos(0, 8)), x - 4, "inside a surrogate pair is the character's start");
        assert_eq!(index.position(text, x - 1), pos(0, 7), "inside a character is its start");
        assert_eq!(index.position(text, text.len()), pos(1, 2));
    }

    #[test]
    fn crlf_lines_keep_the_carriage_return_on_their_line() {
        let text = "a\r\nbc\r\n";
        let index = LineIndex::new(text);
        assert_eq!(index.position(text, 3), pos(1, 0));
        assert_eq!(index.position(text, 5), pos(1, 2));
        assert_eq!(index.offset(text, pos(1, 1)), 4);
    }

    #[test]
    fn puppet_columns_count_characters() {
        let text = "é = 1\n  $x = é\n";
        let index = LineIndex::new(text);
        assert_eq!(index.line_column(text, 2, 8), pos(1, 7));
        assert_eq!(index.line_column(text, 1, 3), pos(0, 2));
    }
}
