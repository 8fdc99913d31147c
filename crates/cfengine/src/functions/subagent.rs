//! `execresult` and `returnszero` of a command line that runs CFEngine
//! itself (`$(sys.cf_agent) -KIf policy.cf`, `$(sys.cf_promises) -f …`):
//! confer runs no commands, but such a sub-agent is confer's own work, so it
//! is evaluated in-process and its output (what cf-agent prints on standard
//! output and error, in order) is the command's, filtered by a final
//! `| grep PATTERN` when there is one. Any other command line, or one using
//! the shell beyond that and `2>&1`, is refused as before.

use std::cell::Cell;

use crate::data::value::Rv;
use crate::eval::context::{EvalContext, Sink};
use crate::eval::run::Options;
use crate::eval::show::Table;
use crate::syntax::ast::FnCall;

use super::{arg_str, class_result, FnResult};

/// How deeply sub-agents may start sub-agents.
const MAX_NESTING: usize = 8;

thread_local! {
    static NESTING: Cell<usize> = const { Cell::new(0) };
}

/// Which CFEngine program a command line runs, and how.
enum Program {
    /// cf-agent, its options, and the table `--show-evaluated-vars` (or
    /// `-classes`) prints after the run.
    Agent(Options, Option<Table>),
    /// cf-promises: its options and the table to show, if any.
    Promises(Options, Option<Table>),
}

/// The words of a shell command line (quotes removed), or `None` when it
/// needs the shell for more than joining stderr to stdout.
fn words(command: &str) -> Option<Vec<String>> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in command.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    out.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return None;
    }
    if in_word {
        out.push(word);
    }
    out.retain(|w| w != "2>&1");
    let shell = out.iter().any(|w| w.chars().any(|c| matches!(c, '|' | ';' | '&' | '<' | '>' | '`' | '$')));
    (!shell).then_some(out)
}

/// A command line and the `grep` patterns its output is piped through, when
/// it ends in `| grep PATTERN` stages.
fn split_grep(command: &str) -> Option<(&str, Vec<confer_core::Regexp>)> {
    let mut quote = None;
    let mut pipes = Vec::new();
    for (i, c) in command.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (None, '"' | '\'') => quote = Some(c),
            (None, '|') => pipes.push(i),
            _ => {}
        }
    }
    let Some(&first) = pipes.first() else { return Some((command, Vec::new())) };
    let mut filters = Vec::new();
    let ends = pipes.iter().skip(1).copied().chain(std::iter::once(command.len()));
    for (start, end) in pipes.iter().zip(ends) {
        let stage = words(&command[start + 1..end])?;
        match stage.as_slice() {
            [grep, pattern] if grep.rsplit('/').next() == Some("grep") => {
                filters.push(confer_core::Regexp::new(pattern).ok()?);
            }
            _ => return None,
        }
    }
    Some((&command[..first], filters))
}

/// The CFEngine program and options a command line asks for.
fn program(ctx: &EvalContext, command: &str) -> Option<Program> {
    let words = words(command)?;
    let (exe, args) = words.split_first()?;
    let path_of = |var: &str| ctx.lookup(var).and_then(|v| v.rval.as_scalar().map(|s| s.trim_matches('"').to_string()));
    let agent = path_of("sys.cf_agent").is_some_and(|p| &p == exe);
    let promises = path_of("sys.cf_promises").is_some_and(|p| &p == exe);
    if !agent && !promises {
        return None;
    }
    // A sub-agent acts in the sandbox of the run that starts it.
    let mut opts = Options {
        file: String::new(),
        defines: Vec::new(),
        bundles: None,
        root: ctx.files.clone(),
        env: ctx.env.clone(),
    };
    let mut table = None;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--file" => opts.file = rest.next()?.clone(),
            "--define" => opts.defines.push(rest.next()?.clone()),
            "--bundlesequence" => opts.bundles = Some(rest.next()?.split(',').map(str::to_string).collect()),
            "--show-vars" | "--show-evaluated-vars" => table = Some(Table::Vars),
            "--show-classes" | "--show-evaluated-classes" => table = Some(Table::Classes),
            "--no-lock" | "--inform" | "--full-check" => {}
            flags if flags.starts_with('-') && !flags.starts_with("--") => {
                let letters: Vec<char> = flags[1..].chars().collect();
                for (i, letter) in letters.iter().enumerate() {
                    let last = i + 1 == letters.len();
                    let mut value = || -> Option<String> {
                        if last {
                            rest.next().cloned()
                        } else {
                            Some(letters[i + 1..].iter().collect())
                        }
                    };
                    match letter {
                        'K' | 'I' | 'c' => {}
                        'f' | 'D' | 'b' => {
                            let v = value()?;
                            match letter {
                                'f' => opts.file = v,
                                'D' => opts.defines.push(v),
                                _ => opts.bundles = Some(v.split(',').map(str::to_string).collect()),
                            }
                            break;
                        }
                        _ => return None,
                    }
                }
            }
            _ => return None,
        }
    }
    if opts.file.is_empty() {
        return None;
    }
    Some(if agent { Program::Agent(opts, table) } else { Program::Promises(opts, table) })
}

