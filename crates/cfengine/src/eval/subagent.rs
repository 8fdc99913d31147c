//! A command that runs CFEngine itself (`$(sys.cf_agent) -KIf policy.cf`,
//! `$(sys.cf_promises) -f …`): confer runs no commands, but such a
//! sub-agent is confer's own work, so it is evaluated in-process and its
//! output (what cf-agent prints, in order) is the command's.

use std::cell::Cell;

use crate::eval::context::{EvalContext, Sink};
use crate::eval::run::Options;
use crate::eval::show::Table;

/// How deeply sub-agents may start sub-agents.
const MAX_NESTING: usize = 8;

thread_local! {
    static NESTING: Cell<usize> = const { Cell::new(0) };
}

/// Which CFEngine program a command line runs, and how.
enum Program {
    /// cf-agent, its options, and the table `--show-evaluated-vars` (or
    /// `-classes`) prints after the run.
    Agent(Options, Option<Shown>),
    /// cf-promises: its options and the table to show, if any.
    Promises(Options, Option<Shown>),
}

/// A table to show, and the regex its rows' names must contain
/// (`--show-evaluated-classes=REGEX`).
struct Shown {
    table: Table,
    filter: Option<confer_core::Regexp>,
}

/// Whether `path` is the program the variable `var` (`sys.cf_agent`)
/// names, as cf-agent stores it (quoted).
fn is_program(ctx: &EvalContext, var: &str, path: &str) -> bool {
    ctx.lookup(var).and_then(|v| v.rval.as_scalar().map(|s| s.trim_matches('"') == path)).unwrap_or(false)
}

/// Whether `path` is cf-agent or cf-promises.
pub(crate) fn is_cfengine(ctx: &EvalContext, path: &str) -> bool {
    is_program(ctx, "sys.cf_agent", path) || is_program(ctx, "sys.cf_promises", path)
}

/// The CFEngine program and options a command's words ask for.
fn program(ctx: &EvalContext, argv: &[String]) -> Option<Program> {
    let (exe, args) = argv.split_first()?;
    let agent = is_program(ctx, "sys.cf_agent", exe);
    let promises = is_program(ctx, "sys.cf_promises", exe);
    if !agent && !promises {
        return None;
    }
    // A sub-agent acts in the sandbox of the run that starts it.
    let mut opts = Options {
        file: String::new(),
        defines: Vec::new(),
        bundles: None,
        root: ctx.settings.files.clone(),
        env: ctx.settings.env.clone(),
        inform: false,
        verbose: false,
        dry_run: false,
    };
    let mut table = None;
    let mut table_shown = None;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--file" => opts.file = rest.next()?.clone(),
            "--define" => opts.defines.push(rest.next()?.clone()),
            "--bundlesequence" => opts.bundles = Some(rest.next()?.split(',').map(str::to_string).collect()),
            "--show-vars" | "--show-evaluated-vars" => table = Some(Shown { table: Table::Vars, filter: None }),
            "--show-classes" | "--show-evaluated-classes" => {
                table = Some(Shown { table: Table::Classes, filter: None })
            }
            shown if shown.starts_with("--show-") && shown.contains('=') => {
                let (option, regex) = shown.split_once('=')?;
                let table = match option {
                    "--show-vars" | "--show-evaluated-vars" => Table::Vars,
                    "--show-classes" | "--show-evaluated-classes" => Table::Classes,
                    _ => return None,
                };
                let filter = Some(confer_core::Regexp::new(regex).ok()?);
                table_shown = Some(Shown { table, filter });
            }
            "--inform" => opts.inform = true,
            "--dry-run" => opts.dry_run = true,
            "--verbose" => opts.verbose = true,
            "--no-lock" | "--full-check" => {}
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
                        'I' => opts.inform = true,
                        'n' => opts.dry_run = true,
                        'v' => opts.verbose = true,
                        'K' | 'c' => {}
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
    let table = table_shown.or(table);
    Some(if agent { Program::Agent(opts, table) } else { Program::Promises(opts, table) })
}

/// A sink keeping every line, standard output and error alike, in order.
struct Captured(Vec<String>);

impl Sink for Captured {
    fn line(&mut self, line: &str) {
        self.0.push(line.to_string());
    }
}

/// Keeps, of the table at the end of `lines` (from its header on), the rows
/// whose name the regex finds a match in.
fn filter_table(lines: &mut Vec<String>, re: &confer_core::Regexp) {
    let Some(header) = lines.iter().position(|l| l.starts_with("Class name") || l.starts_with("Variable name")) else {
        return;
    };
    let rows = lines.split_off(header + 1);
    lines.extend(rows.into_iter().filter(|row| {
        let name = row.split_whitespace().next().unwrap_or("");
        re.try_is_match(name).unwrap_or(false)
    }));
}

/// Whether `argv` runs cf-agent or cf-promises with options confer takes.
pub(crate) fn takes(ctx: &EvalContext, argv: &[String]) -> bool {
    program(ctx, argv).is_some()
}

/// Runs the program `argv` names in-process: what it prints (standard
/// output and error, in order, a line each) and its exit status, or `None`
/// when it is not a CFEngine program confer can stand in for, or when
/// sub-agents are nested too deeply.
pub(crate) fn run(ctx: &mut EvalContext, argv: &[String]) -> Option<(Vec<u8>, i32)> {
    let program = program(ctx, argv)?;
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
                ctx.refusals.insert(format!("in the run of '{}'", argv.join(" ")));
            }
            ended.code
        }
        Program::Agent(opts, Some(shown)) => crate::eval::show::run_and_show(opts, shown.table, &mut out, &mut err),
        Program::Promises(opts, Some(shown)) => crate::eval::show::show(opts, shown.table, &mut out, &mut err),
        Program::Promises(opts, None) => crate::eval::run::validate(opts, &mut out, &mut err),
    };
    NESTING.with(|n| n.set(n.get() - 1));
    if let Program::Agent(_, Some(shown)) | Program::Promises(_, Some(shown)) = &program {
        if let Some(re) = &shown.filter {
            filter_table(&mut out.0, re);
        }
    }
    let mut text = Vec::new();
    for line in err.0.into_iter().chain(out.0) {
        text.extend(line.into_bytes());
        text.push(b'\n');
    }
    Some((text, code))
}
