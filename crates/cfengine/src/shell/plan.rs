//! A parsed command line made ready to run: each command read into its
//! [`Tool`] and each redirection resolved to where the command's two
//! outputs and its input go — all before anything runs, so a line with
//! one part confer does not stand in for runs no part at all.

use super::parse::{Connector, Redirect, Script};
use super::tools::{Call, Tool};
use super::{Host, Unsupported};

/// Where one of a command's outputs goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Dest {
    /// The pipe to the next command, or the line's standard output.
    Pipe,
    /// The line's standard error.
    Stderr,
    /// `/dev/null`.
    Null,
    /// A file, appended to or replaced.
    File { path: String, append: bool },
}

/// One command, ready to run.
#[derive(Debug)]
pub(super) struct Stage {
    pub tool: Tool,
    /// A file given as input (`< FILE`), in place of the pipe.
    pub stdin: Option<String>,
    pub stdout: Dest,
    pub stderr: Dest,
}

/// A whole command line, ready to run.
#[derive(Debug)]
pub(super) struct Planned {
    pub pipelines: Vec<(Connector, Vec<Stage>)>,
}

/// Plans `script`; `output_used` says whether anything reads the line's
/// final standard output.
pub(super) fn plan(host: &dyn Host, script: &Script, output_used: bool, shell: bool) -> Result<Planned, Unsupported> {
    let mut pipelines = Vec::new();
    for (connector, simples) in &script.pipelines {
        let mut stages = Vec::new();
        for (i, simple) in simples.iter().enumerate() {
            let last = i + 1 == simples.len();
            let (mut stdout, mut stderr, mut stdin) = (Dest::Pipe, Dest::Stderr, None);
            for r in &simple.redirects {
                match r {
                    Redirect::Out { fd, path, append } => {
                        let dest = if path == "/dev/null" {
                            Dest::Null
                        } else {
                            Dest::File { path: path.clone(), append: *append }
                        };
                        *output(&mut stdout, &mut stderr, *fd)? = dest;
                    }
                    Redirect::Dup { fd, to } => {
                        let target = match to {
                            1 => stdout.clone(),
                            2 => stderr.clone(),
                            _ => return Err(Unsupported::Syntax("descriptors other than 1 and 2")),
                        };
                        *output(&mut stdout, &mut stderr, *fd)? = target;
                    }
                    Redirect::In { path } => stdin = Some(path.clone()),
                }
            }
            let stdout_used = match &stdout {
                Dest::Null => false,
                Dest::Pipe => !last || output_used,
                Dest::Stderr | Dest::File { .. } => true,
            };
            let tool = Tool::plan(host, &simple.argv, Call { shell, stdout_used })?;
            stages.push(Stage { tool, stdin, stdout, stderr });
        }
        pipelines.push((*connector, stages));
    }
    Ok(Planned { pipelines })
}

/// The output a redirection of descriptor `fd` changes.
fn output<'d>(stdout: &'d mut Dest, stderr: &'d mut Dest, fd: u8) -> Result<&'d mut Dest, Unsupported> {
    match fd {
        1 => Ok(stdout),
        2 => Ok(stderr),
        _ => Err(Unsupported::Syntax("descriptors other than 1 and 2")),
    }
}
