//! The stack evaluation keeps while it runs: the bundles being evaluated,
//! the `methods` promises being carried out, and the `this` scope of the
//! promise at hand. Its own module so that what reads the stack (functions
//! such as `callstack_promisers()`, `--show-vars`) need not know the whole
//! evaluation context.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use crate::data::value::{Rv, Variable};
use crate::syntax::ast::{Bundle, Promise};

/// One frame of the evaluation stack.
#[derive(Debug)]
pub struct BundleFrame {
    /// The bundle being evaluated.
    pub bundle: Arc<Bundle>,
    /// Classes defined with bundle scope.
    pub classes: HashSet<String>,
    /// The arguments it was called with.
    pub args: Vec<Rv>,
}

/// A methods promise being carried out.
#[derive(Clone, Debug)]
pub struct MethodCall {
    /// Its promiser, expanded.
    pub promiser: String,
    /// Its class guard.
    pub classes: String,
    /// Which iteration of it this is (from 1).
    pub iteration: usize,
}

/// The `this.` variables of the promise being evaluated. Their names come
/// from the policy and are few per promise; foldhash (seeded per process)
/// hashes them much faster than SipHash.
pub type ThisTable = HashMap<String, Variable, foldhash::fast::RandomState>;

/// Where evaluation is: the bundles entered, the `methods` promises being
/// carried out, the promise being kept and its `this` scope, the pass and
/// the iteration.
#[derive(Default)]
pub struct Stack {
    /// Bundle frames, innermost last.
    pub bundles: Vec<BundleFrame>,
    /// The `this` scope of the promise being evaluated.
    pub this: ThisTable,
    /// Emptied `this` tables kept for the next promise, so that each
    /// promise does not allocate, grow and free one.
    spare_this: Vec<ThisTable>,
    /// The empty tag list `this` variables share.
    pub no_tags: Arc<Vec<Arc<str>>>,
    /// The promise being evaluated, if any.
    pub promise: Option<Promise>,
    /// The current pass (1..=3 during the agent run, 0 before).
    pub pass: u32,
    /// Which iteration of the promise being expanded this is (from 1).
    pub iteration: usize,
    /// The promisers of the methods promises being carried out, outermost
    /// first (the promise frames `callstack_promisers()` reads).
    pub method_promisers: Vec<String>,
    /// The methods promises being carried out, outermost first, as the
    /// stack cf-agent reports (the verbose stack path, `callstack_callers`).
    pub method_calls: Vec<MethodCall>,
}

impl Stack {
    /// Sets the `this` table aside for a nested promise or bundle and gives
    /// an empty one, reusing a table emptied before.
    pub fn take_this(&mut self) -> ThisTable {
        let fresh = self.spare_this.pop().unwrap_or_default();
        std::mem::replace(&mut self.this, fresh)
    }

    /// Puts back the table [`take_this`](Self::take_this) set aside, keeping
    /// the one in use, emptied, for the next promise.
    pub fn restore_this(&mut self, saved: ThisTable) {
        let mut used = std::mem::replace(&mut self.this, saved);
        used.clear();
        self.spare_this.push(used);
    }
}
