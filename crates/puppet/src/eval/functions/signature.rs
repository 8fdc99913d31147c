//! A built-in's signature as it is declared: Puppet's own parameter-list text,
//! `"Array arg, String delimiter?"`, read once into parameter types, counts and
//! a block requirement. The text is the one Puppet's dispatchers declare, so
//! that errors quote the same types.
//!
//! Syntax: `Type name` is a required parameter, `Type name?` an optional one,
//! `Type name*` repeats (zero or more) and `Type name+` repeats at least once;
//! `&Callable[1,1] block` is a required block, `&Callable[1,1] block?` an
//! optional one.

use std::collections::HashMap as StdHashMap;
use std::rc::Rc;

use confer_core::types::{self, parameterize, Type};
use confer_core::Value;

use super::Builtin;
use crate::ast::{ExprKind, UnaryOp};
use crate::eval::flow::{fail, EvalResult};
use crate::eval::identity::Identity;
use crate::eval::Evaluator;
use crate::span::{Source, Span};

/// How many times a parameter may be given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Repeat {
    /// Exactly once.
    Once,
    /// Once or not at all.
    Optional,
    /// Any number of times (it is the last parameter).
    Many,
    /// At least once (it is the last parameter).
    AtLeastOnce,
}

/// One declared parameter.
#[derive(Clone, Debug)]
pub(crate) struct Param {
    /// Its name, as errors quote it.
    pub name: String,
    /// Its type.
    pub ty: Type,
    /// How many times it may be given.
    pub repeat: Repeat,
}

/// The block a signature takes.
#[derive(Clone, Debug)]
pub(crate) struct Block {
    /// Its type as Puppet prints it (`Callable[1, 1]`); empty for a type
    /// that is not a Callable, which Puppet's signatures leave out.
    pub text: String,
    /// Its name (`block`).
    pub name: String,
    /// How many arguments the block must accept: at least `min`, at most
    /// `max` (`None` when unbounded or not said).
    pub min: usize,
    /// See `min`.
    pub max: Option<usize>,
    /// Whether the block may be left out.
    pub optional: bool,
}

/// A parsed signature.
#[derive(Clone, Debug)]
pub(crate) struct Signature {
    /// The parameters, in order.
    pub params: Vec<Param>,
    /// The block, when the signature takes one.
    pub block: Option<Block>,
}

impl Signature {
    /// The fewest arguments the signature accepts.
    pub fn min(&self) -> usize {
        self.params.iter().filter(|p| matches!(p.repeat, Repeat::Once | Repeat::AtLeastOnce)).count()
    }

    /// The most arguments it accepts; `None` when a parameter repeats.
    pub fn max(&self) -> Option<usize> {
        if self.params.iter().any(|p| matches!(p.repeat, Repeat::Many | Repeat::AtLeastOnce)) {
            None
        } else {
            Some(self.params.len())
        }
    }

    /// The parameter that receives argument `index`.
    pub fn param_for(&self, index: usize) -> Option<&Param> {
        self.params.get(index).or_else(|| self.params.last().filter(|_| self.max().is_none()))
    }

    /// The signature as Puppet prints it in "expects one of": types with
    /// names, `?` on optional ones (their `Optional[…]` unwrapped), `*`/`+`
    /// on a repeated last one, then the block.
    pub fn describe(&self) -> String {
        let mut parts: Vec<String> = self
            .params
            .iter()
            .map(|p| match p.repeat {
                Repeat::Once => format!("{} {}", p.ty, p.name),
                Repeat::Optional => {
                    let shown = match &p.ty {
                        Type::Optional(Some(inner)) => inner.to_string(),
                        other => other.to_string(),
                    };
                    format!("{shown} {}?", p.name)
                }
                Repeat::Many => format!("{} {}*", p.ty, p.name),
                Repeat::AtLeastOnce => format!("{} {}+", p.ty, p.name),
            })
            .collect();
        if let Some(b) = self.block.as_ref().filter(|b| !b.text.is_empty()) {
            parts.push(format!("{} {}{}", b.text, b.name, if b.optional { "?" } else { "" }));
        }
        parts.join(", ")
    }
}

/// The signatures read so far, owned by the evaluator: ones whose types are
/// all Puppet's own are read once per evaluation; ones naming a module's
/// type alias are read per call, since the alias belongs to the environment.
#[derive(Default)]
pub(crate) struct Signatures {
    /// By declared text.
    by_text: StdHashMap<&'static str, Rc<Signature>>,
    /// [`Regular`] by built-in: a call looks its built-in's signatures up
    /// here once, instead of splitting the table and hashing each text on
    /// every call (a `map` body calling `length` did that per element).
    regular: foldhash::HashMap<Table, Rc<Regular>>,
}

/// A static table of signatures, by identity: a built-in's, or a type's
/// constructor's.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Table {
    /// A built-in function's signatures.
    Builtin(Identity<'static, Builtin>),
    /// Signature texts (a type's `new`).
    Texts(Identity<'static, [&'static str]>),
}

