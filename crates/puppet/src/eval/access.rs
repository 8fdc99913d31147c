//! The access operator `[]`: indexing and slicing strings and arrays, hash
//! lookup, type parameters (`Integer[1,2]`) and resource references
//! (`File['a', 'b']`).

use std::rc::Rc;

use confer_core::types::{self, parameterize, Type};
use confer_core::{CoreError, Value};

use super::flow::{fail, EvalResult};
use super::scope::Scope;
use super::Evaluator;
use crate::ast::{Expr, ExprKind, UnaryOp};
use crate::span::Span;

/// Resolves a `[start, count]` slice of a sequence of `len` items into an index
/// range. A negative start counts from the end, a negative count means "up to
/// that index from the end"; whatever falls outside the sequence is cut off.
fn slice_range(len: usize, start: i64, count: i64) -> (usize, usize) {
    let len = len as i64;
    let start = if start < 0 { start.saturating_add(len) } else { start };
    let end = if count < 0 { len.saturating_add(count).saturating_add(1) } else { start.saturating_add(count) };
    let from = start.clamp(0, len);
    let to = end.clamp(from, len);
    (from as usize, to as usize)
}

/// A single index, counting from the end when negative.
fn index(len: usize, i: i64) -> Option<usize> {
    let i = if i < 0 { i + len as i64 } else { i };
    (0..len as i64).contains(&i).then_some(i as usize)
}

/// The general type Puppet names a key of the wrong type by (its
/// `bad_key_type_name`).
fn key_type_name(v: &Value) -> String {
    types::infer::infer_generalized(v).to_string()
}

/// A character index: an integer, or a string that reads as one.
fn string_index(v: &Value, at: Span) -> EvalResult<i64> {
    let n = match v {
        Value::String(s) => super::arithmetic::string_number(s).unwrap_or_else(|| v.clone()),
        other => other.clone(),
    };
    match n {
        Value::Integer(i) => Ok(i),
        other => {
            let name = key_type_name(&other);
            Err(fail(
                at,
                format!(
                    "A substring operation does not accept {} as a character index. Expected an Integer",
                    confer_core::mismatch::with_article(&name)
                ),
            ))
        }
    }
}

impl<'a> Evaluator<'a> {
    /// An array index: Puppet's `coerce_numeric` (a numeric string converts,
    /// with its warning), then an integer; errors at the key `key`.
    fn array_index(&mut self, v: &Value, key: Option<&Expr>, span: Span) -> EvalResult<i64> {
        if let Value::Integer(i) = v {
            return Ok(*i);
        }
        let at = key.map_or(span, |k| k.span);
        let mut warnings = Vec::new();
        let n = super::arithmetic::coerce_numeric(v, &mut |w| warnings.push(w)).map_err(|m| fail(at, m))?;
        for w in warnings {
            self.strict_issue(at, w)?;
        }
        match n {
            Value::Integer(i) => Ok(i),
            other => {
                Err(fail(at, format!("An Array[] cannot use {} where Integer is expected", key_type_name(&other))))
            }
        }
    }

    pub(super) fn eval_access(
        &mut self,
        target: &'a Expr,
        keys: &'a [Expr],
        span: Span,
        scope: &Rc<Scope>,
    ) -> EvalResult {
        let node = super::identity::Identity(target);
        let constant = match self.constant_types.get(&node) {
            Some(Some(known)) => return Ok(known.clone()),
            Some(None) => false,
            None => {
                let constant = is_constant_type(target, keys);
                if !constant {
                    self.constant_types.insert(node, None);
                }
                constant
            }
        };
        let value = self.eval(target, scope)?;
        let key_exprs = keys;
        let (one, many);
        let keys: &[Value] = match keys {
            // One key (`$h[$k]`) needs no vector.
            [key] if !matches!(key.kind, ExprKind::Unary { op: UnaryOp::Splat, .. }) => {
                one = [self.eval(key, scope)?];
                &one
            }
            _ => {
                many = self.eval_list(keys, scope)?;
                &many
            }
        };
        if constant {
            if let Value::Type(t) = &value {
                let made = self.access_type(t, keys, key_exprs, span)?;
                self.constant_types.insert(node, Some(made.clone()));
                return Ok(made);
            }
        }
        match &value {
            Value::Type(t) => self.access_type(t, keys, key_exprs, span),
            Value::String(s) => {
                let chars: Vec<char> = s.chars().collect();
                let at = |i: usize| key_exprs.get(i).map_or(span, |k| k.span);
                match keys {
                    [i] => Ok(index(chars.len(), string_index(i, at(0))?)
                        .map_or(Value::from(""), |i| Value::from(chars[i].to_string()))),
                    [start, count] => {
                        let (a, b) = slice_range(chars.len(), string_index(start, at(0))?, string_index(count, at(1))?);
                        Ok(Value::from(chars[a..b].iter().collect::<String>()))
                    }
                    _ => Err(fail(span, format!("String supports [] with one or two arguments. Got {}", keys.len()))),
                }
            }
            Value::Array(items) => match keys {
                [i] => {
                    let i = self.array_index(i, key_exprs.first(), span)?;
                    Ok(index(items.len(), i).map_or(Value::Undef, |i| items[i].clone()))
                }
                [start, count] => {
                    let start = self.array_index(start, key_exprs.first(), span)?;
                    let count = self.array_index(count, key_exprs.get(1), span)?;
                    let (a, b) = slice_range(items.len(), start, count);
                    Ok(Value::array(items[a..b].to_vec()))
                }
                _ => Err(fail(span, format!("Array supports [] with one or two arguments. Got {}", keys.len()))),
            },
            Value::Hash(map) => match keys {
                [k] => Ok(map.get(k).cloned().unwrap_or(Value::Undef)),
                [] => Err(fail(span, "Hash supports [] with one or more arguments. Got 0")),
                many => Ok(Value::array(many.iter().filter_map(|k| map.get(k).cloned()).collect())),
            },
            other => Err(fail(
                span,
                format!(
                    "Operator '[]' is not applicable to {}.",
                    confer_core::mismatch::with_article(&confer_core::value::label(other))
                ),
            )),
        }
    }

