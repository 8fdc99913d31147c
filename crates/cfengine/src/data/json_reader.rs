//! JSON as libntech reads it (`JsonParseWithLookup` in `json.c`, which
//! `parsejson`, `readjson`, augments and the CMDB all go through). Its
//! reader is a hand-written state machine far more lenient than JSON:
//! elements need no commas (`[1 2]`, `{"a": 1 "b": 2}`), a value needs no
//! colon (`{"a" "b"}`), trailing commas pass (`[1,]`, `{,}`), keys may be
//! bare words (`{ foo: 1 }`), and a bare word where a value goes names a
//! variable when the caller gives a lookup. Strings are unescaped twice
//! (`"a\\nb"` holds a newline) and `\uXXXX` stays as written. What it
//! refuses, it refuses with one of its own messages ([`JsonError`]) at the
//! place it stopped, which cf-agent's messages show. Only the first value
//! is read; text after it is ignored.
//!
//! Numbers keep libntech's checks and become what a stored copy holds
//! ([`container_number`]); a number the copy cannot convert is remembered
//! (cf-agent exits when it stores the container).

use confer_core::{HashMap, Value};

use super::container_number;

/// Nesting past this is refused: libntech recurses without a bound, but a
/// document that deep is an attack, not data.
const MAX_DEPTH: usize = 512;

/// libntech's `JsonParseError`, worded by `JsonParseErrorToString`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JsonError {
    #[error("Unable to parse json data as string, did not start with doublequote")]
    StringNoDoublequoteStart,
    #[error("Unable to parse json data as string, did not end with doublequote")]
    StringNoDoublequoteEnd,
    #[error("Unable to parse json data as number, - not at the start or not after exponent")]
    NumberExponentNegative,
    #[error("Unable to parse json data as number, + without preceding exponent")]
    NumberExponentPositive,
    #[error("Unable to parse json data as number, started with 0 before dot or exponent, duplicate 0 seen")]
    NumberDuplicateZero,
    #[error("Unable to parse json data as number, dot not preceded by digit")]
    NumberNoDigit,
    #[error("Unable to parse json data as number, two or more dots (decimal points)")]
    NumberMultipleDots,
    #[error("Unable to parse json data as number, duplicate exponent")]
    NumberExponentDuplicate,
    #[error("Unable to parse json data as number, exponent without preceding digit")]
    NumberExponentDigit,
    #[error("Unable to parse json data as number, dot or exponent must follow leading 0")]
    NumberExponentFollowLeadingZero,
    #[error("Unable to parse json data as number, invalid symbol")]
    NumberBadSymbol,
    #[error("Unable to parse json data as string, did not end with digit")]
    NumberDigitEnd,
    #[error("Unable to parse json data as array, did not start with '['")]
    ArrayStart,
    #[error("Unable to parse json data as array, did not end with ']'")]
    ArrayEnd,
    #[error("Unable to parse json data as array, extraneous commas")]
    ArrayComma,
    #[error("Unable to parse json data as object, unrecognized token beginning entry")]
    ObjectBadSymbol,
    #[error("Unable to parse json data as string, did not end with '}}'")]
    ObjectEnd,
    #[error("Unable to parse json data as object, ':' seen without having specified an l-value")]
    ObjectColon,
    #[error("Unable to parse json data as object, ',' seen without having specified an r-value")]
    ObjectComma,
    #[error("Unable to parse json data as object, array not allowed as l-value")]
    ObjectArrayLval,
    #[error("Unable to parse json data as object, object not allowed as l-value")]
    ObjectObjectLval,
    #[error("Unable to parse json data as object, tried to close object having opened an l-value")]
    ObjectOpenLval,
    #[error("No data")]
    NoData,
    /// confer's own bound ([`MAX_DEPTH`]).
    #[error("Unable to parse json data nested more than 512 levels deep")]
    TooDeep,
}

/// A document read: its value, where the reader stopped (the byte its
/// pointer was left on: a container's closing bracket, a primitive's last
/// character), and the first number a stored copy cannot convert.
#[derive(Debug)]
pub struct Read {
    /// The value.
    pub value: Value,
    /// The byte offset the reader stopped at.
    pub stop: usize,
    /// cf-agent's conversion error for the first such number.
    pub fatal: Option<String>,
}

