//! What a run is started with and every part of it reads: where `files`
//! promises may act, whether changes are only said (`--dry-run`, or agent
//! control's `dryrun`), what `-I` and `-v` make it say, the environment that
//! stands in for the process's, and the directory it was started in. They
//! are set before the policy is loaded (agent control's `dryrun` as the
//! agent starts) and kept apart from the state evaluation produces.

use crate::eval::options::StartProgram;

/// The settings of a run.
#[derive(Default)]
pub struct RunSettings {
    /// Where `files` promises may change files; none: they change nothing.
    pub files: Option<crate::files::sandbox::Sandbox>,
    /// `--dry-run` or `dryrun` of `body agent control`: promises only say
    /// what they would change.
    pub dry_run: bool,
    /// cf-agent's `-I`: changes are said as they are made.
    pub inform: bool,
    /// cf-agent's `-v`: the verbose lines confer says are said.
    pub verbose: bool,
    /// Environment variables that stand in for the process's.
    pub env: Vec<(String, String)>,
    /// The directory the agent was started in, for relative paths.
    pub launch_dir: String,
    /// How many sub-agents deep the run is ([`crate::eval::options::Options::nesting`]).
    pub nesting: usize,
    /// How a CFEngine program a command runs is started
    /// ([`crate::eval::options::Options::start_program`]).
    pub start_program: Option<StartProgram>,
}

impl RunSettings {
    /// The settings of a run that changes no file and says the usual lines,
    /// started in the process's working directory.
    pub fn started_here() -> RunSettings {
        let launch_dir =
            std::env::current_dir().map(|p| p.to_string_lossy().into_owned()).unwrap_or_else(|_| ".".into());
        RunSettings { launch_dir, ..RunSettings::default() }
    }
}
