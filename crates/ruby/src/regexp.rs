//! Regexp methods templates call (`=~`, `match`, `match?`, `source`),
//! declared as one table (see `contract.rs`). `=~` and `match` set the
//! last match (`$1`, `$~`), as in Ruby.

use std::rc::Rc;
use std::sync::Arc;

use crate::contract::{Arity, Call, Method, Table, Takes};
use crate::interp::{Ev, Interp};
use crate::value::RValue;

/// A Regexp method's implementation, given the pattern.
type RegexpFn = fn(&mut Interp<'_>, &Call<'_>, &Arc<confer_core::Regexp>) -> Ev;

/// Every Regexp method confer answers.
static REGEXP_METHODS: Table<RegexpFn> = Table::new(&[
    Method { names: &["match", "=~"], arity: Arity::Exactly(1), takes: Takes::AnyBlock, run: matches },
    Method { names: &["match?"], arity: Arity::Exactly(1), takes: Takes::AnyBlock, run: is_match },
    Method {
        names: &["source"],
        arity: Arity::Unchecked,
        takes: Takes::AnyBlock,
        run: |_, _, r| Ok(RValue::str(r.source())),
    },
]);

/// `regexp =~ text` (the offset in characters) and `regexp.match(text)`
/// (the MatchData); nil matches nothing.
fn matches(it: &mut Interp<'_>, c: &Call<'_>, r: &Arc<confer_core::Regexp>) -> Ev {
    let text = match &c.args[0] {
        RValue::Nil => {
            it.last_match = None;
            return Ok(RValue::Nil);
        }
        RValue::Str(_) | RValue::Sym(_) => c.args[0].to_s(),
        other => return crate::interp::no_implicit(other, "String", c.at),
    };
    let caps = crate::interp::decided(r.try_captures(&text), c.at)?;
    it.last_match = caps.map(|m| Rc::new(crate::value::Matched::of(r, m)));
    Ok(match &it.last_match {
        Some(m) if c.name == "match" => RValue::MatchData(m.clone()),
        Some(_) => RValue::Int(
            r.matches(&text, 1)
                .ok()
                .and_then(|all| all.into_iter().next())
                .and_then(|groups| groups.first().cloned().flatten())
                .map_or(0, |m| text[..m.start].chars().count() as i64),
        ),
        None => RValue::Nil,
    })
}

/// `regexp.match?(text)`: whether it matches, leaving the last match as
/// it is.
fn is_match(_: &mut Interp<'_>, c: &Call<'_>, r: &Arc<confer_core::Regexp>) -> Ev {
    match &c.args[0] {
        RValue::Nil => Ok(RValue::Bool(false)),
        RValue::Str(_) | RValue::Sym(_) => {
            Ok(RValue::Bool(crate::interp::decided(r.try_is_match(&c.args[0].to_s()), c.at)?))
        }
        other => crate::interp::no_implicit(other, "String", c.at),
    }
}

/// Calls the Regexp method `name` on `recv`, the pattern `r`.
pub(crate) fn method(it: &mut Interp<'_>, r: &Arc<confer_core::Regexp>, c: &Call<'_>) -> Ev {
    match REGEXP_METHODS.find(c.name) {
        Some(row) => row.admit(c.name, c.args.len(), c.block.is_some(), c.at)?(it, c, r),
        None => crate::missing::missing_method(c.recv, c.name, c.at),
    }
}
