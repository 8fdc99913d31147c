//! The Ruby-functions corpus: every call `scripts/ruby-functions/record.rb`
//! recorded under real Puppet 7.23 (`tests/ruby-functions/recorded/<corpus>/
//! <module>.jsonl`: the call as Puppet code, Puppet's value as rich-data JSON
//! or its error) is evaluated by confer, with the recorder's node and facts
//! (`tests/ruby-functions/facts.json`), and compared.
//!
//! A function is *exact* when confer gives Puppet's value or error words on
//! every recorded call; *refused* when confer names a construct it does not
//! run on some call and differs on none; *differs* otherwise. The suite
//! prints a table per module and fails when a function falls below the
//! level `tests/ruby-functions/recorded/<corpus>/BASELINE` records for it,
//! or rises above it, until `CONFER_RUBY_FUNCTIONS_UPDATE=1` writes the new
//! baseline and `REPORT.md`.
//!
//! Corpora: `debian` runs the modules of `CONFER_PUPPET_MODULES` (else
//! `/usr/share/puppet/modules`); `public` runs `tests/ruby-functions/public`,
//! which `scripts/ruby-functions/vendor-public.sh` fills from fetched
//! repositories and is not committed — without it that corpus is skipped,
//! and says so.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use confer_core::Value;
use confer_puppet::environment::Environment;
use confer_puppet::log::Collect;
use confer_puppet::native_ports::{self, NativePorts, Shipped};
use confer_puppet::node::Node;
use confer_puppet::{Session, Store};
use serde_json::Value as Json;

/// What confer did with one function across its calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Level {
    Differs,
    Refused,
    Exact,
}

impl Level {
    fn name(self) -> &'static str {
        match self {
            Level::Differs => "differs",
            Level::Refused => "refused",
            Level::Exact => "exact",
        }
    }

    fn parse(s: &str) -> Option<Level> {
        match s {
            "differs" => Some(Level::Differs),
            "refused" => Some(Level::Refused),
            "exact" => Some(Level::Exact),
            _ => None,
        }
    }
}

