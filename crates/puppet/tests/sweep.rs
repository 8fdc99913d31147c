//! The module sweep: every class and defined type of every module of a
//! corpus, declared as `scripts/sweep/record.rb` generated it, compiled for
//! each fact set and compared with the catalog real Puppet 7.23 compiled
//! (`tests/sweep/<corpus>/expected/<module>.jsonl.xz`, one record a line:
//! the case class, the fact set, and Puppet's catalog or first error line).
//!
//! The suite prints a table per module: cases Puppet compiled and how many
//! confer compiles identically at each level (resources, parameters, full),
//! cases Puppet refused and how many confer refuses (and with Puppet's
//! words). Each corpus's `BASELINE` lists the cases below identical with the
//! level they reach; a case that falls below its level fails the suite, and
//! so does one that rises above it, until `CONFER_SWEEP_UPDATE=1` writes the
//! new baseline and `REPORT.md`, so both stay true.
//!
//! `CONFER_SWEEP_DUMP=DIR` writes each catalog or error confer gave to
//! `DIR/<case>@<factset>.json` (or `.err`), for looking into causes.
//!
//! A corpus whose modules are vendored (it has a `SOURCES.tsv`, as
//! `tests/sweep/public` has) compiles with its own `modules/` as modulepath;
//! those are third-party code, never committed, so where
//! `scripts/sweep/vendor-public.sh` has not brought them the corpus is skipped
//! with a line saying so. Every other corpus (Debian's) takes its modules from
//! `CONFER_PUPPET_MODULES` (`scripts/test.sh` sets it), else
//! `/usr/share/puppet/modules`.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use confer_puppet::environment::Environment;
use confer_puppet::log::Collect;
use confer_puppet::node::Node;
use serde_json::Value as Json;

mod catalog_compare;

use catalog_compare::{compare, Level};

/// One recorded case: which class, for which facts, and what Puppet did.
struct Record {
    module: String,
    case: String,
    factset: String,
    /// Puppet's catalog, or its first error line.
    expected: Result<Json, String>,
    /// The warnings Puppet printed, as its console prints them.
    warnings: Vec<String>,
}

impl Record {
    fn id(&self) -> String {
        format!("{}@{}", self.case, self.factset)
    }
}

/// A case's outcome.
struct Outcome {
    level: Level,
    detail: String,
    /// Whether confer printed Puppet's warnings, in Puppet's order.
    same_warnings: bool,
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("repository root")
}

fn modules_dir() -> PathBuf {
    std::env::var_os("CONFER_PUPPET_MODULES").map_or_else(|| PathBuf::from("/usr/share/puppet/modules"), PathBuf::from)
}

/// The modulepath a corpus was recorded with: its own `modules/` when it
/// vendors them, else the installed Debian modules. None: a vendored corpus
/// whose modules are not on this machine.
fn corpus_modules(corpus: &Path) -> Option<PathBuf> {
    if !corpus.join("SOURCES.tsv").is_file() {
        return Some(modules_dir());
    }
    let modules = corpus.join("modules");
    modules.is_dir().then_some(modules)
}

fn read_records(corpus: &Path) -> Vec<Record> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus.join("expected"))
        .expect("the corpus's expected/ directory")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(".jsonl.xz"))
        .collect();
    files.sort();
    let mut records = Vec::new();
    for file in files {
        let module = file.file_name().unwrap_or_default().to_string_lossy().trim_end_matches(".jsonl.xz").to_string();
        let mut compressed = std::io::BufReader::new(std::fs::File::open(&file).expect("a recording"));
        let mut text = Vec::new();
        lzma_rs::xz_decompress(&mut compressed, &mut text).expect("an xz recording");
        let mut plain = String::new();
        text.as_slice().read_to_string(&mut plain).expect("UTF-8 records");
        for line in plain.lines().filter(|l| !l.is_empty()) {
            let mut json: Json = serde_json::from_str(line).expect("a JSON record");
            let expected = match json.get_mut("catalog") {
                Some(catalog) => Ok(catalog.take()),
                None => Err(json["error"].as_str().unwrap_or_default().to_string()),
            };
            let warnings = json["warnings"]
                .as_array()
                .map(|w| w.iter().filter_map(|l| l.as_str().map(String::from)).collect())
                .unwrap_or_default();
            records.push(Record {
                module: module.clone(),
                case: json["case"].as_str().unwrap_or_default().to_string(),
                factset: json["factset"].as_str().unwrap_or_default().to_string(),
                expected,
                warnings,
            });
        }
    }
    records
}

