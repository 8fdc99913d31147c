//! What a command line confer stands in for may use of the run: files read
//! as the policy's own functions read them (under `--root`, inside the
//! root), files written only where `files` promises may write (the
//! sandbox, refused once otherwise), the directory cf-agent was started
//! in, and CFEngine itself for a sub-agent.

use crate::eval::message::ErrorKind;
use std::io::Write;
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};

use crate::eval::cfengine_command;
use crate::eval::context::EvalContext;
use crate::shell::Host;

/// Mode of a file a command's redirection creates: cf-agent runs commands
/// with umask 077.
const CREATE_MODE: u32 = 0o600;

/// The run, seen by a command.
pub(crate) struct RunHost<'r, 's> {
    ctx: &'r mut EvalContext<'s>,
    /// The working directory (`contain`'s `chdir`, or where cf-agent was
    /// started).
    cwd: String,
}

impl<'r, 's> RunHost<'r, 's> {
    /// The host for commands of `ctx`'s run.
    pub(crate) fn new(ctx: &'r mut EvalContext<'s>) -> RunHost<'r, 's> {
        let cwd = ctx.settings.launch_dir.clone();
        RunHost { ctx, cwd }
    }

    /// The host with `dir` as working directory.
    pub(crate) fn in_dir(self, dir: &str) -> RunHost<'r, 's> {
        RunHost { cwd: dir.to_string(), ..self }
    }

    /// An absolute path for `path` (relative ones start at the directory
    /// cf-agent was started in).
    fn absolute(&self, path: &str) -> String {
        if path.starts_with('/') {
            path.to_string()
        } else {
            format!("{}/{path}", self.cwd)
        }
    }
}

/// How deeply sub-agents may start sub-agents.
const MAX_NESTING: usize = 8;

impl Host for RunHost<'_, '_> {
    fn read(&mut self, path: &str) -> Result<Vec<u8>, String> {
        let path = self.absolute(path);
        crate::functions::bounded_read(self.ctx, &path, 0).map_err(|e| crate::os_error::describe(&e))
    }

    fn write(&mut self, path: &str, bytes: &[u8], append: bool) -> Result<(), String> {
        let path = self.absolute(path);
        let at = self.ctx.promise_location();
        let Some(sandbox) = self.ctx.settings.files.clone() else {
            self.ctx
                .refuse(format!("confer does not write '{path}': commands write files only under --root DIR, {at}"));
            return Err("Read-only file system".into());
        };
        let real = sandbox.resolve(&path).map_err(|e| {
            self.ctx.refuse(format!("confer does not touch {e}, {at}"));
            "Permission denied".to_string()
        })?;
        let written = std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .append(append)
            .truncate(!append)
            .mode(CREATE_MODE)
            .open(&real)
            .and_then(|mut f| f.write_all(bytes));
        match written {
            Ok(()) => {
                self.ctx.agent.file_changes.push(format!("written by a command: {}", sandbox.policy_path(&real)));
                Ok(())
            }
            Err(e) => Err(crate::os_error::describe(&e)),
        }
    }

    fn cwd(&self) -> String {
        self.cwd.clone()
    }

    fn takes_cfengine(&self, argv: &[String]) -> bool {
        cfengine_command::program(self.ctx, argv).is_some()
    }

    /// Runs the CFEngine program `argv` names in-process, or `None` when
    /// it is not one confer can stand in for, when the run starts no
    /// sub-agents, or when sub-agents are nested too deeply.
    fn cfengine(&mut self, argv: &[String]) -> Option<(Vec<u8>, i32)> {
        let program = cfengine_command::program(self.ctx, argv)?;
        let start = self.ctx.settings.start_program?;
        if self.ctx.settings.nesting >= MAX_NESTING {
            return None;
        }
        let ran = start(&program);
        if ran.refused {
            // Reported in the inner run's output; the outer run did not
            // do all its policy asked either.
            self.ctx.refusals.insert(format!("in the run of '{}'", argv.join(" ")));
        }
        Some((ran.text, ran.code))
    }
}

/// Whether the program a command line starts with (its first word, or
/// its quoted start, as cf-agent's `CommandArg0` cuts it) is one cf-agent
/// would run: an executable file on this machine, or CFEngine itself.
/// A missing file is logged in cf-agent's words (`IsExecutable`).
pub(crate) fn check_executable(ctx: &mut EvalContext, command: &str) -> bool {
    let first = match command.strip_prefix('"') {
        Some(rest) => rest.split('"').next().unwrap_or(""),
        None => command.split(' ').next().unwrap_or(""),
    };
    if cfengine_command::is_cfengine(ctx, first) {
        return true;
    }
    match std::fs::metadata(first) {
        Ok(m) => m.is_file() && m.permissions().mode() & 0o111 != 0 && m.permissions().mode() & 0o002 == 0,
        Err(_) => {
            ctx.error(ErrorKind::Commands, format!("Proposed executable file '{first}' doesn't exist"));
            false
        }
    }
}
