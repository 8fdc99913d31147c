//! Reading JSON as Ruby 3.1's json 2.6 does (`JSON.parse`, and through it
//! stdlib's `parsejson`), errors included: its parser refuses a document
//! with `859: unexpected token at '<rest>'` from where the top-level value
//! (or the text after it) begins, an Array with `451: …` from the element
//! it could not read, and an Object as a whole, so its error is the one of
//! what holds it. Its lenient corners are kept: `/* */` and `//` comments
//! count as space, an unknown escape (`\x`) stands for its character. And
//! Puppet's PSON reader, which wants an Object or Array at the top.

use serde_json::{Map, Number, Value as Json};

/// Why a document does not read.
#[derive(Debug, Clone, PartialEq)]
pub enum JsonError {
    /// Ruby's `JSON::ParserError`, in its words.
    Parser(String),
    /// A number beyond 64 bits, which Ruby reads as a Bignum.
    Bignum(String),
}

impl std::fmt::Display for JsonError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            JsonError::Parser(m) => f.write_str(m),
            JsonError::Bignum(n) => write!(f, "the number {n} is beyond 64 bits"),
        }
    }
}

/// How reading a value failed: softly (the value as a whole does not read,
/// which the container reports) or with the error already said.
enum Fail {
    Soft,
    Hard(JsonError),
}

type Read<T> = Result<T, Fail>;

/// Deeper than Ruby's default `max_nesting` of 100 is Ruby's NestingError.
const MAX_NESTING: usize = 100;

struct Reader<'t> {
    text: &'t str,
    pos: usize,
}

fn unexpected(code: u32, text: &str, at: usize) -> Fail {
    Fail::Hard(JsonError::Parser(format!("{code}: unexpected token at '{}'", &text[at..])))
}

/// `JSON.parse(text)`.
pub fn parse(text: &str) -> Result<Json, JsonError> {
    let mut r = Reader { text, pos: 0 };
    r.skip_ignored();
    let start = r.pos;
    let value = match r.value(0) {
        Ok(v) => v,
        Err(Fail::Soft) => return Err(JsonError::Parser(format!("859: unexpected token at '{}'", &text[start..]))),
        Err(Fail::Hard(e)) => return Err(e),
    };
    r.skip_ignored();
    if r.pos < text.len() {
        return Err(JsonError::Parser(format!("859: unexpected token at '{}'", &text[r.pos..])));
    }
    Ok(value)
}

/// Puppet's PSON reader: an Object or an Array, else `source '…' not in
/// PSON!` (with the next 20 characters).
pub fn parse_pson(text: &str) -> Result<Json, JsonError> {
    let trimmed = text.trim_start();
    if trimmed.is_empty() {
        return Err(JsonError::Parser("source did not contain any PSON!".into()));
    }
    if !trimmed.starts_with(['{', '[']) {
        let peek: String = trimmed.chars().take(20).collect();
        return Err(JsonError::Parser(format!("source '{peek}' not in PSON!")));
    }
    parse(text)
}

