//! Checks the type system against answers recorded from real Puppet 7.23.
//!
//! Each `tests/types/<area>.golden` line is `EXPR ==> RESULT` or `EXPR !!! ERROR`,
//! written by `tests/types/record.rb` from `<area>.pp`
//! (`scripts/regen-type-goldens.sh`; `CONFER_REGEN=1` runs it first where
//! Puppet is installed). Each line is a test named `AREA:LINE`. The expressions use a
//! small part of the Puppet language — type references and their parameters,
//! literals, comparisons, `=~`, `type()`, `Sensitive()`, `.reverse_each`,
//! `.step(n)`, and the recorder's `common()`, `normalize()` and
//! `generalize()` — which this file parses itself, since confer-core knows no
//! syntax.

use std::fs;
use std::path::Path;
use std::sync::Arc;

use confer_core::types::{self, infer, Type};
use confer_core::value::iterable::{IterOp, Iteration};
use confer_core::value::{compare, puppet_equals, puppet_quote, Comparison};
use confer_core::{ruby_compat::float_to_s, HashMap, Regexp, Value};

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Name(String),
    Int(i64),
    Float(f64),
    Str(String),
    Regex(String),
    Punct(&'static str),
}

const PUNCTS: [&str; 19] =
    ["=>", "==", "!=", "<=", ">=", "=~", "!~", "<", ">", "[", "]", "{", "}", "(", ")", ",", ".", "-", "="];

fn lex(src: &str) -> Result<Vec<Tok>, String> {
    let chars: Vec<char> = src.chars().collect();
    let mut toks = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_alphabetic() || c == '_' || (c == ':' && chars.get(i + 1) == Some(&':')) {
            let start = i;
            while i < chars.len()
                && (chars[i].is_ascii_alphanumeric()
                    || chars[i] == '_'
                    || (chars[i] == ':' && chars.get(i + 1) == Some(&':')))
            {
                i += if chars[i] == ':' { 2 } else { 1 };
            }
            toks.push(Tok::Name(chars[start..i].iter().collect()));
        } else if c.is_ascii_digit() {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '.') {
                if chars[i] == '.' && !chars.get(i + 1).is_some_and(|c| c.is_ascii_digit()) {
                    break;
                }
                i += 1;
            }
            if i < chars.len() && (chars[i] == 'e' || chars[i] == 'E') {
                i += 1;
                if i < chars.len() && (chars[i] == '-' || chars[i] == '+') {
                    i += 1;
                }
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
            }
            let text: String = chars[start..i].iter().collect();
            toks.push(if text.contains(['.', 'e', 'E']) {
                Tok::Float(text.parse().map_err(|e| format!("{e}"))?)
            } else {
                Tok::Int(text.parse().map_err(|e| format!("{e}"))?)
            });
        } else if c == '\'' || c == '"' {
            let mut s = String::new();
            i += 1;
            while i < chars.len() && chars[i] != c {
                if chars[i] == '\\' && i + 1 < chars.len() {
                    let n = chars[i + 1];
                    match (c, n) {
                        ('\'', '\'') | ('\'', '\\') => s.push(n),
                        ('"', 'n') => s.push('\n'),
                        ('"', 't') => s.push('\t'),
                        ('"', '"') | ('"', '\\') | ('"', '$') => s.push(n),
                        _ => {
                            s.push('\\');
                            s.push(n);
                        }
                    }
                    i += 2;
                } else {
                    s.push(chars[i]);
                    i += 1;
                }
            }
            i += 1;
            toks.push(Tok::Str(s));
        } else if c == '/' {
            let mut s = String::new();
            i += 1;
            while i < chars.len() && chars[i] != '/' {
                if chars[i] == '\\' && chars.get(i + 1) == Some(&'/') {
                    s.push('\\');
                    s.push('/');
                    i += 2;
                } else {
                    s.push(chars[i]);
                    i += 1;
                }
            }
            i += 1;
            toks.push(Tok::Regex(s));
        } else {
            let rest: String = chars[i..chars.len().min(i + 2)].iter().collect();
            let p = PUNCTS.iter().find(|p| rest.starts_with(**p)).ok_or_else(|| format!("unexpected {c}"))?;
            toks.push(Tok::Punct(p));
            i += p.len();
        }
    }
    Ok(toks)
}

struct Parser {
    toks: Vec<Tok>,
    pos: usize,
}

type Res = Result<Value, String>;

fn core(e: confer_core::CoreError) -> String {
    e.to_string()
}

