//! Command lines confer can answer without running anything. confer never
//! starts a process, yet policy — CFEngine's own test framework first of
//! all — uses commands for plain text work: `sort` a file into another,
//! `sed` a log, `grep` an agent's output, `pwd`, `echo`, a sub-agent
//! (`$(sys.cf_agent) -Kf x.cf`). Those are computed in-process, as the
//! programs (GNU coreutils, grep and sed, `/bin/sh` as dash) would answer,
//! reading and writing files only where the run's sandbox allows. Every
//! other command line is [`Unsupported`], with the reason, and the caller
//! refuses it as before.
//!
//! [`parse`] reads the line, [`plan`] turns each command into a [`tools`]
//! value (so nothing runs unless every part is understood), [`exec`] runs
//! the pipelines.

mod exec;
mod grep;
mod parse;
mod plan;
mod posix_regex;
mod program_io;
mod sed;
mod tools;

/// What a command line gives back: its two outputs and its exit status.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Output {
    /// Standard output.
    pub stdout: Vec<u8>,
    /// Standard error.
    pub stderr: Vec<u8>,
    /// The exit status (of the last pipeline run).
    pub status: i32,
}

/// Why a command line is not answered in-process.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum Unsupported {
    /// The line uses the shell beyond words, pipes, lists and redirections.
    #[error("the line uses {0}")]
    Syntax(&'static str),
    /// A program confer does not stand in for.
    #[error("'{0}' is not one of the programs it stands in for")]
    Program(String),
    /// A program confer knows, with an option or form it does not.
    #[error("it does not stand in for '{program}' with '{option}'")]
    Option {
        /// The program.
        program: String,
        /// The option or argument.
        option: String,
    },
}

/// What a command line may use of the run that asks for it.
pub(crate) trait Host {
    /// The bytes of a file (a relative path is taken from [`Host::cwd`]),
    /// or the system's reason it cannot be read.
    fn read(&mut self, path: &str) -> Result<Vec<u8>, String>;
    /// Writes (or appends to) a file, or says why not.
    fn write(&mut self, path: &str, bytes: &[u8], append: bool) -> Result<(), String>;
    /// The working directory commands see.
    fn cwd(&self) -> String;
    /// Whether `argv` runs cf-agent or cf-promises (by the path the run
    /// knows them by) with options confer takes.
    fn takes_cfengine(&self, argv: &[String]) -> bool;
    /// Runs CFEngine itself with `argv` in-process: its output and exit
    /// status, or `None` when the options are not ones confer takes.
    fn cfengine(&mut self, argv: &[String]) -> Option<(Vec<u8>, i32)>;
}

/// Runs `line` (through the shell when `shell`), or says why it cannot.
/// `output_used` is false when nothing reads the final standard output
/// (`returnszero`), which lets `diff` answer with its status alone.
/// Whether a command line starts with an absolute path, quoted or not
/// (libntech's `IsAbsoluteFileName`).
pub(crate) fn is_absolute(command: &str) -> bool {
    command.trim_start_matches('"').starts_with('/')
}

pub(crate) fn run(host: &mut dyn Host, line: &str, shell: bool, output_used: bool) -> Result<Output, Unsupported> {
    let script = parse::parse(line, shell)?;
    let planned = plan::plan(host, &script, output_used, shell)?;
    Ok(exec::exec(host, &planned))
}

/// The most bytes one command may produce: past it, the command fails
/// instead of filling memory (`sed 's/x/xxxxxxxx/g'` chained).
const MAX_OUTPUT: usize = 64 << 20;

mod memory_host;

/// Runs `line` through the shell on files held in memory (`files`, by
/// absolute path; the working directory is `/work`): its output, or why
/// it is not answered. For the fuzzer — no real file is read or written.
pub fn run_in_memory(line: &str, files: Vec<(String, Vec<u8>)>) -> Result<(Vec<u8>, Vec<u8>, i32), String> {
    let mut host = memory_host::MemoryHost { files: files.into_iter().collect() };
    run(&mut host, line, true, true).map(|o| (o.stdout, o.stderr, o.status)).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::memory_host::MemoryHost;
    use super::*;

    fn host() -> MemoryHost {
        let mut host = MemoryHost::default();
        host.files.insert("/t/in".into(), b"b\nc\na\n".to_vec());
        host
    }

    #[test]
    fn the_frameworks_command_lines_run_in_process() {
        let mut h = host();
        let out = run(&mut h, "/usr/bin/env LC_ALL=C /usr/bin/sort /t/in > /t/in.sort", true, true).unwrap();
        assert_eq!((out.status, h.files["/t/in.sort"].as_slice()), (0, b"a\nb\nc\n".as_slice()));
        let out = run(&mut h, "/bin/pwd 2>/dev/null || /usr/bin/pwd", true, true).unwrap();
        assert_eq!(out.stdout, b"/work\n");
        let out = run(&mut h, "/bin/cat /t/missing 2>&1 | grep -c such", true, true).unwrap();
        assert_eq!((out.stdout.as_slice(), out.status), (b"1\n".as_slice(), 0));
        let out = run(&mut h, "false && echo no; echo yes", true, true).unwrap();
        assert_eq!(out.stdout, b"yes\n");
    }

    #[test]
    fn diff_answers_with_its_status_when_its_output_is_not_read() {
        let mut h = host();
        h.files.insert("/t/same".into(), b"b\nc\na\n".to_vec());
        assert_eq!(run(&mut h, "diff /t/in /t/same >/dev/null 2>&1", true, true).unwrap().status, 0);
        assert_eq!(run(&mut h, "diff -u /t/in /t/in.x", true, false).unwrap().status, 2);
        assert!(run(&mut h, "diff -u /t/in /t/same", true, true).is_err());
    }

    #[test]
    fn a_line_with_one_unknown_part_runs_no_part() {
        let mut h = host();
        let refused = run(&mut h, "sort /t/in > /t/out; rm -rf /", true, true).unwrap_err();
        assert_eq!(refused, Unsupported::Program("rm".into()));
        assert!(!h.files.contains_key("/t/out"));
    }
}
