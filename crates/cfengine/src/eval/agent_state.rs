//! What the agent's promises have done so far in a run, which later
//! promises read: the locks of promises already kept, the handles others
//! depend on, the current bundle's outcome, the files copied and changed,
//! the directory cf-agent was left in, the cached function results.

use std::collections::{HashMap, HashSet};

use crate::data::value::Rv;

#[derive(Default)]
pub struct AgentState {
    /// Promises already done (cf-agent's promise lock cache).
    pub locks: HashSet<String>,
    /// The handles of the promises kept or repaired so far, which the
    /// promises that `depends_on` them wait for.
    pub dependency_handles: HashSet<String>,
    /// What the agent bundle being evaluated has done so far, weighed as
    /// `ScheduleAgentOperations` does (`None` while every promise was
    /// skipped).
    pub bundle_outcome: Option<crate::eval::outcome::Outcome>,
    /// Destinations copied to this run that agent control's
    /// `files_single_copy` keeps from being copied to again.
    pub single_copied: HashSet<String>,
    /// The directory a `files` promise last moved cf-agent into (it
    /// `chdir`s into each promised file's directory and stays there), for
    /// relative paths functions read afterwards; `None` before any.
    pub cwd: Option<String>,
    /// What `files` promises changed, in order (`created /etc/motd`).
    pub file_changes: Vec<String>,
    /// Results of the functions cf-agent evaluates once a run, by name and
    /// arguments (`EvalContextFunctionCacheGet`).
    pub function_cache: HashMap<String, Rv>,
}