    /// `Type[params]`. Resource and class references with several titles or names
    /// produce an array of references.
    fn access_type(&mut self, t: &Type, keys: &[Value], key_exprs: &[Expr], span: Span) -> EvalResult {
        // Resource and class references with many titles make many small types.
        if !matches!(t, Type::Resource { .. } | Type::Class(_)) {
            if let Some(limit) = super::limits::too_large_type(keys) {
                return Err(super::limits::exceeded(span, limit));
            }
        }
        // An error about one argument is placed at it, as Puppet places it;
        // any other at the whole access.
        let placed = |e: CoreError| {
            let at = match &e {
                CoreError::BadTypeArgument { argument, .. } => keys
                    .iter()
                    .position(|k| k == argument)
                    .and_then(|i| key_exprs.get(i))
                    .or(key_exprs.first())
                    .map_or(span, |k| k.span),
                _ => span,
            };
            fail(at, e.to_string())
        };
        // Titles and names flattened, undef ones dropped: Puppet's
        // `keys.flatten!; keys.compact!`.
        let titles = |keys: &[Value]| -> Vec<Value> {
            keys.iter()
                .flat_map(|k| match k {
                    Value::Array(items) => items.to_vec(),
                    other => vec![other.clone()],
                })
                .filter(|k| !k.is_undef())
                .collect()
        };
        match t {
            Type::Resource { type_name: Some(_), title: None } => {
                let all = titles(keys);
                let refs = all
                    .iter()
                    .map(|title| parameterize(t, std::slice::from_ref(title)).map(Value::from_type))
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(&placed)?;
                Ok(single_or_array(refs, keys))
            }
            Type::Resource { type_name: None, .. } if keys.len() >= 2 => {
                let base = parameterize(t, &keys[..1]).map_err(&placed)?;
                self.access_type(&base, &keys[1..], key_exprs.get(1..).unwrap_or_default(), span)
            }
            Type::Class(None) => {
                let all = titles(keys);
                let refs = all
                    .iter()
                    .map(|name| parameterize(t, std::slice::from_ref(name)).map(Value::from_type))
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(&placed)?;
                Ok(single_or_array(refs, keys))
            }
            _ => parameterize(t, keys).map(Value::from_type).map_err(&placed),
        }
    }
}

/// Whether `target[keys]` always gives the same type: `target` names a
/// built-in type (which no manifest can redefine: `type_named` looks
/// built-ins up first) other than `Resource` and `Class`, whose references
/// the evaluator resolves, and every key is a literal scalar.
fn is_constant_type(target: &Expr, keys: &[Expr]) -> bool {
    let ExprKind::TypeRef(name) = &target.kind else {
        return false;
    };
    let pure = types::by_name(name).is_some_and(|t| !matches!(t, Type::Resource { .. } | Type::Class(_)));
    pure && keys.iter().all(|k| {
        matches!(
            k.kind,
            ExprKind::Regex(_)
                | ExprKind::String(_)
                | ExprKind::Integer(_)
                | ExprKind::Float(_)
                | ExprKind::Boolean(_)
                | ExprKind::Undef
                | ExprKind::Default
        )
    })
}

/// One reference, or an array of them when several keys or an array were
/// given; no titles left (all undef) is `undef`, or `[]` for an array.
fn single_or_array(mut refs: Vec<Value>, keys: &[Value]) -> Value {
    if keys.len() == 1 && !matches!(keys.first(), Some(Value::Array(_))) {
        refs.pop().unwrap_or(Value::Undef)
    } else {
        Value::array(refs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_follow_ruby_and_puppet() {
        assert_eq!(slice_range(4, 1, 2), (1, 3));
        assert_eq!(slice_range(3, 100, 1), (3, 3));
        assert_eq!(slice_range(4, -5, -3), (0, 2));
        assert_eq!(slice_range(11, -12, 2), (0, 1));
        assert_eq!(slice_range(11, -13, 2), (0, 0));
        assert_eq!(slice_range(11, 6, -2), (6, 10));
    }

    #[test]
    fn negative_index_counts_from_end() {
        assert_eq!(index(3, -1), Some(2));
        assert_eq!(index(3, 3), None);
        assert_eq!(index(3, -4), None);
    }
}