/// A refusal and the byte offset the reader stopped at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refused {
    /// Why.
    pub error: JsonError,
    /// Where (a byte offset; the text's length when it ran out).
    pub at: usize,
}

/// Gives a bare word's value (`LookupVarRefToJson`), or `None`.
pub type Lookup<'l> = &'l mut dyn FnMut(&str) -> Option<Value>;

/// Reads the first JSON value of `text`. With a `lookup`, a bare word
/// where an array element or an object value goes is a variable.
pub fn read(text: &str, lookup: Option<Lookup<'_>>) -> Result<Read, Refused> {
    let mut r = Reader { b: text.as_bytes(), text, i: 0, fatal: None, lookup, depth: 0 };
    let value = r.document().map_err(|error| Refused { error, at: r.i.min(text.len()) })?;
    Ok(Read { value, stop: r.i, fatal: r.fatal })
}

struct Reader<'t, 'l> {
    b: &'t [u8],
    text: &'t str,
    /// The current byte (`*data`); `b.len()` stands for the final NUL.
    i: usize,
    fatal: Option<String>,
    lookup: Option<Lookup<'l>>,
    depth: usize,
}

/// libntech's `IsWhitespace`.
fn is_whitespace(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r')
}

/// libntech's `IsSeparator`: what ends a number or a word.
fn is_separator(c: u8) -> bool {
    is_whitespace(c) || matches!(c, b',' | b']' | b'}')
}

/// Where a number starts (`-`, `0` or `IsDigit`).
fn starts_number(c: u8) -> bool {
    c == b'-' || c.is_ascii_digit()
}

type Step<T> = Result<T, JsonError>;

impl Reader<'_, '_> {
    /// The current byte, NUL past the end.
    fn at(&self) -> u8 {
        self.b.get(self.i).copied().unwrap_or(0)
    }

    /// Moves past blanks to the next byte, which it gives (NUL at the end).
    fn skip_blanks(&mut self) -> u8 {
        while is_whitespace(self.at()) {
            self.i += 1;
        }
        self.at()
    }

    fn document(&mut self) -> Step<Value> {
        while self.at() != 0 {
            match self.at() {
                b'{' => return self.object(),
                b'[' => return self.array(),
                c if is_whitespace(c) => self.i += 1,
                _ => return self.primitive(),
            }
        }
        Err(JsonError::NoData)
    }

    fn primitive(&mut self) -> Step<Value> {
        let c = self.at();
        if c == b'"' {
            return self.string().map(|s| Value::String(decode(&s).into()));
        }
        if starts_number(c) {
            return self.number();
        }
        self.word().ok_or(JsonError::ObjectBadSymbol)
    }

    /// `JsonParseAsBoolean` then `JsonParseAsNull`: the word and the
    /// pointer on its last letter, when a separator or the end follows.
    fn word(&mut self) -> Option<Value> {
        for (word, value) in [("true", Value::Boolean(true)), ("false", Value::Boolean(false)), ("null", Value::Undef)]
        {
            if self.b[self.i..].starts_with(word.as_bytes()) {
                let next = self.b.get(self.i + word.len()).copied().unwrap_or(0);
                if next == 0 || is_separator(next) {
                    self.i += word.len() - 1;
                    return Some(value);
                }
                // "true" that goes on is no boolean, and no "false" either.
                if word != "null" {
                    return None;
                }
            }
        }
        None
    }

    /// `JsonParseAsString`: the text between the quotes with `\\`, `\"`,
    /// `\/`, `\b`, `\f`, `\n`, `\r`, `\t` undone and any other escape kept
    /// as written; the pointer on the closing quote.
    fn string(&mut self) -> Step<Vec<u8>> {
        if self.at() != b'"' {
            return Err(JsonError::StringNoDoublequoteStart);
        }
        let mut out = vec![];
        self.i += 1;
        while self.at() != 0 {
            match self.at() {
                b'"' => return Ok(out),
                b'\\' => {
                    self.i += 1;
                    match self.at() {
                        b'b' => out.push(8),
                        b'f' => out.push(12),
                        b'n' => out.push(b'\n'),
                        b'r' => out.push(b'\r'),
                        b't' => out.push(b'\t'),
                        b'\\' | b'"' | b'/' => out.push(self.at()),
                        // A backslash ending the text: libntech writes the
                        // NUL's place and stops at the end.
                        0 => {
                            out.push(b'\\');
                            break;
                        }
                        c => out.extend_from_slice(&[b'\\', c]),
                    }
                }
                c => out.push(c),
            }
            self.i += 1;
        }
        Err(JsonError::StringNoDoublequoteEnd)
    }

