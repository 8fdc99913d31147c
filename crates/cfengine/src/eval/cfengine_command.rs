//! Recognising a command that runs CFEngine itself (`$(sys.cf_agent)
//! -KIf policy.cf`, `$(sys.cf_promises) -f …`) and the options it gives:
//! such a sub-agent is confer's own work, evaluated in-process
//! ([`crate::eval::subagent`]) rather than refused.

use crate::eval::context::EvalContext;
use crate::eval::options::{Options, Program, Shown, Table};

/// Whether `path` is the program the variable `var` (`sys.cf_agent`)
/// names, as cf-agent stores it (quoted).
fn is_program(ctx: &EvalContext, var: &str, path: &str) -> bool {
    ctx.lookup(var).and_then(|v| v.rval.as_scalar().map(|s| s.trim_matches('"') == path)).unwrap_or(false)
}

/// Whether `path` is cf-agent or cf-promises.
pub(crate) fn is_cfengine(ctx: &EvalContext, path: &str) -> bool {
    is_program(ctx, "sys.cf_agent", path) || is_program(ctx, "sys.cf_promises", path)
}

/// The CFEngine program and options a command's words ask for, or `None`
/// when they are not a CFEngine program with options confer takes.
pub(crate) fn program(ctx: &EvalContext, argv: &[String]) -> Option<Program> {
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
        nesting: ctx.settings.nesting + 1,
        start_program: ctx.settings.start_program,
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
    Some(Program { agent, opts, shown: table })
}