/// Compiles one case as the recording did: the corpus's environment, whose
/// main manifest declares the class the `sweep_case` fact names.
fn run(record: &Record, corpus: &Path, facts: &HashMap<String, String>, modules: &Path) -> Outcome {
    let outcome = |level, detail| Outcome { level, detail, same_warnings: false };
    let env_dir = corpus.join("production");
    let env = match Environment::load(&env_dir, std::slice::from_ref(&modules.to_path_buf())) {
        Ok(env) => Rc::new(env),
        Err(e) => return outcome(Level::Differs, format!("environment: {e}")),
    };
    let Some(text) = facts.get(&record.factset) else {
        return outcome(Level::Differs, format!("no fact set {}", record.factset));
    };
    let text = text.replacen("\nvalues:\n", &format!("\nvalues:\n  sweep_case: {}\n", record.case), 1);
    let facts = match confer_facts::parse_str(&text, &record.factset) {
        Ok(f) => f,
        Err(e) => return outcome(Level::Differs, format!("facts: {e}")),
    };
    let node = Node::new(facts.name.clone(), facts.values);
    let mut log = Collect::default();
    let result = confer_puppet::eval::compile(&env, &node, &mut log)
        .map(|c| confer_puppet::catalog::to_json(&c, confer_puppet::catalog::SensitiveValues::Reveal))
        .map_err(|e| catalog_compare::error_text(&e, &node.name));
    if let Some(dir) = std::env::var_os("CONFER_SWEEP_DUMP") {
        let (ext, stale, text) = match &result {
            Ok(catalog) => ("json", "err", catalog),
            Err(e) => ("err", "json", e),
        };
        let _ = std::fs::remove_file(Path::new(&dir).join(format!("{}.{stale}", record.id())));
        let _ = std::fs::write(Path::new(&dir).join(format!("{}.{ext}", record.id())), text);
    }
    let (env_text, modules_text) = (env_dir.display().to_string(), modules.display().to_string());
    let warnings: Vec<String> = log
        .events
        .iter()
        .filter(|e| e.level == confer_puppet::log::Level::Warning)
        .map(|e| e.to_string().replace(&env_text, "<env>").replace(&format!("{modules_text}/"), "<modules>/"))
        .collect();
    if let Some(dir) = std::env::var_os("CONFER_SWEEP_DUMP") {
        let _ = std::fs::write(Path::new(&dir).join(format!("{}.warnings", record.id())), warnings.join("\u{1e}"));
    }
    let same_warnings = warnings == record.warnings;
    let (level, detail) = compare(result, record.expected.clone(), &env_text, &modules_text);
    Outcome { level, detail, same_warnings }
}

/// Runs every record on all cores (each worker with a large stack, as deep
/// module code needs in a debug build).
fn run_all(records: &[Record], corpus: &Path, facts: &HashMap<String, String>, modules: &Path) -> Vec<Outcome> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Outcome>>> = Mutex::new((0..records.len()).map(|_| None).collect());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            std::thread::Builder::new()
                .stack_size(64 * 1024 * 1024)
                .spawn_scoped(scope, || loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(record) = records.get(i) else { break };
                    let outcome = run(record, corpus, facts, modules);
                    results.lock().expect("results")[i] = Some(outcome);
                })
                .expect("a worker thread");
        }
    });
    results.into_inner().expect("results").into_iter().map(|o| o.expect("every case ran")).collect()
}

/// The per-module counts of the report.
#[derive(Default)]
struct Row {
    compiled: usize,
    resources: usize,
    parameters: usize,
    full: usize,
    refused: usize,
    refused_too: usize,
    same_words: usize,
    /// Cases where Puppet printed warnings, and those where confer printed
    /// the same.
    warned: usize,
    same_warnings: usize,
    /// Cases where Puppet printed none and confer none either.
    quiet_too: usize,
}

impl Row {
    fn add(&mut self, record: &Record, outcome: &Outcome) {
        let level = outcome.level;
        if record.warnings.is_empty() {
            self.quiet_too += usize::from(outcome.same_warnings);
        } else {
            self.warned += 1;
            self.same_warnings += usize::from(outcome.same_warnings);
        }
        if record.expected.is_ok() {
            self.compiled += 1;
            self.resources += usize::from(level >= Level::SameResources);
            self.parameters += usize::from(level >= Level::SameParameters);
            self.full += usize::from(level == Level::Identical);
        } else {
            self.refused += 1;
            self.refused_too += usize::from(level >= Level::BothRefuse);
            self.same_words += usize::from(level == Level::Identical);
        }
    }

    fn line(&self, name: &str) -> String {
        let pct = |n: usize, of: usize| {
            if of == 0 {
                "-".to_string()
            } else {
                format!("{:.1}%", 100.0 * n as f64 / of as f64)
            }
        };
        let cases = self.compiled + self.refused;
        format!(
            "| {name} | {} | {} ({}) | {} ({}) | {} ({}) | {} | {} ({}) | {} | {} | {} | {} |",
            self.compiled,
            self.resources,
            pct(self.resources, self.compiled),
            self.parameters,
            pct(self.parameters, self.compiled),
            self.full,
            pct(self.full, self.compiled),
            self.refused,
            self.refused_too,
            pct(self.refused_too, self.refused),
            self.same_words,
            self.warned,
            self.same_warnings,
            cases - self.warned - self.quiet_too,
        )
    }
}

