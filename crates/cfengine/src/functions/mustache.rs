//! `string_mustache(template[, data])`: CFEngine's Mustache dialect.
//!
//! Standard Mustache (variables HTML-escaped, `{{{x}}}`/`{{&x}}` raw,
//! sections, inverted sections, comments, set delimiters, standalone tag
//! lines removed) plus CFEngine's additions: `{{%x}}` renders `x` as
//! indented JSON, `{{$x}}` as compact JSON, `{{@}}` is the current key or
//! index, `-top-` names the whole data. A section over an object renders
//! once with the object as context, unless its body uses `{{@}}`: then it
//! renders once per entry (CFE-2125). A section over a string or number
//! fails the call, as in cf-agent. Without data, `datastate()` is used.
//! Reals print with two decimals, as every container primitive does.
//!
//! Written here rather than taken from `ramhorns` or `mustache`: both
//! render Rust structures through traits that cannot express the dialect's
//! extensions (JSON rendering, keys, `-top-`, the object rule) and would
//! need forking; the renderer is small.

use crate::eval::message::ErrorKind;
use confer_core::Value;

use super::host::FunctionHost;
use crate::data::json;
use crate::data::value::Rv;
use crate::syntax::ast::FnCall;

use super::{arg_str, collection, Collection, Failed, FnResult};

/// Deepest section nesting a template may have (a hostile template cannot
/// exhaust the stack).
const MAX_DEPTH: usize = 64;

/// One frame of the context stack: the value and its key in the parent.
struct Frame {
    value: Value,
    key: Option<String>,
}

/// Why a template could not be rendered: cf-agent's message, at its level.
pub(crate) enum Unrendered {
    /// Nothing said.
    Silent,
    /// A warning.
    Warning(String),
    /// An error.
    Error(String),
}

impl Unrendered {
    /// Says the message, if any, as cf-agent does.
    pub(crate) fn say(self, ctx: &mut dyn FunctionHost) {
        match self {
            Unrendered::Silent => {}
            Unrendered::Warning(m) => ctx.warning(m),
            Unrendered::Error(m) => ctx.error(ErrorKind::Function, m),
        }
    }
}

pub(super) fn string_mustache(ctx: &mut dyn FunctionHost, f: &FnCall, a: &[Rv]) -> FnResult {
    if a.is_empty() || a.len() > 2 {
        ctx.error(ErrorKind::Function, format!("Function '{}' requires one or two arguments", f.name));
        return Err(Failed);
    }
    let template = arg_str(a, 0).to_string();
    let data = match a.get(1) {
        None => match super::policy::datastate(ctx, f, &[])? {
            Rv::Container(v) => v,
            _ => return Err(Failed),
        },
        Some(arg) => match collection(ctx, arg) {
            Some(Collection::Data(v)) => v,
            Some(Collection::List(l)) => Value::array(l.iter().map(|s| Value::String(s.to_string().into())).collect()),
            None => return Err(Failed),
        },
    };
    match render(&template, data) {
        Ok(out) => Ok(Rv::scalar(out)),
        Err(why) => {
            why.say(ctx);
            Err(Failed)
        }
    }
}

/// `MustacheRender`: the template rendered with `data`, or why not.
pub(crate) fn render(template: &str, data: Value) -> Result<String, Unrendered> {
    let mut r = Renderer { top: data.clone(), stack: vec![Frame { value: data, key: None }], out: String::new() };
    r.render(template, ("{{", "}}"), 0).map(|()| r.out)
}

struct Renderer {
    top: Value,
    stack: Vec<Frame>,
    out: String,
}

/// A tag found in the template.
struct Tag<'t> {
    /// The sigil (`#`, `^`, `/`, `!`, `=`, `{`, `&`, `%`, `$`, or none).
    kind: char,
    name: &'t str,
    /// Byte range of the tag in the template, standalone whitespace and
    /// line end included when the tag stands alone on its line.
    start: usize,
    end: usize,
}

fn is_standalone_kind(k: char) -> bool {
    matches!(k, '#' | '^' | '/' | '!' | '=')
}