    /// `JsonParseAsNumber`: the pointer on the number's last character.
    fn number(&mut self) -> Step<Value> {
        let start = self.i;
        let (mut zero_started, mut seen_dot, mut seen_exponent) = (false, false, false);
        let mut prev = 0u8;
        while self.at() != 0 && !is_separator(self.at()) {
            let c = self.at();
            match c {
                b'-' if prev != 0 && prev != b'e' && prev != b'E' => return Err(JsonError::NumberExponentNegative),
                b'+' if prev != b'e' && prev != b'E' => return Err(JsonError::NumberExponentPositive),
                b'-' | b'+' => {}
                b'0' => {
                    if zero_started && !seen_dot && !seen_exponent {
                        return Err(JsonError::NumberDuplicateZero);
                    }
                    zero_started |= prev == 0;
                }
                b'.' => {
                    if seen_dot {
                        return Err(JsonError::NumberMultipleDots);
                    }
                    if !prev.is_ascii_digit() {
                        return Err(JsonError::NumberNoDigit);
                    }
                    seen_dot = true;
                }
                b'e' | b'E' => {
                    if seen_exponent {
                        return Err(JsonError::NumberExponentDuplicate);
                    }
                    if !prev.is_ascii_digit() {
                        return Err(JsonError::NumberExponentDigit);
                    }
                    seen_exponent = true;
                }
                c => {
                    if zero_started && !seen_dot && !seen_exponent {
                        return Err(JsonError::NumberExponentFollowLeadingZero);
                    }
                    if !c.is_ascii_digit() {
                        return Err(JsonError::NumberBadSymbol);
                    }
                }
            }
            prev = c;
            self.i += 1;
        }
        if !prev.is_ascii_digit() {
            return Err(JsonError::NumberDigitEnd);
        }
        let token = &self.text[start..self.i];
        self.i -= 1;
        match container_number::parse(token) {
            Some(Ok(v)) => Ok(v),
            Some(Err(message)) => {
                self.fatal.get_or_insert(message);
                Ok(Value::Integer(0))
            }
            // The checks above are the ones `container_number` makes.
            None => Err(JsonError::NumberBadSymbol),
        }
    }

    /// A number, boolean or null where an element goes, else a variable.
    fn element_word(&mut self) -> Step<Value> {
        if starts_number(self.at()) {
            return self.number();
        }
        if let Some(v) = self.word() {
            return Ok(v);
        }
        self.variable().ok_or(JsonError::ObjectBadSymbol)
    }

    /// `LookupVarRefToJson`: the variable named at the pointer, which is
    /// left on the name's last character whether or not it is defined.
    fn variable(&mut self) -> Option<Value> {
        let lookup = self.lookup.as_mut()?;
        let end = reference_end(self.b, self.i);
        if end == self.i {
            return None;
        }
        let name = &self.text[self.i..end];
        self.i = end - 1;
        lookup(name)
    }

    fn nested(&mut self, open: u8) -> Step<Value> {
        if self.depth >= MAX_DEPTH {
            return Err(JsonError::TooDeep);
        }
        self.depth += 1;
        let v = if open == b'[' { self.array() } else { self.object() };
        self.depth -= 1;
        v
    }

    /// `JsonParseAsArray`: the pointer on the closing bracket.
    fn array(&mut self) -> Step<Value> {
        if self.at() != b'[' {
            return Err(JsonError::ArrayStart);
        }
        let mut items = vec![];
        let mut prev = b'[';
        self.i += 1;
        loop {
            let c = self.skip_blanks();
            if c == 0 {
                break;
            }
            match c {
                b'"' => items.push(Value::String(decode(&self.string()?).into())),
                b'[' | b'{' => {
                    if prev != b'[' && prev != b',' {
                        return Err(JsonError::ArrayStart);
                    }
                    items.push(self.nested(c)?);
                }
                b',' => {
                    if prev == b',' || prev == b'[' {
                        return Err(JsonError::ArrayComma);
                    }
                }
                b']' => return Ok(Value::array(items)),
                _ => items.push(self.element_word()?),
            }
            prev = self.at();
            self.i += 1;
        }
        Err(JsonError::ArrayEnd)
    }

