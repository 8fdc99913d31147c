//! The stack evaluation keeps while it runs: the bundles being evaluated,
//! the `methods` promises being carried out, and the `this` scope of the
//! promise at hand. Its own module so that what reads the stack (functions
//! such as `callstack_promisers()`, `--show-vars`) need not know the whole
//! evaluation context.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use crate::data::value::{Rv, Variable};
use crate::syntax::ast::Bundle;

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
