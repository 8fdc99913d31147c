//! Starting a CFEngine program a policy's command runs (a sub-agent):
//! confer runs no commands, but such a program is confer's own work, so it
//! is evaluated in-process and its output (what cf-agent prints, in order)
//! is the command's. The crate's entry points give [`start`] to the runs
//! they start ([`crate::eval::options::Options::start_program`]), and each
//! run passes it on to its sub-agents, one level deeper.

use crate::eval::context::Sink;
use crate::eval::options::{Program, Ran};

/// Runs `program` in-process.
pub(crate) fn start(program: &Program) -> Ran {
    let mut out = Captured(Vec::new());
    let mut err = Captured(Vec::new());
    let mut refused = false;
    let code = match (program.agent, &program.shown) {
        (true, None) => {
            let ended = crate::eval::run::run(&program.opts, &mut out, &mut err);
            refused = ended.refused;
            ended.code
        }
        (true, Some(shown)) => crate::eval::show::run_and_show(&program.opts, shown.table, &mut out, &mut err),
        (false, Some(shown)) => crate::eval::show::show(&program.opts, shown.table, &mut out, &mut err),
        (false, None) => crate::eval::run::validate(&program.opts, &mut out, &mut err),
    };
    if let Some(re) = program.shown.as_ref().and_then(|s| s.filter.as_ref()) {
        filter_table(&mut out.0, re);
    }
    let mut text = Vec::new();
    for line in err.0.into_iter().chain(out.0) {
        text.extend(line.into_bytes());
        text.push(b'\n');
    }
    Ran { text, code, refused }
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