/// A sink keeping every line, standard output and error alike, in order.
struct Captured(Vec<String>);

impl Sink for Captured {
    fn line(&mut self, line: &str) {
        self.0.push(line.to_string());
    }
}

/// Runs the program in-process: its output and exit status, or `None` when
/// the command is not a CFEngine program confer can stand in for.
fn run(ctx: &mut EvalContext, command: &str) -> Option<(String, i32)> {
    let (command, grep) = split_grep(command)?;
    let program = program(ctx, command)?;
    if NESTING.with(Cell::get) >= MAX_NESTING {
        return None;
    }
    NESTING.with(|n| n.set(n.get() + 1));
    let mut out = Captured(Vec::new());
    let mut err = Captured(Vec::new());
    let code = match &program {
        Program::Agent(opts, None) => {
            let ended = crate::eval::run::run(opts, &mut out, &mut err);
            if ended.refused {
                // Reported in the inner run's output; the outer run did not
                // do all its policy asked either.
                ctx.refusals.insert(format!("in the run of '{command}'"));
            }
            ended.code
        }
        Program::Agent(opts, Some(table)) => crate::eval::show::run_and_show(opts, *table, &mut out, &mut err),
        Program::Promises(opts, Some(table)) => crate::eval::show::show(opts, *table, &mut out, &mut err),
        Program::Promises(opts, None) => crate::eval::run::validate(opts, &mut out, &mut err),
    };
    NESTING.with(|n| n.set(n.get() - 1));
    let mut lines = err.0;
    lines.extend(out.0);
    if grep.is_empty() {
        return Some((lines.join("\n"), code));
    }
    for re in &grep {
        lines.retain(|l| re.try_is_match(l).unwrap_or(false));
    }
    // The last grep's status: 0 when a line matched.
    let status = if lines.is_empty() { 1 } else { 0 };
    Some((lines.join("\n"), status))
}

/// Reports a command confer does not run.
fn refused(ctx: &mut EvalContext, f: &FnCall) -> FnResult {
    super::not_evaluated(ctx, f, &[])
}

/// `execresult(command, shell, output = "both")`.
pub(super) fn execresult(ctx: &mut EvalContext, f: &FnCall, a: &[Rv]) -> FnResult {
    match run(ctx, arg_str(a, 0)) {
        Some((text, _)) => Ok(Rv::scalar(text)),
        None => refused(ctx, f),
    }
}

/// `returnszero(command, shell)`.
pub(super) fn returnszero(ctx: &mut EvalContext, f: &FnCall, a: &[Rv]) -> FnResult {
    match run(ctx, arg_str(a, 0)) {
        Some((_, code)) => class_result(code == 0),
        None => match super::diff_standin::status(ctx, arg_str(a, 0)) {
            Some(code) => class_result(code == 0),
            None => refused(ctx, f),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::{split_grep, words};

    #[test]
    fn command_lines_split_as_the_shell_splits_them() {
        assert_eq!(
            words("\"/var/cfengine/bin/cf-agent\" -KIf /tmp/a.cf 2>&1").unwrap(),
            ["/var/cfengine/bin/cf-agent", "-KIf", "/tmp/a.cf"]
        );
        assert!(words("/bin/cf-agent -f a.cf | grep x").is_none());
        assert!(words("echo $(date)").is_none());
    }

    #[test]
    fn grep_stages_become_filters() {
        let (command, filters) = split_grep("a -f x.cf | /bin/grep MARKER | /bin/grep 'b c' 2>&1").unwrap();
        assert_eq!((command.trim(), filters.len()), ("a -f x.cf", 2));
        assert!(split_grep("a | sort").is_none());
    }
}
