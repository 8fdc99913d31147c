//! How a built-in function is declared: its name, the signatures it
//! accepts, each with the implementation calls matching it run (as Puppet's
//! Ruby pairs `dispatch :method do … end` with a method), and the
//! deprecation a call of it prints. The dispatcher reads these declarations;
//! implementations never look at which function or signature they serve.

use super::Call;
use crate::eval::flow::EvalResult;

/// What a built-in runs.
pub(crate) type Run = for<'e, 'a> fn(&mut Call<'e, 'a>) -> EvalResult;

/// One declared signature (see `signature` for the syntax) and the
/// implementation a call matching it runs. A signature written with a
/// leading `!` is an `argument_mismatch` handler: tried only when no other
/// signature fits, its implementation words the error (Puppet prefixes it
/// with the function's name); when it returns a value instead, the usual
/// mismatch message stands.
pub(crate) struct Dispatch {
    /// The signature, in Puppet's parameter-list syntax.
    pub text: &'static str,
    /// What a call matching it runs.
    pub run: Run,
}

/// A signature and its implementation, for [`Builtin::dispatch`] tables.
pub(crate) const fn sig(text: &'static str, run: Run) -> Dispatch {
    Dispatch { text, run }
}

/// How a built-in's arguments are checked and what then runs.
pub(crate) enum Arity {
    /// Puppet 4 functions whose signatures differ only in the types they
    /// admit, all taken alike by one implementation.
    Signatures(&'static [&'static str], Run),
    /// Puppet 4 functions with an implementation per signature.
    Dispatch(&'static [Dispatch]),
    /// Puppet 3 functions: Ruby's arity, a count only — `n >= 0` exactly `n`
    /// arguments, `-n` at least `n - 1` — worded as Puppet 3 does; the
    /// function checks its arguments' types itself, as Puppet 3's did.
    Legacy(i32, Run),
}

/// The deprecation warning a call of a built-in prints before it runs.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Deprecation {
    /// stdlib's `deprecation(key, message)`, which its Puppet 4 wrapper of the
    /// function calls: once per key, located, or an error under strict mode.
    Stdlib {
        /// The key stdlib warns once under (not always the function's name).
        key: &'static str,
        /// The message, without the location stdlib appends.
        message: &'static str,
    },
    /// A warning the function's Ruby logs on every call.
    EveryCall(&'static str),
}

impl Deprecation {
    /// The message, without a location.
    pub fn message(self) -> &'static str {
        match self {
            Deprecation::Stdlib { message, .. } | Deprecation::EveryCall(message) => message,
        }
    }
}

/// One built-in function.
pub(crate) struct Builtin {
    /// Its name, lower case, with its namespace (`stdlib::ensure`).
    pub name: &'static str,
    /// What it accepts and runs.
    pub arity: Arity,
    /// The deprecation its calls print, if it is deprecated.
    pub deprecation: Option<Deprecation>,
}

impl Builtin {
    /// A Puppet 4 function whose signatures all run `run`.
    pub const fn new(name: &'static str, signatures: &'static [&'static str], run: Run) -> Builtin {
        Builtin { name, arity: Arity::Signatures(signatures, run), deprecation: None }
    }

    /// A Puppet 4 function with an implementation per signature, tried in order.
    pub const fn dispatch(name: &'static str, signatures: &'static [Dispatch]) -> Builtin {
        Builtin { name, arity: Arity::Dispatch(signatures), deprecation: None }
    }

    /// A Puppet 3 function of Ruby arity `arity`.
    pub const fn legacy(name: &'static str, arity: i32, run: Run) -> Builtin {
        Builtin { name, arity: Arity::Legacy(arity, run), deprecation: None }
    }

    /// The function, deprecated as `deprecation` says.
    pub const fn deprecated(self, deprecation: Deprecation) -> Builtin {
        Builtin { deprecation: Some(deprecation), ..self }
    }

    /// The declared signature texts, in order (mismatch handlers with their
    /// `!`); none for a Puppet 3 function.
    pub fn signatures(&self) -> impl Iterator<Item = &'static str> {
        let (texts, dispatches): (&'static [&'static str], &'static [Dispatch]) = match &self.arity {
            Arity::Signatures(texts, _) => (texts, &[]),
            Arity::Dispatch(dispatches) => (&[], dispatches),
            Arity::Legacy(..) => (&[], &[]),
        };
        texts.iter().copied().chain(dispatches.iter().map(|d| d.text))
    }

    /// What a call matching declared signature `index` runs (any index for a
    /// function with one implementation).
    pub fn run_for(&self, index: usize) -> Run {
        match &self.arity {
            Arity::Signatures(_, run) | Arity::Legacy(_, run) => *run,
            Arity::Dispatch(dispatches) => dispatches[index].run,
        }
    }
}
