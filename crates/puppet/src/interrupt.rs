//! A request from outside to stop evaluating: the console sets it when
//! Ctrl-C arrives during an evaluation. The evaluator looks at it before
//! each expression, so any long evaluation (a loop over a large range, a
//! deep recursion) ends at the next expression with a located error.
//!
//! The flag is process-wide on purpose: a signal handler can reach nothing
//! else (no evaluator, no thread's state), and an atomic store is all it may
//! do. It is the one piece of shared state the evaluator reads that no caller
//! passes in.

use std::sync::atomic::{AtomicBool, Ordering};

static REQUESTED: AtomicBool = AtomicBool::new(false);

/// The error an interrupted evaluation ends with.
pub const MESSAGE: &str = "Evaluation interrupted (Ctrl-C)";

/// Asks the evaluation under way to stop. Only stores to an atomic, so a
/// signal handler may call it.
pub fn request() {
    REQUESTED.store(true, Ordering::Relaxed);
}

/// Withdraws a request, before an evaluation starts or after it ended.
pub fn clear() {
    REQUESTED.store(false, Ordering::Relaxed);
}

/// Whether an evaluation has been asked to stop.
pub fn requested() -> bool {
    REQUESTED.load(Ordering::Relaxed)
}