    /// `JsonParseAsObject`: the pointer on the closing brace. A key seen
    /// again replaces the earlier entry and moves to the end.
    fn object(&mut self) -> Step<Value> {
        if self.at() != b'{' {
            return Err(JsonError::ArrayStart);
        }
        let mut map = HashMap::new();
        let mut key: Option<String> = None;
        let mut prev = b'{';
        self.i += 1;
        loop {
            let c = self.skip_blanks();
            if c == 0 {
                break;
            }
            match c {
                b'"' => {
                    let s = self.string()?;
                    match key.take() {
                        Some(k) => put(&mut map, k, Value::String(decode(&s).into())),
                        None => key = Some(String::from_utf8_lossy(&s).into_owned()),
                    }
                }
                b':' => {
                    if key.is_none() || prev == b':' || prev == b',' {
                        return Err(JsonError::ObjectColon);
                    }
                }
                b',' => {
                    if key.is_some() || prev == b':' || prev == b',' {
                        return Err(JsonError::ObjectComma);
                    }
                }
                b'[' | b'{' => match key.take() {
                    Some(k) => {
                        let v = self.nested(c)?;
                        put(&mut map, k, v);
                    }
                    None if c == b'[' => return Err(JsonError::ObjectArrayLval),
                    None => return Err(JsonError::ObjectObjectLval),
                },
                b'}' => {
                    if key.is_some() {
                        return Err(JsonError::ObjectOpenLval);
                    }
                    return Ok(Value::hash(map));
                }
                _ => match key.take() {
                    None => {
                        let (name, colon) = bare_key(self.b, self.i).ok_or(JsonError::ObjectBadSymbol)?;
                        key = Some(self.text[self.i..name].to_string());
                        self.i = colon;
                    }
                    Some(k) => {
                        let v = self.element_word()?;
                        put(&mut map, k, v);
                    }
                },
            }
            prev = self.at();
            self.i += 1;
        }
        Err(JsonError::ObjectEnd)
    }
}

/// `JsonObjectAppendElement`: the key removed, then appended.
fn put(map: &mut HashMap, key: String, value: Value) {
    let key = Value::String(key.into());
    map.shift_remove(&key);
    map.insert(key, value);
}

/// `unquoted_key_with_colon` (`^\w[-\w]*\s*:`): where the bare key at `i`
/// ends and where its colon is.
fn bare_key(b: &[u8], i: usize) -> Option<(usize, usize)> {
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    if !b.get(i).is_some_and(|&c| word(c)) {
        return None;
    }
    let mut end = i + 1;
    while b.get(end).is_some_and(|&c| c == b'-' || word(c)) {
        end += 1;
    }
    let mut colon = end;
    while b.get(colon).is_some_and(|&c| is_whitespace(c)) {
        colon += 1;
    }
    (b.get(colon) == Some(&b':')).then_some((end, colon))
}

/// Where a variable name starting at `b[i]` ends: cf-agent's
/// `^(([a-zA-Z0-9_]+\.)?[a-zA-Z0-9._]+)(\[[^\[\]]+\])?`.
fn reference_end(b: &[u8], i: usize) -> usize {
    let mut end = i;
    while end < b.len() && (b[end].is_ascii_alphanumeric() || b[end] == b'_' || b[end] == b'.') {
        end += 1;
    }
    if end > i && b.get(end) == Some(&b'[') {
        let close = b[end + 1..].iter().position(|&c| c == b']' || c == b'[');
        if let Some(p) = close {
            if p > 0 && b[end + 1 + p] == b']' {
                return end + p + 2;
            }
        }
    }
    end
}

