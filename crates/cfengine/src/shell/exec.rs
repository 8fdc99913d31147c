//! Runs a planned command line: the pipelines of a list in turn (`&&` and
//! `||` looking at the status before), each command's output going where
//! its redirections say, files written through the host.

use super::parse::Connector;
use super::plan::{Dest, Planned};
use super::{Host, Output};

/// Runs `planned` to its end.
pub(super) fn exec(host: &mut dyn Host, planned: &Planned) -> Output {
    let mut out = Output::default();
    for (connector, stages) in &planned.pipelines {
        match connector {
            Connector::And if out.status != 0 => continue,
            Connector::Or if out.status == 0 => continue,
            _ => {}
        }
        let mut pipe = Vec::new();
        for stage in stages {
            let input = match &stage.stdin {
                None => std::mem::take(&mut pipe),
                Some(path) if path == "/dev/null" => Vec::new(),
                Some(path) => match host.read(path) {
                    Ok(bytes) => bytes,
                    Err(e) => {
                        out.stderr.extend(format!("sh: 1: cannot open {path}: {e}\n").into_bytes());
                        out.status = 2;
                        pipe.clear();
                        continue;
                    }
                },
            };
            let ran = stage.tool.run(host, &input);
            let mut next = Vec::new();
            let mut status = ran.status;
            for (bytes, dest) in [(ran.stderr, &stage.stderr), (ran.stdout, &stage.stdout)] {
                match dest {
                    Dest::Pipe => next.extend(bytes),
                    Dest::Stderr => out.stderr.extend(bytes),
                    Dest::Null => {}
                    Dest::File { path, append } => {
                        // The shell opens (and empties) the file even when
                        // nothing is written to it; both outputs sent to
                        // one file follow each other.
                        let append = *append || (dest == &stage.stdout && stage.stderr == stage.stdout);
                        if let Err(e) = host.write(path, &bytes, append) {
                            out.stderr.extend(format!("sh: 1: cannot create {path}: {e}\n").into_bytes());
                            status = 2;
                        }
                    }
                }
            }
            pipe = next;
            out.status = status;
        }
        out.stdout.extend(pipe);
    }
    out
}