/// Finds the next tag at or after `pos`, or cf-agent's error for one that
/// does not close (`NextTag`: a triple mustache closes at its first `}`,
/// which the closing delimiter must follow).
fn next_tag<'t>(t: &'t str, pos: usize, delims: (&str, &str)) -> Result<Option<Tag<'t>>, Unrendered> {
    let (open, close) = delims;
    let Some(found) = t[pos..].find(open) else { return Ok(None) };
    let start = pos + found;
    let inner_start = start + open.len();
    let (kind, body_start) = match t[inner_start..].chars().next() {
        Some(c @ ('#' | '^' | '/' | '!' | '=' | '{' | '&' | '%' | '$' | '>')) => (c, inner_start + 1),
        _ => (' ', inner_start),
    };
    // `%20s`: at least twenty bytes, padded on the left.
    let input = &t[pos..];
    let shown = format!("{}{input}", " ".repeat(20usize.saturating_sub(input.len())));
    let body_end = if kind == '{' {
        let brace = t[body_start..].find('}').map(|i| body_start + i);
        match brace.filter(|&b| t[b + 1..].starts_with(close)) {
            Some(b) => b,
            None => {
                return Err(Unrendered::Error(format!(
                    "Broken mustache template, couldn't find end tag for quoted begin tag at '{shown}'..."
                )))
            }
        }
    } else {
        let closer = if kind == '=' { format!("={close}") } else { close.to_string() };
        match t[body_start..].find(&closer) {
            Some(i) => body_start + i,
            None => {
                return Err(Unrendered::Error(format!(
                "Broken Mustache template, could not find end delimiter after reading start delimiter at '{shown}'..."
            )))
            }
        }
    };
    // `}}}` and `=}}` close with one character before the delimiter.
    let end = body_end + close.len() + usize::from(matches!(kind, '{' | '='));
    let mut tag = Tag { kind, name: t[body_start..body_end].trim(), start, end };
    if is_standalone_kind(kind) {
        let line_start = t[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = t[end..].find('\n').map_or(t.len(), |i| end + i);
        if t[line_start..start].trim_matches([' ', '\t']).is_empty()
            && t[end..line_end].trim_matches([' ', '\t', '\r']).is_empty()
        {
            tag.start = line_start;
            tag.end = if line_end < t.len() { line_end + 1 } else { line_end };
        }
    }
    Ok(Some(tag))
}

fn escape_html(s: &str, out: &mut String) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
}

impl Renderer {
    /// Looks a dotted name up through the context stack, innermost first.
    fn lookup(&self, name: &str) -> Option<Value> {
        if name == "." {
            return self.stack.last().map(|f| f.value.clone());
        }
        if name == "-top-" {
            return Some(self.top.clone());
        }
        let mut parts = name.split('.');
        let first = parts.next()?;
        let rest: Vec<String> = parts.map(str::to_string).collect();
        for frame in self.stack.iter().rev() {
            if let Some(v) = json::select(&frame.value, &[first.to_string()]) {
                return json::select(v, &rest).cloned();
            }
        }
        None
    }

    fn render(&mut self, t: &str, delims: (&str, &str), depth: usize) -> Result<(), Unrendered> {
        if depth > MAX_DEPTH {
            return Err(Unrendered::Warning(format!("Mustache sections nested deeper than {MAX_DEPTH} levels")));
        }
        let (mut open, mut close) = (delims.0.to_string(), delims.1.to_string());
        let mut pos = 0;
        while let Some(tag) = next_tag(t, pos, (&open, &close))? {
            self.out.push_str(&t[pos..tag.start]);
            pos = tag.end;
            match tag.kind {
                '!' => {}
                '=' => {
                    let mut d = tag.name.split_whitespace();
                    match (d.next(), d.next()) {
                        (Some(o), Some(c)) => (open, close) = (o.to_string(), c.to_string()),
                        _ => return Err(Unrendered::Silent),
                    }
                }
                '#' | '^' => {
                    let (body_end, after) = self.section_end(t, pos, tag.name, (&open, &close))?;
                    let body = &t[pos..body_end];
                    self.section(tag.name, tag.kind == '^', body, (&open, &close), depth)?;
                    pos = after;
                }
                '/' => return Err(Unrendered::Warning(format!("Mustache: unexpected closing tag '{}'", tag.name))),
                '>' => {}
                ' ' if tag.name == "@" => {
                    let key = self.stack.last().and_then(|f| f.key.clone()).unwrap_or_default();
                    self.out.push_str(&key);
                }
                kind => self.variable(tag.name, kind),
            }
        }
        self.out.push_str(&t[pos..]);
        Ok(())
    }

