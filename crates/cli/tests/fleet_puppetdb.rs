//! `--puppetdb URL` against a real PuppetDB (Debian's 7.12 on PostgreSQL),
//! which `scripts/puppetdb/start.sh` starts and CI runs these tests beside:
//! the example fleet's facts are loaded through PuppetDB's own command API
//! (`replace_facts`), then the fleet compile and the diff read them back
//! from the query API, over HTTP and over TLS with a client certificate,
//! and must give what the facts files give.
//!
//! Without `CONFER_PUPPETDB_URL` the tests say so and pass, so that `cargo
//! test` runs on a machine without PuppetDB; CI sets
//! `CONFER_REQUIRE_PUPPETDB=1`, under which a missing PuppetDB fails them.

mod fleet_support;
mod scratch;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use fleet_support::{catalogs, env_dir, facts_dir, fleet, fleet_from, json, root, summary};
use scratch::{confer, Dir};

/// Where the tests' PuppetDB is, once the example fleet's facts are in it.
struct PuppetDb {
    url: String,
    tls_url: String,
    ssl: PathBuf,
}

/// The PuppetDB of the environment, loaded with the example fleet, or
/// `None` (the test then passes, saying why) when there is none.
fn puppetdb() -> Option<&'static PuppetDb> {
    static DB: OnceLock<Option<PuppetDb>> = OnceLock::new();
    let db = DB.get_or_init(|| {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
        let Some(url) = var("CONFER_PUPPETDB_URL") else {
            assert!(
                var("CONFER_REQUIRE_PUPPETDB").is_none(),
                "CONFER_REQUIRE_PUPPETDB is set but CONFER_PUPPETDB_URL is not: start one with scripts/puppetdb/start.sh"
            );
            return None;
        };
        let db = PuppetDb {
            url,
            tls_url: var("CONFER_PUPPETDB_TLS_URL").expect("CONFER_PUPPETDB_TLS_URL"),
            ssl: PathBuf::from(var("CONFER_PUPPETDB_SSL_DIR").expect("CONFER_PUPPETDB_SSL_DIR")),
        };
        load_example_fleet(&db.url);
        Some(db)
    });
    if db.is_none() {
        eprintln!("skipped: no PuppetDB (CONFER_PUPPETDB_URL unset; scripts/puppetdb/start.sh starts one)");
    }
    db.as_ref()
}