fn as_type(v: &Value) -> Result<Type, String> {
    match v {
        Value::Type(t) => Ok(Type::clone(t)),
        other => Err(format!("not a type: {other:?}")),
    }
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }

    fn eat(&mut self, p: &str) -> bool {
        if self.peek() == Some(&Tok::Punct(PUNCTS.iter().find(|x| **x == p).copied().unwrap_or(""))) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, p: &str) -> Result<(), String> {
        if self.eat(p) {
            Ok(())
        } else {
            Err(format!("expected {p} at {:?}", self.peek()))
        }
    }

    fn list(&mut self, close: &str) -> Result<Vec<Value>, String> {
        let mut out = Vec::new();
        while !self.eat(close) {
            out.push(self.expr()?);
            if !self.eat(",") {
                self.expect(close)?;
                break;
            }
        }
        Ok(out)
    }

    fn expr(&mut self) -> Res {
        let left = self.postfix()?;
        for op in ["==", "!=", "<=", ">=", "<", ">", "=~", "!~"] {
            if self.eat(op) {
                let right = self.postfix()?;
                return binary(op, &left, &right);
            }
        }
        Ok(left)
    }

    fn postfix(&mut self) -> Res {
        let mut v = self.primary()?;
        loop {
            if self.eat("[") {
                let args = self.list("]")?;
                let t = as_type(&v)?;
                v = Value::from_type(types::parameterize(&t, &args).map_err(core)?);
            } else if self.eat(".") {
                let Some(Tok::Name(m)) = self.peek().cloned() else {
                    return Err("method name expected".into());
                };
                self.pos += 1;
                let args = if self.eat("(") { self.list(")")? } else { Vec::new() };
                v = match (m.as_str(), args.as_slice()) {
                    ("reverse_each", []) => Iteration::chain(v, IterOp::Reverse),
                    ("step", [Value::Integer(n)]) => Iteration::chain(v, IterOp::Step(*n as usize)),
                    _ => return Err(format!("unknown method {m}")),
                };
            } else {
                return Ok(v);
            }
        }
    }

    fn primary(&mut self) -> Res {
        let tok = self.peek().cloned().ok_or("unexpected end")?;
        self.pos += 1;
        match tok {
            Tok::Int(i) => Ok(Value::Integer(i)),
            Tok::Float(f) => Ok(Value::Float(f)),
            Tok::Str(s) => Ok(Value::from(s)),
            Tok::Regex(r) => Ok(Value::Regexp(Arc::new(Regexp::new(&r).map_err(core)?))),
            Tok::Punct("-") => match self.primary()? {
                Value::Integer(i) => Ok(Value::Integer(-i)),
                Value::Float(f) => Ok(Value::Float(-f)),
                other => Err(format!("cannot negate {other:?}")),
            },
            Tok::Punct("[") => Ok(Value::array(self.list("]")?)),
            Tok::Punct("(") => {
                let v = self.expr()?;
                self.expect(")")?;
                Ok(v)
            }
            Tok::Punct("{") => {
                let mut map = HashMap::new();
                while !self.eat("}") {
                    let k = self.expr()?;
                    self.expect("=>")?;
                    let v = self.expr()?;
                    map.insert(k, v);
                    if !self.eat(",") {
                        self.expect("}")?;
                        break;
                    }
                }
                Ok(Value::hash(map))
            }
            Tok::Name(n) if n.starts_with(|c: char| c.is_ascii_uppercase()) && !self.eat("(") => Ok(Value::from_type(
                types::by_name(&n)
                    .unwrap_or_else(|| Type::Resource { type_name: Some(n.as_str().into()), title: None }),
            )),
            Tok::Name(n) => match n.as_str() {
                "true" => Ok(Value::Boolean(true)),
                "false" => Ok(Value::Boolean(false)),
                "undef" => Ok(Value::Undef),
                "default" => Ok(Value::Default),
                _ if self.eat("(") || n == "Sensitive" => {
                    let args = self.list(")")?;
                    call(&n, &args)
                }
                _ => Ok(Value::from(n)),
            },
            other => Err(format!("unexpected {other:?}")),
        }
    }
}

