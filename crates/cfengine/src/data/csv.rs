//! CSV records as libntech reads them (csv_parser.c): a record ends at a
//! CRLF outside quotes (a bare LF does not end it); fields are separated by
//! commas; a quoted field may hold commas, CRLFs and doubled quotes.

/// The records of `text`, each a list of fields. `None` for a record that
/// does not parse (a quote inside an unquoted field, an unclosed quote).
pub fn records(text: &str) -> Vec<Option<Vec<String>>> {
    let mut out = vec![];
    let mut start = 0;
    let mut in_quotes = false;
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => in_quotes = !in_quotes,
            b'\n' if !in_quotes && i > 0 && b[i - 1] == b'\r' => {
                out.push(fields(&text[start..i - 1]));
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    if start < text.len() {
        out.push(fields(&text[start..]));
    }
    out
}

/// `SeqParseCsvString` on one record (without its CRLF).
fn fields(record: &str) -> Option<Vec<String>> {
    let mut out = vec![];
    let mut field = String::new();
    let mut chars = record.chars().peekable();
    loop {
        let lead: String = std::iter::from_fn(|| chars.next_if(|c| matches!(c, ' ' | '\t'))).collect();
        if chars.peek() == Some(&'"') {
            chars.next();
            loop {
                match chars.next() {
                    Some('"') if chars.peek() == Some(&'"') => {
                        chars.next();
                        field.push('"');
                    }
                    Some('"') => break,
                    Some(c) => field.push(c),
                    None => return None,
                }
            }
            while chars.next_if(|c| c.is_whitespace()).is_some() {}
            match chars.next() {
                Some(',') => out.push(std::mem::take(&mut field)),
                None => {
                    out.push(field);
                    return Some(out);
                }
                Some(_) => return None,
            }
        } else {
            field.push_str(&lead);
            loop {
                match chars.next() {
                    Some(',') => break,
                    Some('"') => return None,
                    Some(c) => field.push(c),
                    None => {
                        out.push(field);
                        return Some(out);
                    }
                }
            }
            out.push(std::mem::take(&mut field));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::records;

    #[test]
    fn crlf_records_and_quotes() {
        let r = records("a,b\r\n\"x,y\",\"say \"\"hi\"\"\"\r\n\r\nc");
        assert_eq!(r[0], Some(vec!["a".to_string(), "b".to_string()]));
        assert_eq!(r[1], Some(vec!["x,y".to_string(), "say \"hi\"".to_string()]));
        assert_eq!(r[2], Some(vec![String::new()]));
        assert_eq!(r[3], Some(vec!["c".to_string()]));
    }
}
