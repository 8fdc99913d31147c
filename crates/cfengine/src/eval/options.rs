//! What a run is asked to do: the options `confer cfengine run` (and a
//! sub-agent's command line) give, the table `--show-*` prints, and the CFEngine
//! program a policy's command runs in-process. Kept apart from the run
//! itself so that evaluation, which meets such a command deep inside a
//! promise, starts it through [`StartProgram`] without depending on the
//! entry points that start runs.

/// What to run.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The policy file, as given.
    pub file: String,
    /// Classes defined with `-D`.
    pub defines: Vec<String>,
    /// Bundles given with `-b`, which replace the policy's bundlesequence
    /// (names only: cf-agent takes no arguments there either).
    pub bundles: Option<Vec<String>>,
    /// Where `files` promises are carried out (`--root DIR`); with none
    /// they change nothing.
    pub root: Option<crate::files::sandbox::Sandbox>,
    /// Environment variables the run sees in place of the process's
    /// (`getenv`, `CFENGINE_TEST_OVERRIDE_WORKDIR`), so runs side by side
    /// in one process each have their own.
    pub env: Vec<(String, String)>,
    /// cf-agent's `-I`: say what is changed (`info:` lines), as it is.
    pub inform: bool,
    /// cf-agent's `--verbose`: confer says only the start-up's verbose
    /// lines (the host-specific data and what it keeps the augments from
    /// changing), not the rest of cf-agent's verbose log.
    pub verbose: bool,
    /// cf-agent's `--dry-run`: what would change is said, nothing is
    /// changed (as agent control's `dryrun`).
    pub dry_run: bool,
    /// How many sub-agents deep this run is: 0 for a run you start, one
    /// more for each CFEngine a policy's command runs in-process.
    pub nesting: usize,
    /// How a CFEngine program that a command of the policy runs (a
    /// sub-agent) is started; `None`: such a command is refused like any
    /// other. The crate's entry points ([`crate::run`], …) give it.
    pub start_program: Option<StartProgram>,
}

/// What to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Table {
    /// The variables.
    Vars,
    /// The classes.
    Classes,
}

/// A CFEngine program a command runs (`$(sys.cf_agent) -KIf policy.cf`).
pub struct Program {
    /// cf-agent (`true`) or cf-promises.
    pub agent: bool,
    /// Its options.
    pub opts: Options,
    /// The table it prints, if any.
    pub shown: Option<Shown>,
}

/// A table to show, and the regex its rows' names must contain
/// (`--show-evaluated-classes=REGEX`).
pub struct Shown {
    /// Which table.
    pub table: Table,
    /// The filter on its rows.
    pub filter: Option<confer_core::Regexp>,
}

/// How a program ran: what it printed (standard error then output, a line
/// each), its exit status, and whether it refused part of its policy.
pub struct Ran {
    /// Its output.
    pub text: Vec<u8>,
    /// Its exit status.
    pub code: i32,
    /// Whether confer refused something it asked.
    pub refused: bool,
}

/// Starts a program in-process.
pub type StartProgram = fn(&Program) -> Ran;