impl<'t> Reader<'t> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    fn rest(&self) -> &'t str {
        &self.text[self.pos..]
    }

    /// Space and comments, which json 2.6 reads as space.
    fn skip_ignored(&mut self) {
        loop {
            let rest = self.rest();
            let trimmed = rest.trim_start_matches([' ', '\t', '\r', '\n']);
            self.pos += rest.len() - trimmed.len();
            if let Some(body) = trimmed.strip_prefix("/*") {
                match body.find("*/") {
                    Some(end) => self.pos += 2 + end + 2,
                    None => return,
                }
            } else if let Some(body) = trimmed.strip_prefix("//") {
                self.pos += 2 + body.find('\n').unwrap_or(body.len());
            } else {
                return;
            }
        }
    }

    fn value(&mut self, depth: usize) -> Read<Json> {
        if depth > MAX_NESTING {
            return Err(Fail::Hard(JsonError::Parser(format!("nesting of {depth} is too deep"))));
        }
        let rest = self.rest();
        for (word, value) in [("null", Json::Null), ("true", Json::Bool(true)), ("false", Json::Bool(false))] {
            if rest.starts_with(word) {
                self.pos += word.len();
                return Ok(value);
            }
        }
        if rest.starts_with("NaN") || rest.starts_with("Infinity") || rest.starts_with("-Infinity") {
            return Err(unexpected(225, self.text, self.pos));
        }
        match self.peek() {
            Some(b'"') => self.string().map(Json::String),
            Some(b'[') => self.array(depth + 1),
            Some(b'{') => self.object(depth + 1),
            Some(b'-' | b'0'..=b'9') => self.number(),
            _ => Err(Fail::Soft),
        }
    }

    fn number(&mut self) -> Read<Json> {
        let b = self.text.as_bytes();
        let start = self.pos;
        let mut i = start;
        if b.get(i) == Some(&b'-') {
            i += 1;
        }
        let int_start = i;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        // No digits, or a leading zero before more digits: not a number.
        if i == int_start || b[int_start] == b'0' && i - int_start > 1 {
            return Err(Fail::Soft);
        }
        let mut float = false;
        if b.get(i) == Some(&b'.') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
            float = true;
            i += 1;
            while b.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
        }
        if matches!(b.get(i), Some(b'e' | b'E')) {
            let mut j = i + 1;
            if matches!(b.get(j), Some(b'+' | b'-')) {
                j += 1;
            }
            if b.get(j).is_some_and(u8::is_ascii_digit) {
                float = true;
                while b.get(j).is_some_and(u8::is_ascii_digit) {
                    j += 1;
                }
                i = j;
            }
        }
        self.pos = i;
        let digits = &self.text[start..i];
        if float {
            let f: f64 = digits.parse().map_err(|_| Fail::Soft)?;
            return Number::from_f64(f).map(Json::Number).ok_or(Fail::Soft);
        }
        match digits.parse::<i64>() {
            Ok(n) => Ok(Json::Number(n.into())),
            Err(_) => Err(Fail::Hard(JsonError::Bignum(digits.to_string()))),
        }
    }

    fn string(&mut self) -> Read<String> {
        let mut out = String::new();
        let mut chars = self.text[self.pos + 1..].char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    self.pos += 1 + i + 1;
                    return Ok(out);
                }
                '\\' => match chars.next() {
                    Some((_, 'n')) => out.push('\n'),
                    Some((_, 't')) => out.push('\t'),
                    Some((_, 'r')) => out.push('\r'),
                    Some((_, 'b')) => out.push('\u{8}'),
                    Some((_, 'f')) => out.push('\u{c}'),
                    Some((_, 'u')) => {
                        let hex: String = chars.by_ref().take(4).map(|(_, c)| c).collect();
                        let unit = u32::from_str_radix(&hex, 16).map_err(|_| Fail::Soft)?;
                        let c = if (0xD800..0xDC00).contains(&unit) {
                            // A surrogate pair: `\uD83D\uDE00`.
                            let low: String = chars.by_ref().take(6).map(|(_, c)| c).collect();
                            let low = low.strip_prefix("\\u").and_then(|h| u32::from_str_radix(h, 16).ok());
                            low.and_then(|low| char::from_u32(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)))
                        } else {
                            char::from_u32(unit)
                        };
                        out.push(c.ok_or(Fail::Soft)?);
                    }
                    Some((_, other)) => out.push(other),
                    None => return Err(Fail::Soft),
                },
                c if (c as u32) < 0x20 => return Err(Fail::Soft),
                c => out.push(c),
            }
        }
        Err(Fail::Soft)
    }

    fn array(&mut self, depth: usize) -> Read<Json> {
        self.pos += 1;
        let mut items = Vec::new();
        self.skip_ignored();
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(Json::Array(items));
        }
        loop {
            self.skip_ignored();
            let at = self.pos;
            match self.value(depth) {
                Ok(v) => items.push(v),
                Err(Fail::Soft) => return Err(unexpected(451, self.text, at)),
                Err(hard) => return Err(hard),
            }
            self.skip_ignored();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(Json::Array(items));
                }
                _ => return Err(unexpected(451, self.text, self.pos)),
            }
        }
    }

    /// An Object; any failure inside but an Array's is the Object's own.
    fn object(&mut self, depth: usize) -> Read<Json> {
        self.pos += 1;
        let mut map = Map::new();
        self.skip_ignored();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(Json::Object(map));
        }
        loop {
            self.skip_ignored();
            if self.peek() != Some(b'"') {
                return Err(Fail::Soft);
            }
            let key = self.string()?;
            self.skip_ignored();
            if self.peek() != Some(b':') {
                return Err(Fail::Soft);
            }
            self.pos += 1;
            self.skip_ignored();
            let value = self.value(depth)?;
            map.insert(key, value);
            self.skip_ignored();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(Json::Object(map));
                }
                _ => return Err(Fail::Soft),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        match parse(text) {
            Err(JsonError::Parser(m)) => m,
            other => format!("{other:?}"),
        }
    }

    /// Ruby 3.1's json 2.6.1 answers (`JSON.parse(t)` rescued).
    #[test]
    fn errors_name_what_ruby_names() {
        for (text, want) in [
            ("error", "859: unexpected token at 'error'"),
            ("", "859: unexpected token at ''"),
            (r#"{"a": x, "b": 1}"#, r#"859: unexpected token at '{"a": x, "b": 1}'"#),
            ("[1, 2", "451: unexpected token at ''"),
            ("[1, x]", "451: unexpected token at 'x]'"),
            (r#"{"a": [1, x]}"#, "451: unexpected token at 'x]}'"),
            (r#"[{"a" 1}]"#, r#"451: unexpected token at '{"a" 1}]'"#),
            ("[1,]", "451: unexpected token at ']'"),
            ("[1] x", "859: unexpected token at 'x'"),
            ("[01]", "451: unexpected token at '01]'"),
            ("[1.]", "451: unexpected token at '.]'"),
            ("[1 2]", "451: unexpected token at '2]'"),
            ("[NaN]", "225: unexpected token at 'NaN]'"),
        ] {
            assert_eq!(error(text), want, "{text}");
        }
    }

    #[test]
    fn lenient_corners_read_as_ruby_reads_them() {
        assert_eq!(parse(r#"["a\x"]"#).ok(), Some(serde_json::json!(["ax"])));
        assert_eq!(parse("[/*c*/1]").ok(), Some(serde_json::json!([1])));
        assert_eq!(parse(r#"{"b": 1, "a": [1e5, -0]}"#).ok(), Some(serde_json::json!({"b": 1, "a": [100000.0, 0]})));
        assert!(matches!(parse("123456789012345678901234567890"), Err(JsonError::Bignum(_))));
        assert_eq!(parse_pson("invalid").err(), Some(JsonError::Parser("source 'invalid' not in PSON!".into())));
    }
}
