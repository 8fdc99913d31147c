//! Structure-aware Puppet input: long operator, access and method chains,
//! nesting, `reduce` building deep values — the shapes that overflowed the
//! stack — and values doubled through shared parts, which every walk (print,
//! compare, flatten, infer) used to visit 2^n times. Any input must give a
//! result or a located error.
#![no_main]

use std::sync::{mpsc, Mutex, OnceLock};

use arbitrary::Arbitrary;
use confer_puppet::log::Collect;
use confer_puppet::span::Source;
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
enum Shape {
    Infix { op: u8, terms: u16 },
    Postfix { step: u8, count: u16 },
    Parens { depth: u16 },
    Reduce { levels: u32 },
    Interpolated { terms: u16 },
    Shared { levels: u8, build: u8, walk: u8 },
}

const OPS: [&str; 10] = ["+", " and ", "==", " in ", "<<", "->", "*", " or ", "=~", "-"];
const STEPS: [&str; 4] = [".abs", "[0]", ".map |$x| { $x }", ".then |$x| { $x }"];
/// What a `reduce` builds from its memo twice over, and what then walks it.
const BUILDS: [(&str, &str); 4] =
    [("[1]", "[$m, $m]"), ("{}", "{ 'a' => $m, 'b' => $m }"), ("Integer", "Tuple[$m, $m]"), ("'ab'", "\"${m}${m}\"")];
const WALKS: [&str; 5] =
    ["notice($x)", "notice($x == $x)", "notice($x.flatten.length)", "notice(type($x))", "notice({ $x => 1 }.length)"];

/// Doublings up to this many: past every limit (about 23 for values).
const DOUBLINGS: usize = 40;

/// Chains and nestings up to this length reach past the parser's (128) and
/// the evaluator's (200) depth limits while keeping one run short enough for
/// millions of executions; longer ones only repeat.
const LONGEST: usize = 320;

/// Values nest up to this depth: past values' limit of 1,000.
const DEEPEST: usize = 1100;

fn manifest(shape: &Shape) -> String {
    match shape {
        Shape::Infix { op, terms } => {
            let terms = (usize::from(*terms) % LONGEST).max(1);
            format!("notice({})\n", vec!["1"; terms].join(OPS[usize::from(*op) % OPS.len()]))
        }
        Shape::Postfix { step, count } => {
            let count = usize::from(*count) % LONGEST;
            format!("$a = [1]\nnotice($a{})\n", STEPS[usize::from(*step) % STEPS.len()].repeat(count))
        }
        Shape::Parens { depth } => {
            let d = usize::from(*depth) % LONGEST;
            format!("notice({}1{})\n", "(".repeat(d), ")".repeat(d))
        }
        Shape::Reduce { levels } => {
            format!(
                "$x = Integer[1, {}].reduce(1) |$m, $i| {{ [$m] }}\nnotice($x =~ Data)\n",
                *levels as usize % DEEPEST
            )
        }
        Shape::Interpolated { terms } => {
            let terms = (usize::from(*terms) % LONGEST).max(1);
            format!("$y = 1\nnotice(\"${{{}}}\")\n", vec!["$y"; terms].join("+"))
        }
        Shape::Shared { levels, build, walk } => {
            let (start, twice) = BUILDS[usize::from(*build) % BUILDS.len()];
            format!(
                "$x = Integer[1, {}].reduce({start}) |$m, $i| {{ {twice} }}\n{}\n",
                usize::from(*levels) % DOUBLINGS + 1,
                WALKS[usize::from(*walk) % WALKS.len()]
            )
        }
    }
}

fuzz_target!(|shapes: Vec<Shape>| {
    let text: String = shapes.iter().take(4).map(manifest).collect();
    worker().run(text);
});

/// The thread manifests are evaluated on, with the 64 MiB stack the CLI
/// evaluates on. One thread serves every execution: spawning one each time
/// (and faulting in its stack) cost more than most evaluations.
struct Worker {
    manifests: Mutex<(mpsc::Sender<String>, mpsc::Receiver<()>)>,
}

impl Worker {
    /// Evaluates `text` on the worker and waits for it. A panic there aborts
    /// the process (libFuzzer's panic hook), which is reported as a crash.
    fn run(&self, text: String) {
        let channels = self.manifests.lock().expect("one execution at a time");
        channels.0.send(text).expect("the worker is alive");
        channels.1.recv().expect("the worker finished");
    }
}

fn worker() -> &'static Worker {
    static WORKER: OnceLock<Worker> = OnceLock::new();
    WORKER.get_or_init(|| {
        let (to_worker, manifests) = mpsc::channel::<String>();
        let (done, from_worker) = mpsc::channel();
        std::thread::Builder::new()
            .stack_size(64 * 1024 * 1024)
            .spawn(move || {
                for text in manifests {
                    let source = Source::new("fuzz.pp", text);
                    let _ = confer_puppet::apply(&source, &mut Collect::default());
                    if done.send(()).is_err() {
                        break;
                    }
                }
            })
            .expect("thread");
        Worker { manifests: Mutex::new((to_worker, from_worker)) }
    })
}
