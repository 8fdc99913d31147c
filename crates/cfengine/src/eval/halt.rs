//! What stops a run or the bundle being evaluated: a fatal error or an
//! abort class (the exit code), `abortbundleclasses`, the work budget that
//! bounds runaway policies, and a string grown past confer's limit.

#[derive(Default)]
pub struct Halt {
    /// Set when an abort class was defined or a fatal error happened.
    pub aborted: Option<i32>,
    /// Set when an `abortbundleclasses` class stopped the current bundle;
    /// the bundle's evaluation clears it as it returns (`BundleAbort`).
    pub bundle_aborted: bool,
    /// Regexes of classes that abort the run when defined (`abortclasses`).
    pub abort_classes: Vec<String>,
    /// Regexes (and class expressions) of classes that abort the current
    /// bundle (`abortbundleclasses`).
    pub abort_bundle_classes: Vec<String>,
    /// Work done, to bound runaway policies.
    pub budget: u64,
    /// Set when an expansion or a function would have built a string
    /// longer than `expand::MAX_SCALAR_BYTES`; the promise being evaluated
    /// reports it and stops the run.
    pub oversized: std::cell::Cell<bool>,
}