/// `JsonDecodeString`, which libntech applies to a string value after
/// reading it: `\"`, `\\` and the control escapes undone once more.
fn decode(s: &[u8]) -> String {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'\\' {
            let undone = match s.get(i + 1) {
                Some(b'"') => Some(b'"'),
                Some(b'\\') => Some(b'\\'),
                Some(b'b') => Some(8),
                Some(b'f') => Some(12),
                Some(b'n') => Some(b'\n'),
                Some(b'r') => Some(b'\r'),
                Some(b't') => Some(b'\t'),
                _ => None,
            };
            if let Some(c) = undone {
                out.push(c);
                i += 2;
                continue;
            }
        }
        out.push(s[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(text: &str) -> String {
        let r = read(text, None).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        super::super::json::write_compact(&r.value)
    }

    fn refused(text: &str) -> (JsonError, &str) {
        let e = read(text, None).expect_err(text);
        (e.error, &text[e.at..])
    }

    #[test]
    fn commas_and_colons_are_optional() {
        assert_eq!(ok(r#"{"a": 1 "b": 2}"#), r#"{"a":1,"b":2}"#);
        assert_eq!(ok("[1 2 \"x\"]"), r#"[1,2,"x"]"#);
        assert_eq!(ok(r#"{"a" "b"}"#), r#"{"a":"b"}"#);
        assert_eq!(ok("[1,2,]"), "[1,2]");
        assert_eq!(ok("{,}"), "{}");
        assert_eq!(ok("{ foo-bar : true, x: null }"), r#"{"foo-bar":true,"x":null}"#);
    }

    #[test]
    fn a_repeated_key_moves_to_the_end() {
        let v = read(r#"{"a": 1, "b": 2, "a": 3}"#, None).map(|r| r.value).ok();
        assert_eq!(v.as_ref().map(super::super::json::keys), Some(vec!["b".to_string(), "a".to_string()]));
    }

    #[test]
    fn strings_are_unescaped_twice_and_keep_unicode_escapes() {
        assert_eq!(read(r#""a\\nb""#, None).map(|r| r.value), Ok(Value::String("a\nb".into())));
        assert_eq!(
            read(r#"["\u00e9"]"#, None).map(|r| r.value),
            Ok(Value::array(vec![Value::String("\\u00e9".into())]))
        );
    }

    #[test]
    fn refusals_say_where_the_reader_stopped() {
        assert_eq!(refused("[1,,2]"), (JsonError::ArrayComma, ",2]"));
        assert_eq!(refused("[1, 2"), (JsonError::ArrayEnd, ""));
        assert_eq!(refused(r#"{"a": 01}"#), (JsonError::NumberExponentFollowLeadingZero, "1}"));
        assert_eq!(refused("[00]"), (JsonError::NumberDuplicateZero, "0]"));
        assert_eq!(refused("[\"a\" [1]]"), (JsonError::ArrayStart, "[1]]"));
        assert_eq!(refused("{[1]: 2}"), (JsonError::ObjectArrayLval, "[1]: 2}"));
        assert_eq!(refused("[x]"), (JsonError::ObjectBadSymbol, "x]"));
        assert_eq!(refused("   "), (JsonError::NoData, ""));
    }

    #[test]
    fn a_primitive_stops_on_its_last_character() {
        let r = read("123 x", None).ok();
        assert_eq!(r.map(|r| r.stop), Some(2));
        assert_eq!(read("null", None).ok().map(|r| r.stop), Some(3));
    }

    #[test]
    fn words_name_variables_with_a_lookup() {
        let mut lookup = |name: &str| (name == "v.x[1]").then(|| Value::Integer(7));
        let r = read("[v.x[1], {\"k\": v.x[1]}]", Some(&mut lookup)).map(|r| r.value);
        assert_eq!(r.map(|v| super::super::json::write_compact(&v)).ok().as_deref(), Some(r#"[7,{"k":7}]"#));
        let mut none = |_: &str| None;
        assert_eq!(read("[y]", Some(&mut none)).map(|_| ()), Err(Refused { error: JsonError::ObjectBadSymbol, at: 1 }));
    }

    #[test]
    fn nesting_is_bounded() {
        let deep = "[".repeat(100_000);
        assert_eq!(read(&deep, None).map(|_| ()).map_err(|e| e.error), Err(JsonError::TooDeep));
    }
}