fn call(name: &str, args: &[Value]) -> Res {
    let t = |i: usize| as_type(&args[i]);
    Ok(match (name, args.len()) {
        ("type", 1) => Value::from_type(infer::infer(&args[0])),
        ("type", 2) => Value::from_type(match args[1].as_str() {
            Some("detailed") => infer::infer(&args[0]),
            Some("reduced") => infer::infer_reduced(&args[0]),
            Some("generalized") => infer::infer_generalized(&args[0]),
            _ => return Err("bad type() mode".into()),
        }),
        ("Sensitive", 1) => Value::Sensitive(Arc::new(args[0].clone())),
        ("common", 2) => Value::from_type(types::common_type(&t(0)?, &t(1)?)),
        ("normalize", 1) => Value::from_type(types::normalize(&t(0)?)),
        ("generalize", 1) => Value::from_type(infer::generalize(&t(0)?)),
        _ => return Err(format!("unknown function {name}")),
    })
}

fn binary(op: &str, l: &Value, r: &Value) -> Res {
    if let (Value::Type(a), Value::Type(b)) = (l, r) {
        let eq = types::equals(a, b).unwrap();
        let result = match op {
            "==" => eq,
            "!=" => !eq,
            "<" => types::assignable(b, a).unwrap() && !eq,
            "<=" => types::assignable(b, a).unwrap(),
            ">" => types::assignable(a, b).unwrap() && !eq,
            ">=" => types::assignable(a, b).unwrap(),
            "=~" => types::instance_of(b, l).unwrap(),
            _ => return Err(format!("unsupported {op}")),
        };
        return Ok(Value::Boolean(result));
    }
    Ok(Value::Boolean(match op {
        "==" => puppet_equals(l, r),
        "!=" => !puppet_equals(l, r),
        "=~" | "!~" => {
            let t = as_type(r)?;
            types::instance_of(&t, l).unwrap() == (op == "=~")
        }
        _ => {
            let c = match op {
                "<" => Comparison::Lt,
                "<=" => Comparison::Le,
                ">" => Comparison::Gt,
                _ => Comparison::Ge,
            };
            compare(c, l, r).map_err(core)?
        }
    }))
}

/// A value in Puppet's `%p` form.
fn repr(v: &Value) -> String {
    match v {
        Value::Undef => "undef".into(),
        Value::Default => "default".into(),
        Value::Boolean(b) => b.to_string(),
        Value::Integer(i) => i.to_string(),
        Value::Float(f) => float_to_s(*f),
        Value::String(s) => puppet_quote(s),
        Value::Array(items) => format!("[{}]", items.iter().map(repr).collect::<Vec<_>>().join(", ")),
        Value::Hash(h) => format!(
            "{{{}}}",
            h.iter().map(|(k, v)| format!("{} => {}", repr(k), repr(v))).collect::<Vec<_>>().join(", ")
        ),
        other => other.to_string(),
    }
}

fn evaluate(src: &str) -> Result<String, String> {
    let toks = lex(src)?;
    let mut p = Parser { toks, pos: 0 };
    let v = p.expr()?;
    if p.pos != p.toks.len() {
        return Err(format!("trailing input at {:?}", p.peek()));
    }
    Ok(repr(&v))
}

/// One golden line: the expression and Puppet's answer (its value, or its error).
fn expectation(line: &str) -> (&str, Result<String, String>) {
    // The separator that comes first ends the expression.
    let ok = line.find(" ==> ");
    let err = line.find(" !!! ");
    match (ok, err) {
        (Some(o), e) if e.is_none_or(|e| o < e) => (&line[..o], Ok(line[o + 5..].to_string())),
        (_, Some(e)) => (&line[..e], Err(line[e + 5..].to_string())),
        _ => panic!("malformed golden line: {line}"),
    }
}

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/types");
    let mut lines = std::collections::BTreeMap::new();
    for file in confer_golden::files_under(&dir, &|p: &Path| p.extension().is_some_and(|x| x == "golden")) {
        let area = file.file_stem().unwrap_or_default().to_string_lossy().into_owned();
        let text = fs::read_to_string(&file).expect("golden file is readable");
        for (n, line) in text.lines().enumerate() {
            if !line.trim().is_empty() && !line.starts_with('#') {
                lines.insert(format!("{area}:{:04}", n + 1), line.to_string());
            }
        }
    }
    let cases = lines.keys().cloned().collect();
    let suite = confer_golden::Suite {
        name: "type goldens",
        known_differences: "crates/core/tests/types/KNOWN_DIFFERENCES",
        regen: confer_golden::Regen { script: "scripts/regen-type-goldens.sh", needs: "puppet" },
        stack_size: None,
    };
    confer_golden::run(suite, cases, move |case| {
        let (expr, expected) = expectation(&lines[case]);
        let actual = evaluate(expr);
        if actual == expected {
            Ok(())
        } else {
            Err(format!("{expr}\n    puppet: {expected:?}\n    confer: {actual:?}"))
        }
    })
}