/// Sends every node of the example fleet to PuppetDB as `puppet agent`
/// does (a `replace_facts` command, version 5), then waits until the
/// query API answers with all of them as sent: commands are queued and
/// applied asynchronously, and one older than the node's stored factset is
/// dropped.
fn load_example_fleet(url: &str) {
    // PuppetDB keeps the newest factset of a node: the stamp must be now.
    let date = std::process::Command::new("date").args(["-u", "+%Y-%m-%dT%H:%M:%S.%3NZ"]).output().expect("date");
    let stamp = String::from_utf8(date.stdout).expect("date's output").trim().to_string();
    let mut names = Vec::new();
    for entry in std::fs::read_dir(facts_dir()).expect("example facts") {
        let facts = confer_facts::load(&entry.expect("entry").path()).expect("example facts file");
        let command = serde_json::json!({
            "certname": facts.name,
            "environment": "production",
            "producer_timestamp": stamp,
            "producer": "confer-tests",
            "values": json(&facts.values),
        });
        ureq::post(&format!("{url}/pdb/cmd/v1"))
            .query("command", "replace_facts")
            .query("version", "5")
            .query("certname", &facts.name)
            .set("Content-Type", "application/json")
            .send_string(&command.to_string())
            .expect("PuppetDB accepts the replace_facts command");
        names.push(facts.name);
    }
    names.sort();
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let answer = ureq::get(&format!("{url}/pdb/query/v4/factsets")).call();
        let stored: Vec<serde_json::Value> =
            serde_json::from_reader(answer.expect("PuppetDB answers the factsets query").into_reader())
                .expect("factsets JSON");
        let mut current: Vec<&str> = stored
            .iter()
            .filter(|f| f["producer_timestamp"] == stamp.as_str())
            .filter_map(|f| f["certname"].as_str())
            .collect();
        current.sort();
        if current == names {
            return;
        }
        assert!(Instant::now() < deadline, "PuppetDB stored {} of the {} nodes sent", current.len(), names.len());
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// The TLS options of the client certificate the test authority issued.
fn tls_args(db: &PuppetDb) -> Vec<String> {
    let file = |name: &str| db.ssl.join(name).display().to_string();
    vec![
        "--puppetdb".into(),
        db.tls_url.clone(),
        "--puppetdb-cert".into(),
        file("client.pem"),
        "--puppetdb-key".into(),
        file("client-key.pem"),
        "--puppetdb-cacert".into(),
        file("ca.pem"),
    ]
}

fn stderr(run: &std::process::Output) -> String {
    String::from_utf8_lossy(&run.stderr).into_owned()
}

/// The example fleet compiled from its facts files, the reference the
/// PuppetDB runs are compared with.
fn from_files(dir: &Dir) -> PathBuf {
    let out = dir.0.join("files");
    let run = fleet(&facts_dir(), &out, &[]);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    out
}

#[test]
fn the_fleet_from_puppetdb_compiles_as_from_its_facts_files() {
    let Some(db) = puppetdb() else { return };
    let dir = Dir::new("puppetdb-http");
    let out = dir.0.join("puppetdb");
    let run = fleet_from(&["--puppetdb", &db.url], &out, &[]);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    assert!(String::from_utf8_lossy(&run.stdout).starts_with("compiled 20 of 20 nodes in "));
    assert_eq!(summary(&out)["compiled"], 20);
    let reference = catalogs(&from_files(&dir));
    assert_eq!(catalogs(&out), reference);
    // Pages of 7 (7 + 7 + 6) and of 10 (10 + 10 + an empty one) give every node once.
    for page in ["7", "10"] {
        let paged = dir.0.join(format!("page{page}"));
        let run = fleet_from(&["--puppetdb", &db.url, "--puppetdb-page", page], &paged, &[]);
        assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
        assert_eq!(catalogs(&paged), reference, "pages of {page}");
    }
}

#[test]
fn over_tls_the_client_certificate_is_presented() {
    let Some(db) = puppetdb() else { return };
    let dir = Dir::new("puppetdb-tls");
    let out = dir.0.join("puppetdb");
    let args = tls_args(db);
    let run = fleet_from(&args.iter().map(String::as_str).collect::<Vec<_>>(), &out, &[]);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    assert_eq!(catalogs(&out), catalogs(&from_files(&dir)));
    // Without a client certificate PuppetDB ends the handshake.
    let run = fleet_from(&args[..2].iter().chain(&args[6..]).map(String::as_str).collect::<Vec<_>>(), &out, &[]);
    assert_eq!(run.status.code(), Some(1));
    let want = format!(
        "Error: PuppetDB at {}/pdb/query/v4/factsets: no answer: received fatal alert: BadCertificate; \
         PuppetDB wants a client certificate it trusts (--puppetdb-cert and --puppetdb-key)\n",
        db.tls_url
    );
    assert_eq!(stderr(&run), want);
}

#[test]
fn the_shards_of_a_puppetdb_fleet_make_the_whole() {
    let Some(db) = puppetdb() else { return };
    let dir = Dir::new("puppetdb-shards");
    let whole = dir.0.join("whole");
    assert_eq!(fleet_from(&["--puppetdb", &db.url], &whole, &[]).status.code(), Some(0));
    let mut union = std::collections::BTreeMap::new();
    for k in 1..=3 {
        let out = dir.0.join(format!("shard{k}"));
        let run = fleet_from(&["--puppetdb", &db.url], &out, &["--shard", &format!("{k}/3")]);
        assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
        for (name, catalog) in catalogs(&out) {
            assert!(union.insert(name.clone(), catalog).is_none(), "{name} is in two shards");
        }
    }
    assert_eq!(union, catalogs(&whole));
}

#[test]
fn the_diff_of_a_puppetdb_fleet_is_the_diff_of_its_facts_files() {
    let Some(db) = puppetdb() else { return };
    let diff = |nodes: &[&str]| {
        let (from, to) = (env_dir(), root().join("examples/fleet/environments/candidate").display().to_string());
        let mut args = vec!["puppet", "diff", "--from", &from, "--to", &to];
        args.extend(nodes);
        args.extend(["--format", "json"]);
        let run = confer(&args);
        (run.status.code(), String::from_utf8_lossy(&run.stdout).into_owned(), stderr(&run))
    };
    let (code, from_db, err) = diff(&["--puppetdb", &db.url]);
    assert_eq!(code, Some(2), "{err}");
    let (_, from_files, _) = diff(&["--facts-dir", &facts_dir()]);
    assert_eq!(from_db, from_files);
    assert_eq!(from_db.lines().count(), 20);
}

#[test]
fn a_puppetdb_that_is_not_there_or_a_bad_certificate_is_named_in_the_error() {
    let dir = Dir::new("puppetdb-absent");
    let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).unwrap();
    let url = format!("http://127.0.0.1:{port}");
    let run = fleet_from(&["--puppetdb", &url], &dir.0.join("out"), &[]);
    assert_eq!(run.status.code(), Some(1));
    assert!(
        stderr(&run)
            .starts_with(&format!("Error: PuppetDB at {url}/pdb/query/v4/factsets: no answer: Connection refused")),
        "{}",
        stderr(&run)
    );
    assert!(!Path::new(&dir.0.join("out/fleet-summary.json")).exists());
    let ca = dir.file("ca.pem", "not a certificate\n");
    let run = fleet_from(&["--puppetdb", "https://127.0.0.1:1", "--puppetdb-cacert", &ca], &dir.0.join("out"), &[]);
    assert_eq!(run.status.code(), Some(1));
    assert_eq!(stderr(&run), format!("Error: PuppetDB at https://127.0.0.1:1: {ca}: no certificate in the file\n"));
}