/// One function's outcome: its level and, below exact, the first reason.
struct FunctionOutcome {
    module: String,
    name: String,
    calls: usize,
    /// The calls answered as Puppet did.
    right: usize,
    level: Level,
    reason: String,
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A confer value as Puppet's rich-data JSON writes it (`ToDataConverter`
/// with `rich_data: true`).
fn rich(v: &Value) -> Json {
    let tagged = |ptype: &str, value: Json| serde_json::json!({"__ptype": ptype, "__pvalue": value});
    match v {
        Value::Undef => Json::Null,
        Value::Boolean(b) => Json::Bool(*b),
        Value::Integer(i) => Json::from(*i),
        Value::Float(f) => serde_json::Number::from_f64(*f).map_or(Json::Null, Json::Number),
        Value::String(s) => Json::String(s.to_string()),
        Value::Array(items) => Json::Array(items.iter().map(rich).collect()),
        Value::Hash(map) => {
            if map.keys().all(|k| matches!(k, Value::String(s) if &**s != "__ptype")) {
                Json::Object(map.iter().map(|(k, v)| (confer_core::value::to_s(k), rich(v))).collect())
            } else {
                tagged("Hash", Json::Array(map.iter().flat_map(|(k, v)| [rich(k), rich(v)]).collect()))
            }
        }
        Value::Default => serde_json::json!({"__ptype": "Default"}),
        Value::Regexp(r) => tagged("Regexp", Json::String(r.source().to_string())),
        Value::Sensitive(inner) => tagged("Sensitive", rich(inner)),
        Value::Type(t) => pcore(t),
        Value::Runtime(r) => tagged(r.class(), Json::String(r.text())),
        other => {
            let t = confer_core::types::infer::infer_generalized(other).to_string();
            let name = t.split('[').next().unwrap_or(&t).to_string();
            tagged(&name, Json::String(confer_core::value::to_s(other)))
        }
    }
}

/// A type as Puppet's rich data writes it: its Pcore object with the
/// attributes that differ from their defaults (the types function calls
/// answer; any other is written by name, and compares unequal).
fn pcore(t: &confer_core::types::Type) -> Json {
    use confer_core::types::{IntRange, StringType, Type};
    let object = |name: &str, attrs: Vec<(&str, Json)>| {
        let mut map = serde_json::Map::new();
        map.insert("__ptype".into(), Json::String(format!("Pcore::{name}")));
        map.extend(attrs.into_iter().map(|(k, v)| (k.to_string(), v)));
        Json::Object(map)
    };
    let bounds = |r: &IntRange| {
        let mut attrs = Vec::new();
        if let Some(from) = r.from {
            attrs.push(("from", Json::from(from)));
        }
        if let Some(to) = r.to {
            attrs.push(("to", Json::from(to)));
        }
        attrs
    };
    match t {
        // Puppet 7's Pcore type for Boolean has no attribute for the value
        // `Boolean[true]` holds: its rich data is the same for all three.
        Type::Boolean(_) => object("BooleanType", vec![]),
        Type::Integer(r) => object("IntegerType", bounds(r)),
        Type::Float { from, to } => {
            let mut attrs = Vec::new();
            if let Some(f) = from {
                attrs.push(("from", serde_json::json!(f.0)));
            }
            if let Some(t) = to {
                attrs.push(("to", serde_json::json!(t.0)));
            }
            object("FloatType", attrs)
        }
        Type::String(StringType::Value(v)) => {
            object("StringType", vec![("size_type_or_value", Json::String(v.to_string()))])
        }
        Type::String(StringType::Unrestricted) => object("StringType", vec![]),
        Type::String(StringType::Sized(r)) => {
            object("StringType", vec![("size_type_or_value", object("IntegerType", bounds(r)))])
        }
        Type::Tuple(tuple) if tuple.size.is_none() => {
            object("TupleType", vec![("types", Json::Array(tuple.types.iter().map(pcore).collect()))])
        }
        Type::Struct(members) if members.iter().all(|m| !m.optional_key) => object(
            "StructType",
            vec![(
                "elements",
                Json::Array(
                    members
                        .iter()
                        .map(|m| {
                            let key = pcore(&Type::String(StringType::Value(m.key.to_string().into())));
                            object("StructElement", vec![("key_type", key), ("value_type", pcore(&m.value))])
                        })
                        .collect(),
                ),
            )],
        ),
        other => serde_json::json!({"__ptype": "Type", "__pvalue": other.to_string()}),
    }
}

/// The text of a Ruby String Puppet's converter wrote as Binary (one whose
/// encoding is ASCII-8BIT, as `shell_split` and `Base64.decode64` return):
/// in Puppet it is that String.
fn binary_text(v: &Json) -> Option<String> {
    if v.get("__ptype")?.as_str()? != "Binary" {
        return None;
    }
    use base64::Engine;
    let bytes = base64::engine::general_purpose::STANDARD.decode(v.get("__pvalue")?.as_str()?).ok()?;
    String::from_utf8(bytes).ok()
}

/// Two JSON values equal as Puppet's data: numbers by value and kind.
/// Puppet's `:undef` Symbol is its undef (its type is `Undef`, it equals
/// `undef`), which confer's bridge makes of it.
fn same_json(a: &Json, b: &Json) -> bool {
    if let (Json::String(text), Some(binary)) = (a, binary_text(b)) {
        return *text == binary;
    }
    if a.is_null() && *b == serde_json::json!({"__ptype": "Symbol", "__pvalue": "undef"}) {
        return true;
    }
    match (a, b) {
        (Json::Number(x), Json::Number(y)) => match (x.as_i64(), y.as_i64()) {
            (Some(p), Some(q)) => p == q,
            (None, None) => x.as_f64() == y.as_f64(),
            _ => false,
        },
        (Json::Array(x), Json::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same_json(p, q)),
        (Json::Object(x), Json::Object(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|((k1, v1), (k2, v2))| k1 == k2 && same_json(v1, v2))
        }
        _ => a == b,
    }
}

/// An error message without the location Puppet or confer appends.
fn without_location(message: &str) -> &str {
    let message = message.trim_end();
    match message.rfind(" (") {
        Some(i) if message.ends_with(')') && message[i..].contains("line: ") => message[..i].trim_end(),
        _ => message,
    }
}

/// Whether two errors say the same, locations aside where the recorder had
/// none to give: it ran each call as code without a file, which Puppet
/// writes `(line: 1)` or `(file: unknown, line: 2)` where confer, running
/// `call.pp`, writes `(file: call.pp, line: 1)`. Lines still count.
fn same_words(puppet: &str, confer: &str) -> bool {
    let confer = without_location(confer).replace("(file: call.pp, ", "(");
    // Puppet's message may end in a location of its own, or not.
    [puppet.trim_end(), without_location(puppet)].iter().any(|p| p.replace("(file: unknown, ", "(") == confer)
}

/// Whether confer's error names something it does not run (not a Ruby or
/// Puppet error of the call's own).
fn is_refusal(message: &str) -> bool {
    message.contains("confer cannot run the Ruby function")
        || message.contains("confer cannot load the Ruby function")
        || message.contains("confer's Ruby interpreter does not support")
}

/// The outcome of one call: `None` when confer answers as Puppet did, else
/// whether it refused and what differed.
fn run_call(env: &Rc<Environment>, node: &Node, line: &Json) -> Option<(Level, String)> {
    let call = line["call"].as_str().unwrap_or_default();
    let code = match line["setup"].as_str() {
        Some(setup) => format!("{setup}\n$confer_result = {call}\n$confer_result"),
        None => format!("$confer_result = {call}\n$confer_result"),
    };
    let store = Store::new();
    let mut logger = Collect::default();
    let mut session = Session::new(&store, env.clone(), Some(node), &mut logger);
    let got = session.eval("call.pp", &code);
    let expected_error = line.get("error").map(|e| e["message"].as_str().unwrap_or_default().to_string());
    match (got, expected_error) {
        // A value Puppet's own converter cannot write is recorded as its
        // text.
        (Ok(v), None) if line.get("result").is_none() && line.get("result_string").is_some() => {
            let want = line["result_string"].as_str().unwrap_or_default();
            let have = confer_core::value::to_s(&v);
            (have != want).then(|| (Level::Differs, format!("{call}: Puppet {want}, confer {have}")))
        }
        (Ok(v), None) => {
            let want = line.get("result").cloned().unwrap_or(Json::Null);
            let have = rich(&v);
            (!same_json(&have, &want)).then(|| (Level::Differs, format!("{call}: Puppet {want}, confer {have}")))
        }
        (Ok(v), Some(e)) => Some((Level::Differs, format!("{call}: Puppet refused ({e}), confer gave {}", rich(&v)))),
        (Err(e), expected) => {
            let text = e.to_string();
            if is_refusal(&text) {
                return Some((Level::Refused, text.lines().next().unwrap_or_default().to_string()));
            }
            match expected {
                Some(want) if same_words(&want, &text) => None,
                Some(want) => Some((Level::Differs, format!("{call}: Puppet '{want}', confer '{text}'"))),
                None => Some((Level::Differs, format!("{call}: Puppet answered, confer '{text}'"))),
            }
        }
    }
}

/// The modules a corpus runs, or why it cannot run here.
fn modulepath(corpus: &str) -> Result<PathBuf, String> {
    let dir = match corpus {
        "debian" => std::env::var_os("CONFER_PUPPET_MODULES")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from("/usr/share/puppet/modules")),
        "public" => root().join("tests/ruby-functions/public"),
        other => return Err(format!("unknown corpus {other}")),
    };
    let has_modules = std::fs::read_dir(&dir)
        .map(|entries| entries.flatten().any(|e| e.path().join("lib").is_dir()))
        .unwrap_or(false);
    if has_modules {
        Ok(dir)
    } else {
        Err(format!("no modules under {} (scripts/ruby-functions/vendor-public.sh fills it)", dir.display()))
    }
}

