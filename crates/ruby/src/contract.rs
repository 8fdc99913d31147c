//! The contract of the methods Ruby code calls on values and classes,
//! declared once per receiver family (`ARRAY_METHODS`, `CLASS_METHODS`, …)
//! as rows of name, arity, block and implementation. One lookup finds a
//! row by name and checks its arity and block before the implementation
//! runs, so Ruby's "wrong number of arguments" is worded in one place
//! instead of in each method.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::ast::Block;
use crate::error::RubyErrorKind;
use crate::flow::{err, Ctl, Ev};
use crate::value::RValue;

/// A call of a value's method, as its implementation receives it.
pub(crate) struct Call<'c> {
    /// The receiver.
    pub recv: &'c RValue,
    /// The name it was called by, one of its row's names.
    pub name: &'c str,
    /// The arguments, as many as the row's arity admits.
    pub args: &'c [RValue],
    /// The block given, if any.
    pub block: Option<&'c Block>,
    /// Where the call is, for errors.
    pub at: usize,
}

impl<'c> Call<'c> {
    /// The block of a method whose row takes one ([`Takes::Block`]), which
    /// [`Method::admit`] has already required.
    pub fn given_block(&self) -> Ev<&'c Block> {
        self.block.ok_or_else(|| without_block(self.name, self.at))
    }
}

/// confer's refusal of a method that needs a block called without one.
fn without_block(name: &str, at: usize) -> Ctl {
    Ctl::Err(crate::RubyError::new(RubyErrorKind::Unsupported(format!("`{name}' without a block")), at))
}

/// How many arguments a method takes, as Ruby counts them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Arity {
    /// Exactly this many.
    Exactly(usize),
    /// From the first to the second, both included (Ruby's `1..2`).
    Between(usize, usize),
    /// Whatever it is given: confer reads the arguments it needs and
    /// ignores the rest, where Ruby would count them.
    Unchecked,
}

impl Arity {
    /// Whether `given` arguments fit.
    fn admits(self, given: usize) -> bool {
        match self {
            Arity::Exactly(n) => given == n,
            Arity::Between(min, max) => (min..=max).contains(&given),
            Arity::Unchecked => true,
        }
    }

    /// Ruby's ArgumentError when `given` arguments do not fit, naming the
    /// method as `shown`. The tables' one check; an implementation whose
    /// row is `Unchecked` calls it where its method checks something
    /// else first (Regexp#match refuses a non-String before counting).
    pub fn check(self, shown: &str, given: usize, at: usize) -> Ev<()> {
        if self.admits(given) {
            return Ok(());
        }
        err(
            RubyErrorKind::Argument(format!(
                "wrong number of arguments calling `{shown}' (given {given}, expected {})",
                self.expected()
            )),
            at,
        )
    }

    /// What Ruby's message says was expected (`1`, `1..2`).
    fn expected(self) -> String {
        match self {
            Arity::Exactly(n) => n.to_string(),
            Arity::Between(min, max) => format!("{min}..{max}"),
            Arity::Unchecked => String::new(),
        }
    }
}

/// Whether a method needs a block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Takes {
    /// A block or none, as the implementation decides.
    AnyBlock,
    /// A block: without one, confer refuses (Ruby would answer an
    /// Enumerator, which no template or function was seen to use).
    Block,
}

/// One row of a family's table: the method under each of its names, and
/// the function that implements it. `F` is the family's function type (an
/// Array method receives the elements; a class method, the class).
pub(crate) struct Method<F: 'static> {
    /// The method's name and its aliases; the implementation is told which
    /// one was called, where the answer differs by name.
    pub names: &'static [&'static str],
    /// The arguments it takes.
    pub arity: Arity,
    /// Whether it needs a block.
    pub takes: Takes,
    /// The implementation, called once arity and block are checked.
    pub run: F,
}

/// A family's rows, found by name through an index built on first use.
pub(crate) struct Table<F: 'static> {
    rows: &'static [Method<F>],
    index: OnceLock<HashMap<&'static str, &'static Method<F>>>,
}

impl<F> Method<F> {
    /// The implementation, once `given` arguments and the block (`block`)
    /// fit the row: else Ruby's ArgumentError for a wrong count, naming the
    /// method as `shown`, or confer's refusal of a missing block.
    pub fn admit(&self, shown: &str, given: usize, block: bool, at: usize) -> Ev<&F> {
        self.arity.check(shown, given, at)?;
        if self.takes == Takes::Block && !block {
            return Err(without_block(shown, at));
        }
        Ok(&self.run)
    }
}

impl<F: Sync> Table<F> {
    /// The table of `rows`; a name in two rows is the first row's.
    pub const fn new(rows: &'static [Method<F>]) -> Self {
        Table { rows, index: OnceLock::new() }
    }

    /// Every row, for the tests that hold the tables to Ruby's methods.
    #[cfg(test)]
    pub fn rows(&self) -> &'static [Method<F>] {
        self.rows
    }

    /// The row for `name`, if the family has the method.
    pub fn find(&'static self, name: &str) -> Option<&'static Method<F>> {
        let index = self.index.get_or_init(|| {
            let mut index = HashMap::new();
            for row in self.rows {
                for n in row.names {
                    index.entry(*n).or_insert(row);
                }
            }
            index
        });
        index.get(name).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(_: usize) -> usize {
        1
    }

    static ROWS: Table<fn(usize) -> usize> = Table::new(&[
        Method { names: &["a", "b"], arity: Arity::Exactly(1), takes: Takes::AnyBlock, run: one },
        Method { names: &["c"], arity: Arity::Between(0, 2), takes: Takes::Block, run: one },
    ]);

    fn message(name: &str, given: usize, block: bool) -> String {
        match ROWS.find(name).map(|row| row.admit(name, given, block, 0).map(|_| ())) {
            Some(Err(crate::flow::Ctl::Err(e))) => e.to_string(),
            Some(Ok(())) => "ok".into(),
            _ => "none".into(),
        }
    }

    #[test]
    fn arity_and_block_are_checked_in_ruby_words() {
        assert_eq!(message("b", 1, false), "ok");
        assert!(message("a", 2, false).contains("wrong number of arguments calling `a' (given 2, expected 1)"));
        assert!(message("c", 3, true).contains("wrong number of arguments calling `c' (given 3, expected 0..2)"));
        assert!(message("c", 1, false).contains("`c' without a block"));
        assert_eq!(message("d", 0, false), "none");
    }
}