impl Table {
    /// The declared texts, in order.
    fn texts(self) -> Box<dyn Iterator<Item = &'static str>> {
        match self {
            Table::Builtin(b) => Box::new(b.0.signatures()),
            Table::Texts(t) => Box::new(t.0.iter().copied()),
        }
    }
}

/// The signature declared by `text`, its types resolved in `ev`'s environment.
pub(crate) fn signature(ev: &mut Evaluator<'_>, text: &'static str, span: Span) -> EvalResult<Rc<Signature>> {
    signature_and_kept(ev, text, span).map(|(sig, _)| sig)
}

/// [`signature`], and whether it is kept for the evaluation (it names no
/// module's type alias).
fn signature_and_kept(ev: &mut Evaluator<'_>, text: &'static str, span: Span) -> EvalResult<(Rc<Signature>, bool)> {
    if let Some(sig) = ev.signatures.by_text.get(text) {
        return Ok((sig.clone(), true));
    }
    let mut uses_alias = false;
    let sig = Rc::new(parse(ev, text, span, &mut uses_alias)?);
    if !uses_alias {
        ev.signatures.by_text.insert(text, sig.clone());
    }
    Ok((sig, !uses_alias))
}

/// A built-in's signatures that calls are dispatched to (all but the
/// argument-mismatch handlers, written with a leading `!`), in order.
pub(crate) struct Regular {
    /// Each one's position among the declared texts.
    pub indices: Vec<usize>,
    /// The parsed signatures, in the same order.
    pub sigs: Vec<Rc<Signature>>,
}

/// The signatures of `table` that calls are dispatched to, each as
/// [`signature`] gives it; kept for the evaluation when every one of them is.
pub(crate) fn regular(ev: &mut Evaluator<'_>, table: Table, span: Span) -> EvalResult<Rc<Regular>> {
    if let Some(found) = ev.signatures.regular.get(&table) {
        return Ok(found.clone());
    }
    let mut regular = Regular { indices: Vec::new(), sigs: Vec::new() };
    let mut all_kept = true;
    for (index, text) in table.texts().enumerate().filter(|(_, t)| !t.starts_with('!')) {
        let (sig, kept) = signature_and_kept(ev, text, span)?;
        all_kept &= kept;
        regular.indices.push(index);
        regular.sigs.push(sig);
    }
    let regular = Rc::new(regular);
    if all_kept {
        ev.signatures.regular.insert(table, regular.clone());
    }
    Ok(regular)
}