/// Runs a corpus's recorded calls (or, with `only`, one module's calls of one
/// function) with the native ports `ports` says.
fn run_corpus(
    corpus: &Path,
    node: &Node,
    ports: NativePorts,
    only: Option<(&str, &str)>,
) -> Result<Vec<FunctionOutcome>, String> {
    let name = corpus.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_string();
    let modules = modulepath(&name)?;
    let env = Rc::new(Environment { native_ports: ports, ..Environment::bare(vec![modules]) });
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus)
        .map_err(|e| e.to_string())?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for file in files {
        let module = file.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
        if only.is_some_and(|(m, _)| m != module) {
            continue;
        }
        let text = std::fs::read_to_string(&file).map_err(|e| e.to_string())?;
        let mut by_function: BTreeMap<String, (usize, usize, Level, String)> = BTreeMap::new();
        for raw in text.lines().filter(|l| !l.trim().is_empty()) {
            let line: Json = serde_json::from_str(raw).map_err(|e| format!("{}: {e}", file.display()))?;
            let function = line["function"].as_str().unwrap_or_default().to_string();
            if only.is_some_and(|(_, f)| f != function) {
                continue;
            }
            let entry = by_function.entry(function).or_insert((0, 0, Level::Exact, String::new()));
            if line.get("call").is_none() || line.get("varies").is_some() {
                continue;
            }
            entry.0 += 1;
            match run_call(&env, node, &line) {
                None => entry.1 += 1,
                Some((level, reason)) => {
                    if level < entry.2 || entry.3.is_empty() && level < Level::Exact {
                        entry.2 = entry.2.min(level);
                        entry.3 = reason;
                    }
                }
            }
        }
        for (name, (calls, right, level, reason)) in by_function {
            out.push(FunctionOutcome { module: module.clone(), name, calls, right, level, reason });
        }
    }
    Ok(out)
}

