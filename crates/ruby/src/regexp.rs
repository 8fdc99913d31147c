//! Regexp methods templates call (`=~`, `match`, `match?`, `source`),
//! declared as one table (see `contract.rs`). `=~` and `match` set the
//! last match (`$1`, `$~`), as in Ruby.

use std::rc::Rc;
use std::sync::Arc;

use crate::contract::{Arity, Call, Method, Table, Takes};
use crate::flow::Ev;
use crate::interp::Interp;
use crate::value::RValue;

/// A Regexp method's implementation, given the pattern.
type RegexpFn = fn(&mut Interp<'_>, &Call<'_>, &Arc<confer_core::Regexp>) -> Ev;

/// Every Regexp method confer answers.
static REGEXP_METHODS: Table<RegexpFn> = Table::new(&[
    // The subject's type is refused before the count (see `subject`).
    Method { names: &["match", "=~"], arity: Arity::Unchecked, takes: Takes::AnyBlock, run: matches },
    Method { names: &["match?"], arity: Arity::Unchecked, takes: Takes::AnyBlock, run: is_match },
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
    let Some(text) = subject(c)? else {
        it.last_match = None;
        return Ok(RValue::Nil);
    };
    let caps = crate::flow::decided(r.try_captures(&text), c.at)?;
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
    match subject(c)? {
        None => Ok(RValue::Bool(false)),
        Some(text) => Ok(RValue::Bool(crate::flow::decided(r.try_is_match(&text), c.at)?)),
    }
}

/// The text a match reads (`None` for nil, which matches nothing): a
/// subject that is not a String or Symbol is refused before the arguments
/// are counted, so `/a/.match(5, 1)` is a TypeError, as Ruby answers it.
fn subject(c: &Call<'_>) -> Ev<Option<String>> {
    if let Some(other) = c.args.first().filter(|a| !matches!(a, RValue::Nil | RValue::Str(_) | RValue::Sym(_))) {
        return crate::flow::no_implicit(other, "String", c.at);
    }
    Arity::Exactly(1).check(c.name, c.args.len(), c.at)?;
    Ok(match &c.args[0] {
        RValue::Nil => None,
        text => Some(text.to_s()),
    })
}

/// Calls the Regexp method `name` on `recv`, the pattern `r`.
pub(crate) fn method(it: &mut Interp<'_>, r: &Arc<confer_core::Regexp>, c: &Call<'_>) -> Ev {
    match REGEXP_METHODS.find(c.name) {
        Some(row) => row.admit(c.name, c.args.len(), c.block.is_some(), c.at)?(it, c, r),
        None => crate::missing::missing_method(c.recv, c.name, c.at),
    }
}