fn report(name: &str, records: &[Record], outcomes: &[Outcome]) -> String {
    let mut rows: BTreeMap<&str, Row> = BTreeMap::new();
    let mut total = Row::default();
    for (record, outcome) in records.iter().zip(outcomes) {
        rows.entry(record.module.as_str()).or_default().add(record, outcome);
        total.add(record, outcome);
    }
    let mut out = format!(
        "# Module sweep: {name}\n\nWritten by `CONFER_SWEEP_UPDATE=1 cargo test -p confer-puppet --test sweep`.\n\n\
         Warnings: `Puppet warned` counts the cases where Puppet printed warnings, `same warnings` those where \
         confer printed exactly those, in order; `extra warnings` the cases where Puppet printed none and confer some.\n\n\
         | module | Puppet compiled | same resources | same parameters | identical | Puppet refused | confer refused | same first line | Puppet warned | same warnings | extra warnings |\n\
         |---|---|---|---|---|---|---|---|---|---|---|\n"
    );
    for (module, row) in &rows {
        let _ = writeln!(out, "{}", row.line(module));
    }
    let _ = writeln!(out, "{}", total.line("**all**"));
    out
}

/// The baseline: each case below identical, with its level.
fn read_baseline(path: &Path) -> HashMap<String, Level> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .filter_map(|l| {
            let mut fields = l.split('\t');
            Some((fields.next()?.to_string(), Level::parse(fields.next()?)?))
        })
        .collect()
}

fn write_baseline(path: &Path, records: &[Record], outcomes: &[Outcome]) {
    let mut out = String::from(
        "# The module sweep's cases below identical: case@factset, the level reached, what differs first.\n\
         # Written by CONFER_SWEEP_UPDATE=1 cargo test -p confer-puppet --test sweep.\n",
    );
    let mut lines: Vec<String> = records
        .iter()
        .zip(outcomes)
        .filter(|(_, o)| o.level != Level::Identical)
        .map(|(r, o)| {
            let first: String = o.detail.lines().next().unwrap_or_default().chars().take(300).collect();
            format!("{}\t{}\t{}", r.id(), o.level.name(), first)
        })
        .collect();
    lines.sort();
    out.push_str(&lines.join("\n"));
    out.push('\n');
    std::fs::write(path, out).expect("writing the baseline");
}

fn main() {
    let root = repo_root();
    let update = std::env::var_os("CONFER_SWEEP_UPDATE").is_some();
    let filter = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let facts: HashMap<String, String> = std::fs::read_dir(root.join("tests/sweep/facts"))
        .expect("tests/sweep/facts")
        .flatten()
        .filter_map(|e| {
            let path = e.path();
            let name = path.file_stem()?.to_string_lossy().into_owned();
            Some((name, std::fs::read_to_string(&path).ok()?))
        })
        .collect();
    let mut corpora: Vec<PathBuf> = std::fs::read_dir(root.join("tests/sweep"))
        .expect("tests/sweep")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("expected").is_dir())
        .collect();
    corpora.sort();
    let (mut passed, mut failed) = (0usize, 0usize);
    for corpus in corpora {
        let name = corpus.file_name().unwrap_or_default().to_string_lossy().into_owned();
        let Some(modules) = corpus_modules(&corpus) else {
            println!(
                "sweep: {name} skipped: {} is missing (third-party modules, never committed; \
                 scripts/sweep/vendor-public.sh brings them from the releases SOURCES.tsv names)",
                corpus.join("modules").display()
            );
            continue;
        };
        let mut records = read_records(&corpus);
        if let Some(filter) = &filter {
            records.retain(|r| r.id().contains(filter.as_str()));
        }
        let outcomes = run_all(&records, &corpus, &facts, &modules);
        println!("{}", report(&name, &records, &outcomes));
        if update && filter.is_none() {
            write_baseline(&corpus.join("BASELINE"), &records, &outcomes);
            std::fs::write(corpus.join("REPORT.md"), report(&name, &records, &outcomes)).expect("writing REPORT.md");
            continue;
        }
        let baseline = read_baseline(&corpus.join("BASELINE"));
        for (record, outcome) in records.iter().zip(&outcomes) {
            let id = record.id();
            let want = baseline.get(&id).copied().unwrap_or(Level::Identical);
            if outcome.level == want {
                passed += 1;
                continue;
            }
            failed += 1;
            let verdict = if outcome.level < want { "fell below" } else { "rose above" };
            println!(
                "{name}: {id} {verdict} its baseline ({} -> {}): {}",
                want.name(),
                outcome.level.name(),
                outcome.detail
            );
        }
    }
    println!("sweep: {passed} passed, {failed} failed");
    if failed > 0 {
        println!("(a case that rose above its baseline: CONFER_SWEEP_UPDATE=1 records the new levels)");
        std::process::exit(1);
    }
}