fn report(corpus: &str, outcomes: &[FunctionOutcome]) -> String {
    let mut by_module: BTreeMap<&str, [usize; 5]> = BTreeMap::new();
    for o in outcomes {
        let row = by_module.entry(&o.module).or_default();
        row[0] += 1;
        if o.calls == 0 {
            row[4] += 1;
            continue;
        }
        row[match o.level {
            Level::Exact => 1,
            Level::Refused => 2,
            Level::Differs => 3,
        }] += 1;
    }
    let mut s = format!(
        "# Ruby functions: {corpus}\n\nWritten by `CONFER_RUBY_FUNCTIONS_UPDATE=1 cargo test -p confer-puppet --test ruby_functions`.\n\
         A function is exact when confer answers every recorded call as Puppet 7.23 did (value, or error words).\n\n\
         | module | functions | exact | refused | differs | no calls |\n|---|---|---|---|---|---|\n"
    );
    let mut total = [0usize; 5];
    for (module, row) in &by_module {
        let _ = writeln!(s, "| {module} | {} | {} | {} | {} | {} |", row[0], row[1], row[2], row[3], row[4]);
        for (t, r) in total.iter_mut().zip(row) {
            *t += r;
        }
    }
    let with_calls = total[0] - total[4];
    let pct = |n: usize| {
        if with_calls == 0 {
            "-".to_string()
        } else {
            format!("{:.1}%", 100.0 * n as f64 / with_calls as f64)
        }
    };
    let _ = writeln!(
        s,
        "| **all** | {} | {} ({}) | {} ({}) | {} ({}) | {} |",
        total[0],
        total[1],
        pct(total[1]),
        total[2],
        pct(total[2]),
        total[3],
        pct(total[3]),
        total[4]
    );
    s.push_str("\n## Below exact, with the first reason\n\n");
    for o in outcomes.iter().filter(|o| o.calls > 0 && o.level < Level::Exact) {
        let reason: String = o.reason.replace('\n', " ").chars().take(300).collect();
        let _ = writeln!(s, "- `{}` ({}, {}): {reason}", o.name, o.module, o.level.name());
    }
    s
}

/// The table rows (`native_ports::TABLE_PATH`) a corpus measures: for each
/// function with a native port whose module ships it as Ruby, a row when the
/// port answers at least as many of the function's recorded calls as the
/// Ruby file does, every other function running as the product runs it.
fn measure_ports(corpus: &Path, node: &Node, name: &str, outcomes: &[FunctionOutcome]) -> Result<Vec<String>, String> {
    let ported: BTreeMap<&str, &str> =
        confer_puppet::eval::builtin_functions().into_iter().filter_map(|f| Some((f.name, f.module?))).collect();
    let env = Environment::bare(vec![modulepath(name)?]);
    let mut rows = Vec::new();
    for o in outcomes.iter().filter(|o| o.calls > 0) {
        let Some(module) = ported.get(o.name.as_str()) else { continue };
        let Shipped::Ruby { path, digest } = native_ports::shipped(env.module_dir(module).as_deref(), &o.name) else {
            continue;
        };
        let measure = |port| {
            let policy = NativePorts::Measure { key: o.name.clone(), port };
            run_corpus(corpus, node, policy, Some((&o.module, &o.name)))
        };
        let (n, r) = (measure(true)?, measure(false)?);
        let right = |runs: &[FunctionOutcome]| runs.iter().map(|f| f.right).sum::<usize>();
        if right(&n) >= right(&r) {
            rows.push(format!("{}\t{digest}\t{name}\t{}", o.name, native_ports::relative(&path, &env.modulepath[0])));
        }
    }
    rows.sort();
    rows.dedup();
    Ok(rows)
}