/// Splits at commas outside brackets, quotes and regexps.
fn split_top(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start, mut quote, mut regex) = (0i32, 0usize, None::<char>, false);
    let mut prev = ' ';
    for (i, c) in text.char_indices() {
        match c {
            _ if Some(c) == quote => quote = None,
            _ if quote.is_some() => {}
            _ if regex => regex = !(c == '/' && prev != '\\'),
            '\'' | '"' => quote = Some(c),
            '/' => regex = true,
            '[' | '{' | '(' => depth += 1,
            ']' | '}' | ')' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(text[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
        prev = c;
    }
    let last = text[start..].trim();
    if !last.is_empty() {
        parts.push(last);
    }
    parts
}

fn parse(ev: &mut Evaluator<'_>, text: &str, span: Span, uses_alias: &mut bool) -> EvalResult<Signature> {
    let mut params = Vec::new();
    let mut block = None;
    for part in split_top(text) {
        let Some((ty_text, name)) = part.rsplit_once(' ') else {
            return Err(fail(span, format!("internal error: bad signature part '{part}'")));
        };
        let (name, repeat) = match name.chars().last() {
            Some('?') => (&name[..name.len() - 1], Repeat::Optional),
            Some('*') => (&name[..name.len() - 1], Repeat::Many),
            Some('+') => (&name[..name.len() - 1], Repeat::AtLeastOnce),
            _ => (name, Repeat::Once),
        };
        if let Some(callable) = ty_text.strip_prefix('&') {
            let (min, max) = block_counts(callable);
            // Printed as Puppet's type formatter writes it (`Callable[3, 3]`).
            let shown = type_from_text(ev, callable, span, uses_alias, &[])
                .map_or_else(|_| callable.to_string(), |t| t.to_string());
            block = Some(Block { text: shown, name: name.to_string(), min, max, optional: repeat == Repeat::Optional });
        } else {
            let ty = type_from_text(ev, ty_text, span, uses_alias, &[])?;
            params.push(Param { name: name.to_string(), ty, repeat });
        }
    }
    Ok(Signature { params, block })
}

/// The argument counts a `Callable[…]` block type asks for: `Callable[a, b]`
/// is a range, `Callable[T1, T2]` takes as many as it names types.
pub(crate) fn block_counts(text: &str) -> (usize, Option<usize>) {
    let Some(inner) = text.strip_prefix("Callable[").and_then(|t| t.strip_suffix(']')) else {
        return (0, None);
    };
    let parts = split_top(inner);
    let numbers: Vec<Option<usize>> =
        parts.iter().map(|p| if *p == "default" { None } else { p.parse().ok() }).collect();
    match (parts.as_slice(), numbers.as_slice()) {
        (_, [Some(a), Some(b)]) => (*a, Some(*b)),
        (_, [Some(a), None]) if parts[1] == "default" => (*a, None),
        (types, _) => (types.len(), Some(types.len())),
    }
}

/// A type written in Puppet syntax, its names resolved in `ev`'s
/// environment (`validate_legacy('Optional[String]', …)`).
pub(crate) fn parse_type(ev: &mut Evaluator<'_>, text: &str, span: Span) -> EvalResult<Type> {
    type_from_text(ev, text, span, &mut false, &[])
}

/// [`parse_type`] with a function's local type aliases (its `local_types`
/// block), which names in `text` reach before the environment's.
pub(crate) fn parse_type_with(
    ev: &mut Evaluator<'_>,
    text: &str,
    span: Span,
    locals: &[(String, Type)],
) -> EvalResult<Type> {
    type_from_text(ev, text, span, &mut false, locals)
}

/// Reads a type written in Puppet syntax: type names (built-in, or a
/// module's alias), parameters that are literals, types, arrays or hashes.
fn type_from_text(
    ev: &mut Evaluator<'_>,
    text: &str,
    span: Span,
    uses_alias: &mut bool,
    locals: &[(String, Type)],
) -> EvalResult<Type> {
    let source = Source::new("<signature>", text);
    let program =
        crate::parser::parse(&source).map_err(|e| fail(span, format!("internal error: bad signature type: {e}")))?;
    let [expr] = program.body.as_slice() else {
        return Err(fail(span, format!("internal error: bad signature type '{text}'")));
    };
    match literal(ev, &expr.kind, span, uses_alias, locals)? {
        Value::Type(t) => Ok(Type::clone(&t)),
        _ => Err(fail(span, format!("internal error: '{text}' is not a type"))),
    }
}

fn literal(
    ev: &mut Evaluator<'_>,
    kind: &ExprKind,
    span: Span,
    uses_alias: &mut bool,
    locals: &[(String, Type)],
) -> EvalResult {
    Ok(match kind {
        ExprKind::Undef => Value::Undef,
        ExprKind::Default => Value::Default,
        ExprKind::Boolean(b) => Value::Boolean(*b),
        ExprKind::Integer(i) => Value::Integer(*i),
        ExprKind::Float(f) => Value::Float(*f),
        ExprKind::String(s) | ExprKind::BareWord(s) => Value::from(s.as_str()),
        ExprKind::Regex(r) => {
            Value::Regexp(std::sync::Arc::new(confer_core::Regexp::new(r).map_err(|e| fail(span, e.to_string()))?))
        }
        ExprKind::Unary { op: UnaryOp::Neg, operand } => match literal(ev, &operand.kind, span, uses_alias, locals)? {
            Value::Integer(i) => Value::Integer(-i),
            Value::Float(f) => Value::Float(-f),
            other => other,
        },
        ExprKind::TypeRef(name) if locals.iter().any(|(n, _)| n == name) => {
            Value::from_type(locals.iter().find(|(n, _)| n == name).map(|(_, t)| t.clone()).unwrap_or(Type::Any))
        }
        ExprKind::TypeRef(name) => match types::by_name(name) {
            Some(t) => Value::from_type(t),
            None => {
                *uses_alias = true;
                Value::from_type(ev.type_named(name, span)?)
            }
        },
        ExprKind::Array(items) => Value::array(
            items.iter().map(|i| literal(ev, &i.kind, span, uses_alias, locals)).collect::<EvalResult<Vec<_>>>()?,
        ),
        ExprKind::Hash(pairs) => {
            let mut map = confer_core::HashMap::new();
            for (k, v) in pairs {
                map.insert(
                    literal(ev, &k.kind, span, uses_alias, locals)?,
                    literal(ev, &v.kind, span, uses_alias, locals)?,
                );
            }
            Value::hash(map)
        }
        ExprKind::Access { target, keys } => {
            let base = match literal(ev, &target.kind, span, uses_alias, locals)? {
                Value::Type(t) => (*t).clone(),
                _ => return Err(fail(span, "internal error: a signature parameterizes a non-type")),
            };
            let keys =
                keys.iter().map(|k| literal(ev, &k.kind, span, uses_alias, locals)).collect::<EvalResult<Vec<_>>>()?;
            Value::from_type(parameterize(&base, &keys).map_err(|e| fail(span, e.to_string()))?)
        }
        other => return Err(fail(span, format!("internal error: unexpected {other:?} in a signature"))),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_outside_brackets_and_regexps() {
        assert_eq!(split_top("Hash[A, B] h, Pattern[/a,]/] p?"), vec!["Hash[A, B] h", "Pattern[/a,]/] p?"]);
    }

    #[test]
    fn block_counts_read_ranges_and_types() {
        assert_eq!(block_counts("Callable[1,1]"), (1, Some(1)));
        assert_eq!(block_counts("Callable[Type, Type]"), (2, Some(2)));
        assert_eq!(block_counts("Callable"), (0, None));
        assert_eq!(block_counts("Callable[1, default]"), (1, None));
    }
}