    /// The end of the section body opened before `pos` and the position
    /// after its closing tag.
    fn section_end(&self, t: &str, pos: usize, name: &str, delims: (&str, &str)) -> Result<(usize, usize), Unrendered> {
        let mut depth = 0;
        let mut p = pos;
        while let Some(tag) = next_tag(t, p, delims)? {
            p = tag.end;
            match tag.kind {
                '#' | '^' if tag.name == name => depth += 1,
                '/' if tag.name == name => {
                    if depth == 0 {
                        return Ok((tag.start, tag.end));
                    }
                    depth -= 1;
                }
                _ => {}
            }
        }
        Err(Unrendered::Warning(format!("Mustache: section '{name}' is never closed")))
    }

    fn section(
        &mut self,
        name: &str,
        inverted: bool,
        body: &str,
        delims: (&str, &str),
        depth: usize,
    ) -> Result<(), Unrendered> {
        let value = self.lookup(name);
        let truthy = match &value {
            None | Some(Value::Undef) => false,
            Some(Value::Boolean(b)) => *b,
            Some(Value::Array(a)) => !a.is_empty(),
            Some(Value::Hash(h)) => !h.is_empty(),
            Some(_) if inverted => true,
            Some(_) => {
                return Err(Unrendered::Warning(format!(
                    "Mustache sections can only take a boolean or a container (array or map) value, but section '{name}' isn't getting one of those."
                )))
            }
        };
        if inverted {
            if !truthy {
                self.render(body, delims, depth + 1)?;
            }
            return Ok(());
        }
        if !truthy {
            return Ok(());
        }
        let uses_key = body.contains(&format!("{}@{}", delims.0, delims.1));
        // When iterating an object's entries, the object stays in context
        // under each entry's value (cf-agent finds `{{v}}` in it).
        let mut frames = 0;
        if let (true, Some(v @ Value::Hash(_))) = (uses_key, &value) {
            self.stack.push(Frame { value: v.clone(), key: None });
            frames = 1;
        }
        let entries: Vec<(String, Value)> = match value {
            Some(Value::Array(a)) => a.iter().enumerate().map(|(i, v)| (i.to_string(), v.clone())).collect(),
            Some(v @ Value::Hash(_)) if uses_key => json::keys(&v)
                .into_iter()
                .filter_map(|k| json::select(&v, std::slice::from_ref(&k)).cloned().map(|x| (k, x)))
                .collect(),
            Some(v @ Value::Hash(_)) => vec![(name.to_string(), v)],
            _ => {
                // `true`: the body renders once in the current context.
                return self.render(body, delims, depth + 1);
            }
        };
        let mut result = Ok(());
        for (k, v) in entries {
            self.stack.push(Frame { value: v, key: Some(k) });
            result = self.render(body, delims, depth + 1);
            self.stack.pop();
            if result.is_err() {
                break;
            }
        }
        self.stack.truncate(self.stack.len() - frames);
        result
    }

    fn variable(&mut self, name: &str, kind: char) {
        if name.is_empty() {
            // `{{}}` is not a tag: cf-agent prints it as written.
            self.out.push_str("{{}}");
            return;
        }
        let Some(v) = self.lookup(name) else {
            return;
        };
        match kind {
            '%' => self.out.push_str(&json::write_pretty(&v)),
            '$' => match &v {
                Value::Array(_) | Value::Hash(_) => self.out.push_str(&json::write_compact(&v)),
                p => self.out.push_str(&json::primitive_to_string(p).unwrap_or_default()),
            },
            _ => {
                let text = match &v {
                    Value::Array(_) | Value::Hash(_) => json::write_compact(&v),
                    p => json::primitive_to_string(p).unwrap_or_default(),
                };
                if matches!(kind, '{' | '&') {
                    self.out.push_str(&text);
                } else {
                    escape_html(&text, &mut self.out);
                }
            }
        }
    }
}