/// Checks the table of native ports against `measured` (rows by corpus,
/// for the corpora that ran), or rewrites those corpora's rows.
fn check_ports(measured: &BTreeMap<String, Vec<String>>, update: bool) -> bool {
    let path = root().join(native_ports::TABLE_PATH);
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let corpus_of = |row: &str| row.split('\t').nth(2).unwrap_or_default().to_string();
    let (header, rows): (Vec<&str>, Vec<&str>) = text.lines().partition(|l| l.starts_with('#'));
    let kept: Vec<&str> = rows.iter().copied().filter(|r| !measured.contains_key(&corpus_of(r))).collect();
    let mut want: Vec<String> =
        kept.iter().map(|r| r.to_string()).chain(measured.values().flatten().cloned()).collect();
    want.sort();
    let mut have: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
    have.sort();
    if want == have {
        return true;
    }
    if update {
        let out: String =
            header.iter().map(|h| format!("{h}\n")).chain(want.iter().map(|r| format!("{r}\n"))).collect();
        std::fs::write(&path, out).expect("the native ports' table is written");
        println!("native ports: {} rewritten; rebuild and rerun for the report", native_ports::TABLE_PATH);
        return true;
    }
    for row in want.iter().filter(|r| !have.contains(r)) {
        println!("native ports: measured, not in the table: {row}");
    }
    for row in have.iter().filter(|r| !want.contains(r)) {
        println!("native ports: in the table, not measured: {row}");
    }
    println!("(CONFER_NATIVE_PORTS_UPDATE=1 rewrites {})", native_ports::TABLE_PATH);
    false
}

/// Runs the corpora on a thread with the stack the command line gives
/// evaluation (a Ruby function calling Puppet calling Ruby nests deeply
/// before the depth limit stops it).
fn main() {
    let worker = std::thread::Builder::new().stack_size(64 * 1024 * 1024).spawn(run).expect("a thread starts");
    if worker.join().unwrap_or(1) != 0 {
        std::process::exit(1);
    }
}

/// The corpora's runs and checks: 0 when every level is its BASELINE's.
fn run() -> i32 {
    let recorded = root().join("tests/ruby-functions/recorded");
    let facts = confer_facts::load(&root().join("tests/ruby-functions/facts.json")).expect("the recorder's facts");
    let node = Node::new("confer.example.com", facts.values);
    let update = std::env::var_os("CONFER_RUBY_FUNCTIONS_UPDATE").is_some();
    let mut measured = BTreeMap::new();
    let mut corpora: Vec<PathBuf> = std::fs::read_dir(&recorded)
        .map(|d| d.flatten().map(|e| e.path()).filter(|p| p.is_dir()).collect())
        .unwrap_or_default();
    corpora.sort();
    let mut failed = 0;
    for corpus in corpora {
        let name = corpus.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_string();
        let outcomes = match run_corpus(&corpus, &node, NativePorts::Verified, None) {
            Ok(o) => o,
            Err(why) => {
                println!("ruby functions: corpus {name} skipped: {why}");
                continue;
            }
        };
        match measure_ports(&corpus, &node, &name, &outcomes) {
            Ok(rows) => {
                measured.insert(name.clone(), rows);
            }
            Err(why) => println!("native ports: corpus {name} not measured: {why}"),
        }
        let text = report(&name, &outcomes);
        println!("{text}");
        let baseline_path = corpus.join("BASELINE");
        let levels: String = outcomes
            .iter()
            .filter(|o| o.calls > 0)
            .map(|o| format!("{}\t{}\t{}\n", o.module, o.name, o.level.name()))
            .collect();
        if update {
            std::fs::write(&baseline_path, &levels).expect("BASELINE is written");
            std::fs::write(corpus.join("REPORT.md"), &text).expect("REPORT.md is written");
            continue;
        }
        let baseline = std::fs::read_to_string(&baseline_path).unwrap_or_default();
        let known: BTreeMap<(String, String), Level> = baseline
            .lines()
            .filter_map(|l| {
                let mut parts = l.split('\t');
                let (m, f, lv) = (parts.next()?, parts.next()?, parts.next()?);
                Some(((m.to_string(), f.to_string()), Level::parse(lv)?))
            })
            .collect();
        for o in outcomes.iter().filter(|o| o.calls > 0) {
            let was = known.get(&(o.module.clone(), o.name.clone())).copied();
            if was != Some(o.level) {
                failed += 1;
                println!(
                    "{name}: {} ({}) is {} where BASELINE says {}: {}",
                    o.name,
                    o.module,
                    o.level.name(),
                    was.map_or("nothing", Level::name),
                    o.reason
                );
            }
        }
    }
    if !check_ports(&measured, std::env::var_os("CONFER_NATIVE_PORTS_UPDATE").is_some()) {
        failed += 1;
    }
    if failed > 0 {
        println!("(CONFER_RUBY_FUNCTIONS_UPDATE=1 records the new levels)");
        return 1;
    }
    0
}
